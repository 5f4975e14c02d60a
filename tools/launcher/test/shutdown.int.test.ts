/**
 * `npm start` end to end under SIGTERM: the signal sent to npm reaches the launcher (no shell in
 * between), new connections are refused, a request already in flight is completed, then the apps and
 * the embedded PostgreSQL stop, npm exits 0 and no process of the tree is left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@usas/db/embedded';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The website's empty advanced-search filter object (what it stores for a shared link). */
const WEBSITE_FILTERS = {
  keyword: {},
  timePeriodType: 'fy',
  timePeriodFY: ['2020'],
  timePeriodStart: null,
  timePeriodEnd: null,
  selectedLocations: {},
  locationDomesticForeign: 'all',
  selectedFundingAgencies: {},
  selectedAwardingAgencies: {},
  selectedRecipients: [],
  recipientDomesticForeign: 'all',
  recipientType: [],
  selectedRecipientLocations: {},
  awardType: [],
  selectedAwardIDs: {},
  awardAmounts: {},
  selectedCFDA: {},
  selectedNAICS: {},
  selectedPSC: {},
  pricingType: [],
  setAside: [],
  extentCompeted: [],
};

/** Every descendant of `pid`, from the parent links in /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // The command name (field 2) may hold spaces; the parent pid is the second field after ')'.
      parentOf.set(Number(d), Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(')').pop()!.trim().split(' ')[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Start time and state of a process (fields 22 and 3 of /proc/<pid>/stat), or undefined when it is gone. */
function identity(pid: number): { start: string; state: string } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The processes of a snapshot still running: same pid and same start time (on a busy machine the pid
 * of a short-lived process is soon reused by an unrelated one), and not a zombie awaiting its reaper.
 */
function stillRunning(snapshot: Map<number, string>): number[] {
  return [...snapshot].filter(([pid, start]) => {
    const now = identity(pid);
    return now !== undefined && now.start === start && now.state !== 'Z';
  }).map(([pid]) => pid);
}

function waitFor(child: ChildProcess, output: () => string, pattern: RegExp, ms: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${pattern} within ${ms} ms:\n${output()}`)), ms);
    const poll = setInterval(() => {
      const m = pattern.exec(output());
      if (m) done(undefined, m);
    }, 50);
    const onExit = (code: number | null) => done(new Error(`exited with ${code} before ${pattern}:\n${output()}`));
    child.once('exit', onExit);
    function done(error?: Error, m?: RegExpExecArray) {
      clearTimeout(timer);
      clearInterval(poll);
      child.removeListener('exit', onExit);
      if (error) reject(error);
      else resolve(m!);
    }
  });
}

describe('npm start and SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-sigterm-'));
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('drains the in-flight request, stops everything and exits 0', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        npm_config_update_notifier: 'false',
        MONTHLY_ARCHIVE_FIRST_RUN: 'false',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(port),
        REFERENCE_DATA_DIR: '',
        DATA_SCALE: 'none',
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let tree: number[] = [];
    try {
      await waitFor(child, () => out, /Ready in [\d.]+ s: http:\/\/127\.0\.0\.1:\d+\/api\/v2\//, 120_000);
      tree = descendants(child.pid!);
      const snapshot = new Map(tree.map((pid) => [pid, identity(pid)?.start ?? '']));
      // bootstrap, the launcher, the postmaster and its helpers.
      expect(tree.length).toBeGreaterThanOrEqual(4);

      // A request in flight: headers and half of the body sent, the rest only after SIGTERM.
      const body = JSON.stringify({ filters: WEBSITE_FILTERS, version: '2020-06-01' });
      const socket = net.connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (d: Buffer) => (response += d.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(`POST /api/v2/references/filter/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      socket.write(body.slice(0, 10));

      child.kill('SIGTERM');
      await waitFor(child, () => out, /SIGTERM: stopping/, 10_000);
      // No longer accepting.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      socket.write(body.slice(10));
      // The server closes the connection after this response, since it is shutting down.
      await closed;
      const [head, json] = response.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect((JSON.parse(json!) as { hash: string }).hash).toMatch(/^[0-9a-f]{32}$/);

      expect(await exited).toBe(0);
      // Orphans would be re-parented and keep running; allow a moment for the last exits to be reaped.
      for (let i = 0; i < 50 && stillRunning(snapshot).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(stillRunning(snapshot)).toEqual([]);
      expect(out).not.toMatch(/start failed|Unhandled|ERR_/);
      // The database's own backends ending as it stops (an autovacuum worker, when one runs) are not warnings.
      expect(out).not.toMatch(/due to administrator command/);
    } finally {
      // A failed run must not leave a server behind (nor keep jest waiting on its pipes).
      for (const p of [child.pid!, ...tree].filter(alive)) process.kill(p, 'SIGKILL');
    }
  }, 240_000);
});

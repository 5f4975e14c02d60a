/**
 * The README's start command end to end, embedded default: first start initialises PostgreSQL under
 * DATA_DIR, serves the API, stops cleanly on SIGINT; the second start reuses the data (no migration,
 * no reload) and serves the same answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@usas/db/embedded';

const ROOT = path.resolve(__dirname, '..', '..', '..');
// Node with tsx's loader, as `npm start` runs it: signals reach the launcher directly (the tsx CLI wrapper
// relays them with a 30 ms deadline and may kill a busy child).

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'launcher', 'src', 'start.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'warn', MONTHLY_ARCHIVE_FIRST_RUN: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no Ready line in 90 s:\n${out}`)), 90_000);
    const check = setInterval(() => {
      const m = /Ready in [\d.]+ s: (http:\/\/\S+)\/api\/v2\//.exec(out);
      if (m) {
        clearInterval(check);
        clearTimeout(timer);
        resolve({ child, output: () => out, url: m[1]! });
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`start exited with ${code}:\n${out}`));
    });
  });
}

function stop(s: Started): Promise<number | null> {
  return new Promise((resolve) => {
    s.child.removeAllListeners('exit');
    s.child.once('exit', (code) => resolve(code));
    s.child.kill('SIGINT');
  });
}

describe('npm start (embedded PostgreSQL)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-start-'));
  chmodSync(dataDir, 0o755);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, serves, stops on SIGINT and restarts on the same data', async () => {
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      REFERENCE_DATA_DIR: '',
      DATA_SCALE: 'none',
    };
    const first = await start(env);
    expect(first.output()).toMatch(/Starting embedded PostgreSQL/);
    expect(first.output()).toMatch(/Migrations: [1-9]\d* applied, 0 already in place/);
    const defc = (await (await fetch(`${first.url}/api/v2/references/def_codes/`)).json()) as { codes: Array<{ code: string }> };
    expect(defc.codes.map((c) => c.code)).toContain('N');
    expect(await stop(first)).toBe(0);

    const second = await start(env);
    expect(second.output()).toMatch(/Migrations: 0 applied, [1-9]\d* already in place/);
    expect(second.output()).toMatch(/def_codes\s+unchanged/);
    const again = (await (await fetch(`${second.url}/api/v2/references/def_codes/`)).json()) as { codes: Array<{ code: string }> };
    expect(again.codes).toEqual(defc.codes);
    expect(await stop(second)).toBe(0);
  }, 240_000);

  it('fails start-up naming a bad variable', async () => {
    await expect(start({ PORT: 'abc', DATA_DIR: dataDir })).rejects.toThrow(/start failed: Invalid configuration: PORT/);
  }, 60_000);
});

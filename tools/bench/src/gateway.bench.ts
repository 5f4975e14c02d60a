/**
 * `npm run bench -- gateway [--seconds 10] [--connections 10] [--rounds 2] [--path /api/v2/references/def_codes/] [--profile yes|DIR]`:
 * requests per second of the full stack (the all-in-one gateway: security headers, request ids, JSON
 * logs at the default level, metrics, path normalising, request validation against the spec,
 * concurrency limit, the reference app answering from memory) next to bare express serving the same
 * JSON document, in one run, on loopback. Each server runs in its own child process, the load
 * (autocannon, keep-alive connections) in this one. Rounds alternate bare / gateway after a warm-up of
 * each, and the mean of the rounds is compared (goal: gateway >= 0.7x bare). A third server, express with
 * express-openapi-validator mounted as its README shows (same spec and options, but without the gateway's
 * route-regexp cache and its skipping of operations that take no input), shows what the required validator
 * costs when used plainly: the gateway's own steps have to stay cheaper than what those two savings buy.
 * Database: DATABASE_URL, or the embedded server under DATA_DIR / EMBEDDED_PG_PORT; migrations and the
 * reference data load run first (both skip what is already there). `--profile yes` runs the gateway under
 * `node --cpu-prof` and prints its top self-time frames and the share of each package.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { freePort, openDatabase } from '@usas/db/embedded';
import { loadReferenceData } from '@usas/loader';
import { loadConfig } from '@usas/service-kit';
import { benchOptions, table } from './bench-args';
import { summariseCpuProfiles } from './cpu-profile';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Server {
  url: string;
  /** CPU time the server process has used so far (ms; Linux /proc), or undefined elsewhere. */
  cpuMs: () => number | undefined;
  /** Milliseconds from spawn until the probe answered. */
  startMs: number;
  stop: () => Promise<void>;
}

const TICKS_PER_SECOND = 100;

/** user + system CPU of a process from /proc/<pid>/stat, in ms. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Spawns a server process and resolves once `probe` answers. */
async function startServer(args: string[], env: NodeJS.ProcessEnv, url: string, probe: string): Promise<Server> {
  // `node --import tsx` (not the tsx CLI, which runs a second process) so the pid is the server's own.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const spawned = Date.now();
  const deadline = spawned + 300_000; // a busy shared machine starts slowly
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    if (await fetch(`${url}${probe}`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer within 300 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    cpuMs: () => processCpuMs(child.pid),
    startMs: Date.now() - spawned,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Measure {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server CPU per request (µs), NaN when it cannot be read. */
  cpuUs: number;
}

async function load(server: Server, path: string, seconds: number, connections: number): Promise<Measure> {
  const cpuBefore = server.cpuMs();
  const result = await autocannon({ url: `${server.url}${path}`, connections, duration: seconds, pipelining: 1 });
  const cpuAfter = server.cpuMs();
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    cpuUs: cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

export const description = 'req/s of the full gateway on a cached reference endpoint vs bare express serving the same JSON';

/** Runs the gateway benchmark and prints both measures and their ratio. */
export async function run(args: string[]): Promise<void> {
  const o = benchOptions(args, { seconds: '10', connections: '10', rounds: '2', path: '/api/v2/references/def_codes/', profile: 'no' });
  // `--profile yes` profiles into a temporary directory; `--profile <dir>` keeps the .cpuprofile files there.
  const profile = o.profile !== 'no';
  const seconds = Number(o.seconds);
  const connections = Number(o.connections);
  const rounds = Number(o.rounds);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const config = loadConfig();
  const database = await openDatabase(config);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'usas-gateway-bench-'));
  const servers: Server[] = [];
  try {
    log(`gateway bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    await runMigrations(database.url);
    const pool = await createDbPool(database.url, { maximumPoolSize: 2 });
    try {
      await loadReferenceData(pool, { dir: config.referenceDataDir });
    } finally {
      await pool.end();
    }
    const gatewayPort = await freePort();
    const profileDir = o.profile === 'yes' ? path.join(tmp, 'profile') : path.resolve(o.profile);
    const gateway = await startServer(
      [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'apps/gateway/src/main.ts'],
      { ...process.env, DATABASE_URL: database.url, PORT: String(gatewayPort), HOST: '127.0.0.1', RUN_MODE: 'all-in-one', LOG_LEVEL: config.LOG_LEVEL },
      `http://127.0.0.1:${gatewayPort}`,
      '/readyz',
    );
    servers.push(gateway);
    const doc = await (await fetch(`${gateway.url}${o.path}`)).text();
    const file = path.join(tmp, 'body.json');
    writeFileSync(file, doc);
    const barePort = await freePort();
    const bare = await startServer([path.join(__dirname, 'bare-express.ts'), String(barePort), o.path, file], process.env, `http://127.0.0.1:${barePort}`, o.path);
    servers.push(bare);
    const floorPort = await freePort();
    const specFile = path.join(ROOT, 'libs', 'api-types', 'generated', 'openapi.json');
    const floor = await startServer([path.join(__dirname, 'bare-express.ts'), String(floorPort), o.path, file, specFile], process.env, `http://127.0.0.1:${floorPort}`, o.path);
    servers.push(floor);
    log(`${o.path}: ${doc.length.toLocaleString('en-US')} bytes of JSON; ${connections} connections, ${seconds} s per measure, ${rounds} rounds, log level ${config.LOG_LEVEL}`);
    log('warming up');
    await load(bare, o.path, 2, connections);
    await load(floor, o.path, 2, connections);
    await load(gateway, o.path, 2, connections);
    const measures: Record<'bare' | 'floor' | 'gateway', Measure[]> = { bare: [], floor: [], gateway: [] };
    for (let r = 0; r < rounds; r += 1) {
      for (const [name, server] of [['bare', bare], ['floor', floor], ['gateway', gateway]] as const) {
        const m = await load(server, o.path, seconds, connections);
        measures[name].push(m);
        log(
          `round ${r + 1} ${name}: ${Math.round(m.rps).toLocaleString('en-US')} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ` +
            `${m.cpuUs.toFixed(0)} µs server CPU per request${m.non2xx ? `, ${m.non2xx} not 2xx` : ''}`,
        );
      }
    }
    const mean = (ms: Measure[], k: keyof Measure) => ms.reduce((n, m) => n + m[k], 0) / ms.length;
    const label = { bare: 'bare express', floor: 'express + validator (floor)', gateway: 'gateway (full stack)' } as const;
    const rows = (['bare', 'floor', 'gateway'] as const).map((name) => [
      label[name],
      Math.round(mean(measures[name], 'rps')).toLocaleString('en-US'),
      mean(measures[name], 'p50').toFixed(1),
      mean(measures[name], 'p99').toFixed(1),
      mean(measures[name], 'cpuUs').toFixed(0),
      measures[name].reduce((n, m) => n + m.non2xx, 0),
    ]);
    const ratio = mean(measures.gateway, 'rps') / mean(measures.bare, 'rps');
    const cpuRatio = mean(measures.bare, 'cpuUs') / mean(measures.gateway, 'cpuUs');
    const floorRatio = mean(measures.floor, 'rps') / mean(measures.bare, 'rps');
    const overFloor = mean(measures.gateway, 'rps') / mean(measures.floor, 'rps');
    process.stdout.write(
      `\nGET ${o.path} (${connections} connections, ${rounds} x ${seconds} s each):\n` +
        `${table(['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'not 2xx'], rows)}\n` +
        `gateway / bare express: ${ratio.toFixed(2)}x req/s (goal >= 0.70x); ` +
        `${Number.isNaN(cpuRatio) ? '' : `${cpuRatio.toFixed(2)}x by server CPU per request (steadier on a busy machine)`}\n` +
        `floor (express + validator) / bare express: ${floorRatio.toFixed(2)}x req/s; gateway / floor: ${overFloor.toFixed(2)}x req/s\n`,
    );
    if (profile) {
      // The profile is written when the gateway exits; stop it first.
      await gateway.stop();
      process.stdout.write(`\ngateway CPU profile (every round, start-up left out):\n${summariseCpuProfiles(profileDir, gateway.startMs)}`);
    }
  } finally {
    for (const s of servers.reverse()) await s.stop();
    rmSync(tmp, { recursive: true, force: true });
    await database.stop();
  }
}

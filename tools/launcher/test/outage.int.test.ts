/**
 * The database layer under outages, against a private supervised embedded PostgreSQL: a query past the
 * statement timeout, a client that disconnects, a starved pool, the server killed and the server
 * paused mid-request. Each must give a fast 503 JSON answer (never a hang or a 500), flip /readyz,
 * and recover without a restart of the service.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { createDbPool } from '@usas/db';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '@usas/db/embedded';
import { createHttpApp, createLogger, createMetrics, jsonHandler, requestSignal } from '@usas/service-kit';

const SLEEP_TAG = 'usas-outage-test';

interface Served {
  url: string;
  pool: DatabasePool;
  close: () => Promise<void>;
}

/** An HTTP app whose only routes are a pg_sleep of `?s=` seconds and a trivial query. */
async function serve(dbUrl: string, options: { statementTimeout: number; acquireTimeout: number; maximumPoolSize: number }): Promise<Served> {
  const pool = await createDbPool(dbUrl, { ...options, requestSignal });
  const routes = express.Router();
  routes.get(
    '/sleep',
    jsonHandler(async (req) => {
      const seconds = Number(req.query.s ?? '1');
      // The tag (SLEEP_TAG) in a comment makes the backend easy to find in pg_stat_activity.
      await pool.query(sql.unsafe`SELECT pg_sleep(${seconds}) /* usas-outage-test */`);
      return { slept: seconds };
    }),
  );
  routes.get('/one', jsonHandler(async () => ({ one: await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT 1 AS n`) })));
  const app = createHttpApp({
    name: 'outage-test',
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    metrics: createMetrics({ defaultMetrics: false }),
    ready: async () => {
      await pool.oneFirst(sql.unsafe`SELECT 1`);
    },
    routes: [routes],
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    pool,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

async function sleepingBackends(adminUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
      [`%${SLEEP_TAG}%`],
    );
    return r.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Polls `check` until it returns true; fails after `ms` (a generous bound, not a timing assertion). */
async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The postmaster and its children (each backend is its own session leader, so a group signal misses them). */
function serverProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may hold spaces, so split after ')'.
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(')').pop()!.trim().split(' ')[1] === String(postmaster);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let dir: string;
let pgServer: EmbeddedPostgres;
const notices: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'usas-outage-'));
  chmodSync(dir, 0o755);
  pgServer = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), onNotice: (l) => notices.push(l) });
}, 120_000);

afterAll(async () => {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('statement timeout and cancellation', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(pgServer.adminUrl, { statementTimeout: 1_000, acquireTimeout: 500, maximumPoolSize: 2 });
  });
  afterAll(() => s.close());

  it('answers 503 JSON when a query runs past the statement timeout, and the backend stops', async () => {
    const res = await getJson(`${s.url}/sleep?s=30`);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe('The query took longer than the 1000 ms limit; narrow the request (fewer filter values, a shorter period) or try again later.');
    expect(await sleepingBackends(pgServer.adminUrl)).toEqual([]);
  });

  it('answers 503 fast when every connection is busy', async () => {
    const holders = [fetch(`${s.url}/sleep?s=0.9`), fetch(`${s.url}/sleep?s=0.9`)];
    await eventually(async () => (await sleepingBackends(pgServer.adminUrl)).length === 2, 10_000, 'two sleeping backends');
    const res = await getJson(`${s.url}/one`);
    expect(res).toEqual({ status: 503, body: { detail: 'All database connections are busy; try again shortly.', errors: [] } });
    expect((await Promise.all(holders)).map((r) => r.status)).toEqual([200, 200]);
    expect(await getJson(`${s.url}/one`)).toEqual({ status: 200, body: { one: 1 } });
  });
});

describe('client disconnect', () => {
  let s: Served;
  beforeAll(async () => {
    // A long statement timeout: only the disconnect can end the query here.
    s = await serve(pgServer.adminUrl, { statementTimeout: 120_000, acquireTimeout: 500, maximumPoolSize: 2 });
  });
  afterAll(() => s.close());

  it('cancels the query of a request whose client went away', async () => {
    const controller = new AbortController();
    const request = fetch(`${s.url}/sleep?s=100`, { signal: controller.signal }).catch((e: unknown) => e);
    await eventually(async () => (await sleepingBackends(pgServer.adminUrl)).length === 1, 10_000, 'the sleeping backend');
    controller.abort();
    expect(await request).toMatchObject({ name: 'AbortError' });
    await eventually(async () => (await sleepingBackends(pgServer.adminUrl)).length === 0, 10_000, 'backend cancelled');
    // Both connections are free again.
    expect((await Promise.all([getJson(`${s.url}/one`), getJson(`${s.url}/one`)])).map((r) => r.status)).toEqual([200, 200]);
  });
});

describe('database outages', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(pgServer.adminUrl, { statementTimeout: 2_000, acquireTimeout: 1_000, maximumPoolSize: 3 });
  });
  afterAll(() => s.close());

  it('killed mid-request: 503 JSON, then the supervisor restarts it and service resumes by itself', async () => {
    expect(await getJson(`${s.url}/readyz`)).toEqual({ status: 200, body: { status: 'ready', service: 'outage-test' } });
    const before = pgServer.pid();
    expect(before).toBeDefined();
    const inFlight = getJson(`${s.url}/sleep?s=1.5`);
    await eventually(async () => (await sleepingBackends(pgServer.adminUrl)).length === 1, 10_000, 'the sleeping backend');
    process.kill(before!, 'SIGKILL');
    const failed = await inFlight;
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ detail: 'The database is unavailable; try again shortly.', errors: [] });

    await eventually(async () => (await getJson(`${s.url}/readyz`)).status === 200, 60_000, '/readyz back to 200');
    expect(pgServer.pid()).toBeDefined();
    expect(pgServer.pid()).not.toBe(before);
    expect(notices.some((n) => n.startsWith('embedded PostgreSQL exited unexpectedly'))).toBe(true);
    expect(await getJson(`${s.url}/one`)).toEqual({ status: 200, body: { one: 1 } });
    expect(await getJson(`${s.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok', service: 'outage-test', database: 'up' } });
  }, 90_000);

  it('paused (SIGSTOP): 503 within the timeout, /readyz 503, /healthz says down; resumes after SIGCONT', async () => {
    expect(await getJson(`${s.url}/one`)).toEqual({ status: 200, body: { one: 1 } });
    // The postmaster and every backend, as a frozen host would be.
    const frozen = serverProcesses(pgServer.pid()!);
    expect(frozen.length).toBeGreaterThan(2);
    for (const p of frozen) process.kill(p, 'SIGSTOP');
    try {
      const res = await getJson(`${s.url}/one`);
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/^(The database did not answer within 3000 ms; try again shortly\.|The database is unavailable; try again shortly\.|All database connections are busy; try again shortly\.)$/);
      expect((await getJson(`${s.url}/readyz`)).status).toBe(503);
      expect(await getJson(`${s.url}/healthz`)).toEqual({ status: 200, body: { status: 'ok', service: 'outage-test', database: 'down' } });
    } finally {
      for (const p of frozen) process.kill(p, 'SIGCONT');
    }
    await eventually(async () => (await getJson(`${s.url}/one`)).status === 200, 60_000, 'queries answered again');
    expect((await getJson(`${s.url}/readyz`)).status).toBe(200);
  }, 90_000);
});

/**
 * Durability of download jobs with the real Temporal dev server (no mock):
 * - jobs accepted while no worker runs survive a hard kill and restart of the Temporal server (its SQLite
 *   state) and a new API process, and finish once a worker starts;
 * - a worker process killed (SIGKILL) in the middle of a job: the job finishes exactly once on another worker,
 *   the zip is complete, and nothing partial was ever served.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createApp as createDownloadApp } from '@usas/download';
import { createDownloadWorker, installQuietRuntime } from '@usas/download-worker';
import { freePort } from '@usas/db/embedded';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { createHttpApp, createLogger, createMetrics } from '@usas/service-kit';
import express from 'express';
import pg from 'pg';
import { sql } from 'slonik';
import supertest from 'supertest';
import { z } from 'zod';
import { findOrInstallTemporalCli, startTemporalDevServer, type TemporalDevServer } from '../src/temporal-server';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
let db: TestDatabase;
let dataDir: string;
let executable: string;
let port: number;
const taskQueue = `durability-${process.pid}`;

beforeAll(async () => {
  installQuietRuntime();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-durability-'));
  db = await createTestDatabase();
  executable = findOrInstallTemporalCli();
  port = await freePort();
});

afterAll(async () => {
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () => startTemporalDevServer({ executable, dbFile: path.join(dataDir, 'temporal.db'), port });

/** The download app alone behind a JSON body parser (what the API process of split mode serves). */
async function startApi(address: string) {
  const connection = await Connection.connect({ address });
  const temporal = new Client({ connection });
  const router = createDownloadApp({ db: db.pool, temporal, taskQueue, downloadDir: path.join(dataDir, 'downloads') });
  const app = createHttpApp({ name: 'download', logger: createLogger('silent', 'test'), metrics: createMetrics({ defaultMetrics: false }), ready: async () => undefined, routes: [express.json(), router] });
  return { http: supertest(app), temporal, close: () => connection.close() };
}

async function startWorker(address: string): Promise<{ worker: Worker; stop: () => Promise<void> }> {
  const connection = await NativeConnection.connect({ address });
  const pgPool = new pg.Pool({ connectionString: db.url, max: 2 });
  const worker = await createDownloadWorker({ connection, namespace: 'default', taskQueue, db: db.pool, pgPool, downloadDir: path.join(dataDir, 'downloads') });
  const running = worker.run();
  return {
    worker,
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
      await pgPool.end();
    },
  };
}

const statusOf = (fileName: string) =>
  db.pool.one(sql.type(z.object({ status: z.string(), total_rows: z.number().nullable() }))`SELECT status, total_rows FROM download_job WHERE file_name = ${fileName}`);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, seconds = 120): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function zipRows(file: string): Record<string, number> {
  const r = spawnSync('python3', ['-c', 'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: len(z.read(n).decode().splitlines()) - 1 for n in z.namelist()}))', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`not a valid zip: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, number>;
}

const contractAwards = () => db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM award_search WHERE is_fpds AND type IN ('A', 'B', 'C', 'D')`);
const contractSubawards = () =>
  db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM subaward_search WHERE prime_award_group = 'procurement' AND prime_award_type IN ('A', 'B', 'C', 'D')`);

it('accepted jobs survive a Temporal server kill and restart and a new API process, then finish', async () => {
  let server: TemporalDevServer = await startServer();
  let api = await startApi(server.address);
  const names: string[] = [];
  for (let i = 0; i < 2; i++) {
    // Two different requests: an identical one would be answered with the first job.
    const res = await api.http.post('/api/v2/download/awards/').send({ filters: { award_type_codes: ['A', 'B', 'C', 'D'] }, file_format: i === 0 ? 'csv' : 'tsv' });
    expect(res.status).toBe(200);
    names.push(res.body.file_name);
  }
  for (const n of names) expect((await statusOf(n)).status).toBe('ready');
  await api.close();

  server.process.kill('SIGKILL');
  await new Promise<void>((resolve) => server.process.once('exit', () => resolve()));
  server = await startServer();
  api = await startApi(server.address);
  const worker = await startWorker(server.address);
  try {
    for (const n of names) {
      const job = await waitFor(`${n} finished`, async () => {
        const s = await statusOf(n);
        return s.status === 'finished' ? s : undefined;
      });
      expect(job.total_rows).toBe((await contractAwards()) + (await contractSubawards()));
      expect(await api.temporal.workflow.getHandle(n).result()).toBe('finished');
    }
  } finally {
    await worker.stop();
    await api.close();
    await server.stop();
  }
});

it('a worker killed mid-job: the job finishes once on another worker, nothing partial is served', async () => {
  const server = await startServer();
  const api = await startApi(server.address);
  // The worker in its own process, as `npm run serve:download-worker` runs it.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps', 'download-worker', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATABASE_URL: db.url, TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: taskQueue, DOWNLOAD_DIR: path.join(dataDir, 'downloads'), LOG_LEVEL: 'warn', MONTHLY_ARCHIVE_FIRST_RUN: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let childOut = '';
  child.stdout?.on('data', (d: Buffer) => (childOut += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (childOut += d.toString()));
  // Holding a lock on award_search keeps the job's COPY waiting: the job is running, its file unfinished.
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE award_search IN ACCESS EXCLUSIVE MODE');
  let worker: { stop: () => Promise<void> } | undefined;
  try {
    const res = await api.http.post('/api/v2/download/awards/').send({ filters: { award_type_codes: ['A', 'B', 'C', 'D'] }, file_format: 'pstxt' });
    expect(res.status).toBe(200);
    const fileName: string = res.body.file_name;
    await waitFor('the job to run in the child worker', async () => ((await statusOf(fileName)).status === 'running' ? true : undefined), 90).catch((e: Error) => {
      throw new Error(`${e.message}\n${childOut}`);
    });
    // The child's file attempt has started once its COPY waits on the lock.
    await waitFor('the COPY to wait on the lock', async () => {
      const n = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (%' AND wait_event_type = 'Lock' AND datname = current_database()`);
      return n > 0 ? true : undefined;
    }, 60);
    expect((await api.http.get(`/api/v2/download/files/${fileName}`)).status).toBe(404);
    const running = await api.http.get('/api/v2/download/status').query({ file_name: fileName });
    expect(running.body).toMatchObject({ status: 'running', total_rows: 0, total_size: null, total_columns: null, message: null });
    expect(Number(running.body.seconds_elapsed)).toBeGreaterThan(0);

    child.kill('SIGKILL');
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
    await locker.query('ROLLBACK');
    expect((await api.http.get(`/api/v2/download/files/${fileName}`)).status).toBe(404);

    worker = await startWorker(server.address);
    const job = await waitFor('the job to finish on the second worker', async () => {
      const s = await statusOf(fileName);
      return s.status === 'finished' ? s : undefined;
    });
    // The job row says finished from inside the finishJob activity; the workflow's history records that
    // activity's completion a moment later: read it once the workflow has ended.
    const handle = api.temporal.workflow.getHandle(fileName);
    expect(await handle.result()).toBe('finished');
    const history = await handle.fetchHistory();
    const completedTypes = new Map<string, string>();
    for (const e of history.events ?? []) {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled) completedTypes.set(String(e.eventId), scheduled.activityType?.name ?? '');
    }
    const finishes = (history.events ?? []).filter((e) => e.activityTaskCompletedEventAttributes && completedTypes.get(String(e.activityTaskCompletedEventAttributes.scheduledEventId)) === 'finishJob');
    expect(finishes).toHaveLength(1);
    const writeAttempts = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes && completedTypes.get(String(e.activityTaskStartedEventAttributes.scheduledEventId)) === 'writeFile');
    expect(writeAttempts.map((e) => e.activityTaskStartedEventAttributes?.attempt)).toEqual([2]); // the first attempt died with its worker

    const file = await api.http.get(`/api/v2/download/files/${fileName}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    const local = path.join(dataDir, 'check.zip');
    writeFileSync(local, file.body as Buffer);
    const rows = zipRows(local);
    expect(Object.values(rows).reduce((a, b) => a + b, 0)).toBe(job.total_rows);
    expect(job.total_rows).toBe((await contractAwards()) + (await contractSubawards()));
    expect(readdirSync(path.join(dataDir, 'downloads')).filter((n) => n.startsWith('.'))).toEqual([]);
  } finally {
    child.kill('SIGKILL');
    await locker.end().catch(() => undefined);
    await worker?.stop();
    await api.close();
    await server.stop();
  }
});

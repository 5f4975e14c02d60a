/**
 * Monthly archive files with the real Temporal server: a download worker, and the schedule created as a worker
 * creates it on start (it runs once on creation; a second start updates it in place); list_monthly_files lists
 * what that run wrote; the files are valid zips in the upstream transaction layouts with the database's rows; after some rows change and the schedule is triggered again, the Delta holds
 * exactly those rows.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { parse } from 'csv-parse/sync';
import { createDownloadWorker, ensureMonthlyArchiveSchedule, installQuietRuntime, monthlyArchiveScheduleId } from '@usas/download-worker';
import type { Gateway } from '@usas/gateway';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { freePort } from '@usas/db/embedded';
import { layoutColumns } from '@usas/downloads';
import pg from 'pg';
import { sql } from 'slonik';
import supertest from 'supertest';
import { z } from 'zod';
import { findOrInstallTemporalCli, startTemporalDevServer, type TemporalDevServer } from '../src/temporal-server';
import { testGateway } from './download-stack';
import { fetchZip as fetchZipAt } from './download-zip';

jest.setTimeout(900_000);

let db: TestDatabase;
let temporal: TemporalDevServer;
let client: Client;
let connection: Connection;
let workerConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
let pgPool: pg.Pool;
/** The archive's first fiscal year here: the newest of the test data (fewer files, the same code path). */
let firstFiscalYear: number;
let gateway: Gateway;
let http: ReturnType<typeof supertest>;
let dataDir: string;
let taskQueue: string;

/** The monthly file at `url` (a file URL the listing gives), read. */
const fetchZip = (url: string) => fetchZipAt(http, url);

/** Waits until the schedule has started `count` runs and the last one has completed; returns its result. */
async function waitForRuns(client: Client, count: number): Promise<{ files: number; rows: number }> {
  const handle = client.schedule.getHandle(monthlyArchiveScheduleId(taskQueue));
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { info } = await handle.describe();
    const actions = info.recentActions;
    if (actions.length >= count) {
      const last = actions[actions.length - 1]!;
      const run = client.workflow.getHandle(last.action.workflow.workflowId, last.action.workflow.firstExecutionRunId);
      const result = (await run.result()) as { files: number; rows: number };
      if (process.env.DOWNLOAD_HISTORY_DIR) {
        // Regenerates the history the replay test checks the monthly archive workflow against.
        writeFileSync(path.join(process.env.DOWNLOAD_HISTORY_DIR, 'monthly-archive-finished.json'), `${historyToJSON(await run.fetchHistory())}\n`);
      }
      return result;
    }
    if (Date.now() > deadline) throw new Error(`monthly archive schedule has ${actions.length} runs, waited for ${count}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const Target = z.object({ toptier_agency_id: z.number(), toptier_code: z.string(), name: z.string(), abbreviation: z.string().nullable(), fiscal_year: z.number() });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-monthly-'));
  db = await createTestDatabase();
  firstFiscalYear = await db.pool.oneFirst(sql.type(z.object({ fy: z.number() }))`SELECT max(fiscal_year)::int AS fy FROM transaction_search`);
  temporal = await startTemporalDevServer({ executable: findOrInstallTemporalCli(), dbFile: path.join(dataDir, 'temporal.db'), port: await freePort() });
  taskQueue = `monthly-test-${process.pid}`;
  installQuietRuntime();
  connection = await Connection.connect({ address: temporal.address });
  workerConnection = await NativeConnection.connect({ address: temporal.address });
  pgPool = new pg.Pool({ connectionString: db.url, max: 4 });
  const downloadDir = path.join(dataDir, 'downloads');
  worker = await createDownloadWorker({ connection: workerConnection, namespace: 'default', taskQueue, db: db.pool, pgPool, downloadDir });
  running = worker.run();
  client = new Client({ connection });
  // As a worker does on start (it runs once on creation); a second call updates it in place.
  await ensureMonthlyArchiveSchedule(client, taskQueue, { input: { firstFiscalYear } });
  await ensureMonthlyArchiveSchedule(client, taskQueue, { input: { firstFiscalYear } });
  gateway = testGateway(db, { temporal: client, taskQueue, downloadDir });
  http = supertest(gateway.app);
});

afterAll(async () => {
  await gateway?.close();
  worker?.shutdown();
  await running?.catch(() => undefined);
  await workerConnection?.close();
  await connection?.close();
  await pgPool?.end();
  await temporal?.stop();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('monthly archive files', () => {
  it('the schedule writes Full and Delta files per agency and fiscal year; list_monthly_files lists them; a Delta holds only changed rows', async () => {
    // The schedule runs once when the worker creates it.
    const first = await waitForRuns(client, 1);

    // The agency and fiscal year with the most contract transactions, computed from the rows.
    const target = await db.pool.one(sql.type(Target)`
      SELECT t.toptier_agency_id, t.toptier_code, t.name, nullif(t.abbreviation, '') AS abbreviation, ts.fiscal_year
      FROM transaction_search ts JOIN toptier_agency t ON t.toptier_code = ts.awarding_toptier_agency_code
      WHERE ts.is_fpds AND ts.fiscal_year >= ${firstFiscalYear}
      GROUP BY 1, 2, 3, 4, 5 ORDER BY count(*) DESC, 5 DESC LIMIT 1`);
    const expectedKeys = async () => (await db.pool.anyFirst(sql.type(z.object({ k: z.string() }))`
      SELECT transaction_unique_id AS k FROM transaction_search
      WHERE is_fpds AND fiscal_year = ${target.fiscal_year} AND awarding_toptier_agency_code = ${target.toptier_code} ORDER BY 1`)).slice();
    const keys = await expectedKeys();
    expect(keys.length).toBeGreaterThan(3);

    // Every (agency or All, fiscal year, kind) with transactions has a Full and a Delta file.
    const combos = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT (count(DISTINCT (fiscal_year, awarding_toptier_agency_code, is_fpds)) + count(DISTINCT (fiscal_year, is_fpds)))::int AS n
      FROM transaction_search WHERE fiscal_year >= ${firstFiscalYear} AND awarding_toptier_agency_code IS NOT NULL`);
    expect(first.files).toBe(2 * combos);

    const list = await http.post('/api/v2/bulk_download/list_monthly_files/').send({ agency: target.toptier_agency_id, fiscal_year: target.fiscal_year, type: 'contracts' });
    expect(list.status).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    const stamp = date.replaceAll('-', '');
    const full = `FY${target.fiscal_year}_${target.toptier_code}_Contracts_Full_${stamp}.zip`;
    const delta = `FY${target.fiscal_year}_${target.toptier_code}_Contracts_Delta_${stamp}.zip`;
    expect(list.body.monthly_files.map((f: { file_name: string }) => f.file_name)).toEqual([full, delta]);
    expect(list.body.monthly_files[0]).toEqual({
      agency_name: target.name,
      agency_acronym: target.abbreviation,
      file_name: full,
      fiscal_year: target.fiscal_year,
      type: 'contracts',
      updated_date: date,
      url: expect.stringMatching(new RegExp(`/api/v2/download/files/${full}$`)),
    });

    // The Full file: the contract transaction layout, every row of the agency's fiscal year once.
    const fullEntries = await fetchZip(list.body.monthly_files[0].url);
    expect(Object.keys(fullEntries)).toEqual([full.replace(/\.zip$/, '_1.csv')]);
    const fullRows = parse(Object.values(fullEntries)[0]!) as string[][];
    expect(fullRows[0]).toEqual([...layoutColumns('transaction_search.d1')]);
    const keyAt = fullRows[0]!.indexOf('contract_transaction_unique_key');
    expect(fullRows.slice(1).map((r) => r[keyAt]!).sort()).toEqual(keys);

    // The first run's Delta: everything (no run before it), with correction_delete_ind first.
    const delta1 = parse(Object.values(await fetchZip(list.body.monthly_files[1].url))[0]!) as string[][];
    expect(delta1[0]).toEqual(['correction_delete_ind', ...layoutColumns('transaction_search.d1')]);
    expect(delta1.slice(1).map((r) => r[keyAt + 1]!).sort()).toEqual(keys);

    // Both kinds without `type`; `all` lists the All files; an unknown agency is a 400.
    const both = await http.post('/api/v2/bulk_download/list_monthly_files/').send({ agency: target.toptier_agency_id, fiscal_year: target.fiscal_year });
    expect(both.body.monthly_files.filter((f: { type: string }) => f.type === 'contracts')).toHaveLength(2);
    const all = await http.post('/api/v2/bulk_download/list_monthly_files/').send({ agency: 'all', fiscal_year: target.fiscal_year, type: 'contracts' });
    expect(all.body.monthly_files.map((f: { file_name: string; agency_name: string; agency_acronym: null }) => [f.file_name, f.agency_name, f.agency_acronym])).toEqual([
      [`FY${target.fiscal_year}_All_Contracts_Full_${stamp}.zip`, 'All', null],
      [`FY${target.fiscal_year}_All_Contracts_Delta_${stamp}.zip`, 'All', null],
    ]);
    const none = await http.post('/api/v2/bulk_download/list_monthly_files/').send({ agency: 999_999, fiscal_year: target.fiscal_year });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('999999 agency not found');

    // Three rows change; the next run's Delta holds exactly them, with their new values; the Full still every row.
    const changed = keys.slice(0, 3);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET federal_action_obligation = coalesce(federal_action_obligation, 0) + 1 WHERE transaction_unique_id = ANY (${sql.array(changed, 'text')})`);
    await client.schedule.getHandle(monthlyArchiveScheduleId(taskQueue)).trigger();
    await waitForRuns(client, 2);
    const list2 = await http.post('/api/v2/bulk_download/list_monthly_files/').send({ agency: target.toptier_agency_id, fiscal_year: target.fiscal_year, type: 'contracts' });
    expect(list2.body.monthly_files.map((f: { file_name: string }) => f.file_name)).toEqual([full, delta]);
    const delta2 = parse(Object.values(await fetchZip(list2.body.monthly_files[1].url))[0]!) as string[][];
    expect(delta2.slice(1).map((r) => r[keyAt + 1]!).sort()).toEqual(changed);
    const amountAt = delta2[0]!.indexOf('federal_action_obligation');
    const amounts = await db.pool.any(sql.type(z.object({ k: z.string(), a: z.string() }))`
      SELECT transaction_unique_id AS k, federal_action_obligation::text AS a FROM transaction_search WHERE transaction_unique_id = ANY (${sql.array(changed, 'text')}) ORDER BY 1`);
    expect(delta2.slice(1).map((r) => ({ k: r[keyAt + 1]!, a: r[amountAt]! })).sort((x, y) => (x.k < y.k ? -1 : 1))).toEqual(amounts);
    expect(delta2.slice(1).every((r) => r[0] === 'C')).toBe(true);
    const full2 = parse(Object.values(await fetchZip(list2.body.monthly_files[0].url))[0]!) as string[][];
    expect(full2.slice(1).map((r) => r[keyAt]!).sort()).toEqual(keys);
  });
});

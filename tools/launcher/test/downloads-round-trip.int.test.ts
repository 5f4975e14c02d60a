/**
 * Round trip: a prime transaction download of all the test data (contract and assistance files), imported with the project's own award file importer
 * (`npm run load:awards`) into a database holding the same reference data and no awards, gives the same
 * transaction counts and obligations per award type, and the same award totals, as the database it came from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AWARD_DATA_TABLES } from '@usas/datagen';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { freePort } from '@usas/db/embedded';
import { createDownloadWorker, installQuietRuntime } from '@usas/download-worker';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { loadAwardFiles } from '@usas/loader';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { findOrInstallTemporalCli, startTemporalDevServer } from '../src/temporal-server';

jest.setTimeout(240_000);

let source: TestDatabase;
let target: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  installQuietRuntime();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'usas-round-trip-'));
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});

afterAll(async () => {
  await source?.drop();
  await target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const Totals = z.object({ type: z.string(), transactions: z.number(), obligation: z.string() });
const AwardTotals = z.object({ key: z.string(), obligation: z.string(), transactions: z.number() });

const transactionTotals = (db: DatabasePool) =>
  db.any(sql.type(Totals)`
    SELECT type, count(*)::int AS transactions, coalesce(sum(federal_action_obligation), 0)::text AS obligation
    FROM transaction_search GROUP BY type ORDER BY type`);
const awardTotals = (db: DatabasePool) =>
  db.any(sql.type(AwardTotals)`
    SELECT a.generated_unique_award_id AS key, a.total_obligation::text AS obligation, (SELECT count(*)::int FROM transaction_search t WHERE t.award_id = a.award_id) AS transactions
    FROM award_search a WHERE EXISTS (SELECT 1 FROM transaction_search t WHERE t.award_id = a.award_id) ORDER BY 1`);

it('a transaction download (contracts and assistance) loads back into the same totals', async () => {
  const server = await startTemporalDevServer({ executable: findOrInstallTemporalCli(), dbFile: path.join(dataDir, 'temporal.db'), port: await freePort() });
  const taskQueue = `round-trip-${process.pid}`;
  const nativeConnection = await NativeConnection.connect({ address: server.address });
  const pgPool = new pg.Pool({ connectionString: source.url, max: 2 });
  const worker = await createDownloadWorker({ connection: nativeConnection, namespace: 'default', taskQueue, db: source.pool, pgPool, downloadDir: dataDir });
  const connection = await Connection.connect({ address: server.address });
  const fileName = 'PrimeTransactionsAndSubawards_2020-01-01_H00M00S00000009.zip';
  try {
    const request = {
      request_type: 'transaction',
      download_types: ['prime_transactions'],
      filters: {},
      columns: [],
      file_format: 'csv',
      limit: 500000,
      timestamp: '2020-01-01_H00M00S00000009',
    };
    await source.pool.query(sql.unsafe`INSERT INTO download_job (file_name, request_type, json_request) VALUES (${fileName}, 'transaction', ${sql.jsonb(request)})`);
    const result = await worker.runUntil(new Client({ connection }).workflow.execute('downloadWorkflow', { workflowId: fileName, taskQueue, args: [{ fileName }] }));
    expect(result).toBe('finished');
  } finally {
    await connection.close();
    await nativeConnection.close();
    await pgPool.end();
    await server.stop();
  }

  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`TRUNCATE ${[...AWARD_DATA_TABLES, 'award_derive_pending'].join(', ')}`);
  await admin.end();
  const loaded = await loadAwardFiles(target.url, [path.join(dataDir, fileName)]);
  expect(loaded.files.length).toBeGreaterThan(0);

  const [before, after] = await Promise.all([transactionTotals(source.pool), transactionTotals(target.pool)]);
  expect(before.length).toBeGreaterThan(3);
  expect(after).toEqual(before);
  const [awardsBefore, awardsAfter] = await Promise.all([awardTotals(source.pool), awardTotals(target.pool)]);
  expect(awardsAfter).toEqual(awardsBefore);
});

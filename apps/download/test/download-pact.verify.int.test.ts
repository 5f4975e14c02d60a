/**
 * Verifies the SDK's download contract (contracts/usas-sdk-usas-download.json) against the download app served
 * alone (as its main.ts serves it in split mode), on a fresh database. The provider states write real rows: a job row (an identical request answers
 * with it, a finished one has a status), and a finished monthly archive run with its files for a toptier agency
 * the state adds. No job is started here, so the app's Temporal client is a lazy one that never connects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { Client, Connection } from '@temporalio/client';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { answerClientErrors, createAppServer, createLogger, createMetrics } from '@usas/service-kit';
import { createApp } from '../src/index';
import { sql } from 'slonik';
import { z } from 'zod';

jest.setTimeout(600_000);

let db: TestDatabase;
let server: http.Server;
let url: string;
let downloadDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  downloadDir = mkdtempSync(path.join(os.tmpdir(), 'usas-download-pact-'));
  const router = createApp({ db: db.pool, temporal: new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) }), taskQueue: 'pact-unused', downloadDir });
  server = http.createServer(
    createAppServer({ name: 'download', router, logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test'), metrics: createMetrics({ defaultMetrics: false }), ready: async () => undefined, bodyLimit: '1mb' }),
  );
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.drop();
  rmSync(downloadDir, { recursive: true, force: true });
});

const awardRequest = (timestamp: string) => ({
  request_type: 'award',
  download_types: ['awards', 'sub_awards'],
  filters: { award_type_codes: ['A', 'B', 'C', 'D'] },
  columns: [],
  file_format: 'csv',
  limit: 500000,
  timestamp,
});

async function writeJob(fileName: string, finished: boolean): Promise<void> {
  await db.pool.query(sql.unsafe`DELETE FROM download_job WHERE file_name = ${fileName}`);
  const request = awardRequest(fileName.replace(/^PrimeAwardSummariesAndSubawards_/, '').replace(/\.zip$/, ''));
  if (finished) {
    await db.pool.query(sql.unsafe`
      INSERT INTO download_job (file_name, request_type, status, json_request, rows_written, total_rows, total_columns, file_size, started_at, finished_at)
      VALUES (${fileName}, 'award', 'finished', ${sql.jsonb(request)}, 1234, 1234, 108, 56780, now() - interval '4.25 seconds', now())`);
  } else {
    await db.pool.query(sql.unsafe`INSERT INTO download_job (file_name, request_type, json_request) VALUES (${fileName}, 'award', ${sql.jsonb(request)})`);
  }
}

describe('Pact provider verification: download app', () => {
  it('honours the SDK contract', async () => {
    await new Verifier({
      provider: 'usas-download',
      providerBaseUrl: url,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-download.json')],
      stateHandlers: {
        'reference data is loaded': async () => undefined,
        'an award download of contracts was accepted': async (params: unknown) => writeJob(String((params as { file_name: string }).file_name), false),
        'a finished download job': async (params: unknown) => writeJob(String((params as { file_name: string }).file_name), true),
        'monthly archive files were produced': async (params: unknown) => {
          const { agency, fiscal_year: fy } = params as { agency: number; fiscal_year: number };
          await db.pool.query(sql.unsafe`DELETE FROM monthly_archive_run`);
          await db.pool.query(sql.unsafe`
            INSERT INTO toptier_agency (toptier_agency_id, toptier_code, name, abbreviation) VALUES (${agency}, 'PCT', 'Pact Archive Agency', 'PAA')
            ON CONFLICT DO NOTHING`);
          const runId = await db.pool.oneFirst(sql.type(z.object({ run_id: z.number() }))`
            INSERT INTO monthly_archive_run (workflow_id, file_date, changed_from, finished_at)
            VALUES ('pact-monthly-run', '2020-11-08', now(), now()) RETURNING run_id::int AS run_id`);
          for (const kind of ['Full', 'Delta']) {
            await db.pool.query(sql.unsafe`
              INSERT INTO monthly_archive_file (file_name, run_id, toptier_code, fiscal_year, award_kind, is_delta, total_rows, file_size)
              VALUES (${`FY${fy}_PCT_Contracts_${kind}_20201108.zip`}, ${runId}, 'PCT', ${fy}, 'contracts', ${kind === 'Delta'}, 10, 1000)`);
          }
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});

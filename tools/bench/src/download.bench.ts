/**
 * Download benchmark: a prime transaction download of at least `--rows` rows (the download activity end to end:
 * job row, plan, rows streamed by COPY into the zip, split past the row limit, rename) next to the floor it cannot
 * beat, `COPY (same query) TO STDOUT` piped into zip entries at the same zlib level with nothing else, in the same
 * run. Prints rows/s of each, the ratio, and this process's resident memory (it is the worker here) sampled every
 * 100 ms while the download runs: before, the lowest and highest of each fifth of the run, and after.
 *
 *   npm run bench -- download [--rows 1000000] [--level 6]
 *
 * Data: the configured database (DATABASE_URL, or the embedded one under DATA_DIR; it may be running under
 * `npm start`), whose transactions are repeated into the table `bench_download.transaction_search` (and their
 * details into `bench_download.transaction_detail`) until it has at least `--rows` (built once with progress, kept
 * for later runs; the API never reads that schema).
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { ZipArchive } from 'archiver';
import { createDbPool } from '@usas/db';
import { openDatabase } from '@usas/db/embedded';
import { createDownloadActivities, inlineSql, insertJob, loadFilterContext, planAwardDownload, type AwardDownloadRequest } from '@usas/downloads';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { benchOptions, table } from './bench-args';

export const description = 'a download of >= 1M transactions (COPY into zip, end to end) against a bare COPY piped into the same zip level';

/** The schema the bench's transaction rows live in (its COPY connections put it first on their search_path). */
const BENCH_SCHEMA = 'bench_download';

/** RSS every 100 ms while running. */
function memorySampler() {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().rss), 100);
  return { stop: () => (clearInterval(timer), samples) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const say = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Makes sure `bench_download.transaction_search` holds at least `rows` transactions: the database's own
 * transactions (the demo data) repeated with new ids and unique keys as often as needed (shown copy by copy), in a
 * table of the same columns without indexes (the download query reads it whole). Kept for the next run. The
 * download's connections find it before public.transaction_search; awards and reference data stay public's.
 */
async function benchRows(db: DatabasePool, rows: number): Promise<number> {
  const count = (schema: string) => db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier([schema, 'transaction_search'])}`);
  await db.query(sql.unsafe`CREATE SCHEMA IF NOT EXISTS ${sql.identifier([BENCH_SCHEMA])}`);
  await db.query(sql.unsafe`CREATE TABLE IF NOT EXISTS ${sql.identifier([BENCH_SCHEMA, 'transaction_search'])} (LIKE public.transaction_search INCLUDING DEFAULTS)`);
  await db.query(sql.unsafe`CREATE TABLE IF NOT EXISTS ${sql.identifier([BENCH_SCHEMA, 'transaction_detail'])} (LIKE public.transaction_detail INCLUDING ALL)`);
  // (a copy made before migration 0196 has a detail column and no details beside it: it loses the column, and the
  // missing details make it written again below)
  await db.query(sql.unsafe`ALTER TABLE ${sql.identifier([BENCH_SCHEMA, 'transaction_search'])} DROP COLUMN IF EXISTS detail`);
  const have = await count(BENCH_SCHEMA);
  const details = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier([BENCH_SCHEMA, 'transaction_detail'])}`);
  if (have >= rows && details === have) {
    say(`bench data: ${have.toLocaleString('en-US')} transactions in ${BENCH_SCHEMA}.transaction_search (kept from an earlier run)`);
    return have;
  }
  const source = await count('public');
  if (source === 0) throw new Error('the database has no transactions: generate data first (npm start, or npm run datagen -- --scale demo)');
  const copies = Math.ceil(rows / source);
  say(`bench data: ${source.toLocaleString('en-US')} transactions in the database, ${rows.toLocaleString('en-US')} needed: writing ${copies} copies into ${BENCH_SCHEMA}.transaction_search (once) ...`);
  await db.query(sql.unsafe`TRUNCATE ${sql.identifier([BENCH_SCHEMA, 'transaction_search'])}, ${sql.identifier([BENCH_SCHEMA, 'transaction_detail'])}`);
  const columns = await db.anyFirst(sql.type(z.object({ column_name: z.string() }))`
    SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'transaction_search' ORDER BY ordinal_position`);
  const step = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT (coalesce(max(transaction_id), 0) + 1)::float8 AS n FROM public.transaction_search`);
  for (let k = 0; k < copies; k += 1) {
    const started = performance.now();
    const select = sql.join(
      columns.map((c) =>
        c === 'transaction_id' ? sql.fragment`transaction_id + ${k * step}::bigint`
        : c === 'transaction_unique_id' ? sql.fragment`transaction_unique_id || ${k === 0 ? '' : `_R${k}`}`
        : sql.identifier([c])),
      sql.fragment`, `,
    );
    await db.query(sql.unsafe`INSERT INTO ${sql.identifier([BENCH_SCHEMA, 'transaction_search'])} SELECT ${select} FROM public.transaction_search`);
    await db.query(sql.unsafe`
      INSERT INTO ${sql.identifier([BENCH_SCHEMA, 'transaction_detail'])} SELECT transaction_id + ${k * step}::bigint, detail FROM public.transaction_detail`);
    say(`  copy ${k + 1}/${copies}: ${(source * (k + 1)).toLocaleString('en-US')} rows (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.query(sql.unsafe`ANALYZE ${sql.identifier([BENCH_SCHEMA, 'transaction_search'])}`);
  await db.query(sql.unsafe`ANALYZE ${sql.identifier([BENCH_SCHEMA, 'transaction_detail'])}`);
  return count(BENCH_SCHEMA);
}

export async function run(args: string[]): Promise<void> {
  const opts = benchOptions(args, { rows: '1000000', level: '6' });
  const config = loadConfig();
  const rows = Number(opts.rows);
  const level = Number(opts.level);
  const server = await openDatabase(config);
  const db = await createDbPool(server.url, { maximumPoolSize: 2, statementTimeout: 'DISABLE_TIMEOUT' });
  const available = await benchRows(db, rows);
  // The COPY connections read the bench schema's transactions first.
  const pgPool = new pg.Pool({ connectionString: server.url, max: 2, options: `-c search_path=${BENCH_SCHEMA},public` });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-download-bench-'));
  try {
    const timestamp = `bench${Date.now()}`;
    // Every prime transaction (contracts and assistance: two files), no row limit (as a bulk download).
    const request: AwardDownloadRequest = { request_type: 'transaction', download_types: ['prime_transactions'], filters: {}, columns: [], file_format: 'csv', limit: null };
    say(`${available.toLocaleString('en-US')} transactions to download, zlib level ${level}`);
    const files = planAwardDownload(request, timestamp, await loadFilterContext(db));

    // The floor: the same queries' COPY into the same zip entries, nothing else.
    say('floor: COPY (same queries) TO STDOUT into a zip ...');
    const floorStarted = performance.now();
    const client = await pgPool.connect();
    const archive = new ZipArchive({ zlib: { level } });
    const out = pipeline(archive, createWriteStream(path.join(dir, 'floor.zip')));
    let floorRows = 0;
    for (const file of files) {
      if (file.query === null) continue;
      const copy = client.query(copyTo(`COPY (${inlineSql(file.query)}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
      archive.append(copy, { name: file.entryName });
      await new Promise<void>((resolve, reject) => copy.once('end', resolve).once('error', reject));
      floorRows += copy.rowCount;
    }
    await archive.finalize();
    await out;
    client.release();
    const floorSeconds = (performance.now() - floorStarted) / 1000;

    // The download: a job row and the activities that run it.
    say('download: the job activities (startJob, writeFile, finishJob) ...');
    const fileName = `PrimeTransactionsAndSubawards_${timestamp}.zip`;
    await insertJob(db, { fileName, requestType: 'transaction', request: { ...request, timestamp } });
    const activities = createDownloadActivities({ db, pgPool, downloadDir: dir });
    const before = process.memoryUsage().rss;
    const sampler = memorySampler();
    const started = performance.now();
    await activities.startJob(fileName);
    const result = await activities.writeFile(fileName);
    await activities.finishJob(fileName, result);
    const seconds = (performance.now() - started) / 1000;
    const samples = sampler.stop();
    const after = process.memoryUsage().rss;
    await db.query(sql.unsafe`DELETE FROM download_job WHERE file_name = ${fileName}`);

    process.stdout.write(`\n${table(
      ['run', 'rows', 'seconds', 'rows/s', 'zip size'],
      [
        ['COPY into zip (floor)', floorRows, floorSeconds.toFixed(2), Math.round(floorRows / floorSeconds), mb(statSync(path.join(dir, 'floor.zip')).size)],
        ['download (activities)', result.rows, seconds.toFixed(2), Math.round(result.rows / seconds), mb(result.bytes)],
      ],
    )}\n`);
    if (result.rows !== floorRows) throw new Error(`the download wrote ${result.rows} rows, the floor ${floorRows}`);
    process.stdout.write(`ratio download / floor (rows/s): ${(result.rows / seconds / (floorRows / floorSeconds)).toFixed(2)} (goal >= 0.7)\n`);
    const fifths = [0, 1, 2, 3, 4].map((i) => samples.slice(Math.floor((i * samples.length) / 5), Math.floor(((i + 1) * samples.length) / 5)));
    process.stdout.write(
      `worker memory (RSS, ${samples.length} samples): ${mb(before)} before; per fifth of the run min-max ${fifths
        .map((f) => (f.length ? `${mb(Math.min(...f))}-${mb(Math.max(...f))}` : '-'))
        .join(', ')}; ${mb(after)} after (${result.columns} columns)\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pgPool.end();
    await db.end();
    await server.stop();
  }
}

/**
 * Download benchmark: a prime transaction download of at least `--rows` rows (the download activity end to end:
 * job row, plan, rows streamed by COPY into the zip, split past the row limit, rename) next to the floor it cannot
 * beat, `COPY (same query) TO STDOUT` piped into zip entries at the same zlib level with nothing else, in the same
 * run. Prints rows/s of each, the ratio, and this process's resident memory (it is the worker here) sampled every
 * 100 ms while the download runs: before, the lowest and highest of each fifth of the run, and after.
 *
 *   npm run bench -- download [--rows 1000000] [--level 6]
 *
 * Data: a database of its own, `usas_bench_download`, on the configured server (DATABASE_URL, or the embedded one
 * under DATA_DIR). When it has fewer than `--rows` transactions it is built first (migrations, reference data and a
 * generated award dataset of about `--rows` / 5 awards, with a progress bar), and kept for the next run.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { ZipArchive } from 'archiver';
import { createDbPool, runMigrations } from '@usas/db';
import { openDatabase } from '@usas/db/embedded';
import { generateAwardData, SCALES } from '@usas/datagen';
import { loadReferenceData } from '@usas/loader';
import { createProgress } from '@usas/loader/progress';
import { createDownloadActivities, inlineSql, insertJob, loadFilterContext, planAwardDownload, type AwardDownloadRequest } from '@usas/downloads';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'slonik';
import { z } from 'zod';
import { benchOptions, table } from './bench-args';

export const description = 'a download of >= 1M transactions (COPY into zip, end to end) against a bare COPY piped into the same zip level';

const BENCH_DATABASE = 'usas_bench_download';

/** RSS every 100 ms while running. */
function memorySampler() {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().rss), 100);
  return { stop: () => (clearInterval(timer), samples) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const say = (line: string) => process.stderr.write(`${line}\n`);

/** The bench database's URL on the server of `serverUrl`, created, migrated and filled when it has fewer than `rows` transactions. */
async function benchDatabase(serverUrl: string, rows: number, referenceDir: string | undefined): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${BENCH_DATABASE}`;
  const url = u.toString();
  await runMigrations(url);
  const db = await createDbPool(url, { maximumPoolSize: 2 });
  try {
    const have = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM transaction_search`);
    if (have >= rows) {
      say(`bench data: ${have.toLocaleString('en-US')} transactions in ${BENCH_DATABASE} (kept from an earlier run)`);
      return url;
    }
    say(`bench data: ${have.toLocaleString('en-US')} transactions in ${BENCH_DATABASE}, ${rows.toLocaleString('en-US')} needed: building it (once) ...`);
    const started = performance.now();
    await loadReferenceData(db, { dir: referenceDir });
    say(`  reference data loaded (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await db.end();
  }
  // The demo scale's shape, with enough awards for `rows` transactions (5 per award on average, 10% spare).
  const awards = Math.ceil((rows * 1.1) / SCALES.demo.transactionsPerAward);
  let bar: ReturnType<typeof createProgress> | undefined;
  const started = performance.now();
  const result = await generateAwardData({
    url,
    scale: { ...SCALES.demo, awards, recipients: Math.ceil(awards / 4) },
    seed: 1,
    onProgress: (e) => {
      if (e.phase === 'generate' && e.total !== undefined) {
        bar ??= createProgress(`awards (${awards.toLocaleString('en-US')})`, e.total);
        bar.update(e.done ?? 0);
        if (e.done === e.total) bar.stop();
      } else if (e.phase !== 'index' && e.note) {
        say(`  [${((performance.now() - started) / 1000).toFixed(0)} s] ${e.phase}: ${e.note}`);
      }
    },
  });
  say(`bench data built: ${(result.rows.transaction_search ?? 0).toLocaleString('en-US')} transactions in ${result.seconds.toFixed(0)} s`);
  return url;
}

export async function run(args: string[]): Promise<void> {
  const opts = benchOptions(args, { rows: '1000000', level: '6' });
  const config = loadConfig();
  const rows = Number(opts.rows);
  const level = Number(opts.level);
  const server = await openDatabase(config);
  const url = await benchDatabase(server.url, rows, config.referenceDataDir);
  const db = await createDbPool(url, { maximumPoolSize: 2 });
  const pgPool = new pg.Pool({ connectionString: url, max: 2 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-download-bench-'));
  try {
    const timestamp = `bench${Date.now()}`;
    // Every prime transaction (contracts and assistance: two files), at most `rows` per file.
    const request: AwardDownloadRequest = { request_type: 'transaction', download_types: ['prime_transactions'], filters: {}, columns: [], file_format: 'csv', limit: rows };
    const files = planAwardDownload(request, timestamp, await loadFilterContext(db));

    // The floor: the same queries' COPY into the same zip entries, nothing else.
    say('floor: COPY (same queries) TO STDOUT into a zip ...');
    const floorStarted = performance.now();
    const client = await pgPool.connect();
    const archive = new ZipArchive({ zlib: { level } });
    const out = pipeline(archive, createWriteStream(path.join(dir, 'floor.zip')));
    let floorRows = 0;
    for (const file of files) {
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

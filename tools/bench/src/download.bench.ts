/**
 * Download benchmark: a prime transaction download (the download activity end to end: job row, plan, rows
 * streamed by COPY into the zip, rename) next to the floor it cannot beat, `COPY (same query) TO STDOUT` piped
 * into a zip entry at the same zlib level with nothing else, in the same run. Prints rows/s of each, the
 * ratio, and the worker's resident memory (sampled every 100 ms) before, at peak and after.
 *
 *   DATABASE_URL=postgres://... npm run bench -- download [--rows 1000000] [--level 6]
 *
 * Run it against a database with at least `--rows` transactions (`npm run datagen -- --scale bench`).
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { ZipArchive } from 'archiver';
import { createDbPool } from '@usas/db';
import { createDownloadActivities, inlineSql, insertJob, loadFilterContext, planAwardDownload, type AwardDownloadRequest } from '@usas/downloads';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'slonik';
import { benchOptions, table } from './bench-args';

export const description = 'a transaction download (COPY into zip, end to end) against a bare COPY piped into the same zip level';

function memorySampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return { stop: () => (clearInterval(timer), peak) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function run(args: string[]): Promise<void> {
  const opts = benchOptions(args, { rows: '1000000', level: '6' });
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required (a database with award data).');
  const rows = Number(opts.rows);
  const level = Number(opts.level);
  const db = await createDbPool(config.DATABASE_URL, { maximumPoolSize: 2 });
  const pgPool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-download-bench-'));
  try {
    const timestamp = `bench${Date.now()}`;
    const request: AwardDownloadRequest = { request_type: 'transaction', download_types: ['prime_transactions'], filters: {}, columns: [], file_format: 'csv', limit: rows };
    const [file] = planAwardDownload({ ...request, download_types: ['prime_transactions'], filters: { award_type_codes: ['A', 'B', 'C', 'D'] } }, timestamp, await loadFilterContext(db));
    if (!file) throw new Error('no file planned');

    // The floor: the same query's COPY into one zip entry, nothing else.
    const floorStarted = performance.now();
    const client = await pgPool.connect();
    const archive = new ZipArchive({ zlib: { level } });
    const out = pipeline(archive, createWriteStream(path.join(dir, 'floor.zip')));
    const copy = client.query(copyTo(`COPY (${inlineSql(file.query)}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    archive.append(copy, { name: file.entryName });
    await new Promise<void>((resolve, reject) => copy.once('end', resolve).once('error', reject));
    await archive.finalize();
    await out;
    client.release();
    const floorSeconds = (performance.now() - floorStarted) / 1000;
    const floorRows = copy.rowCount;

    // The download: a job row and the activity that writes its zip.
    const fileName = `PrimeTransactionsAndSubawards_${timestamp}.zip`;
    await insertJob(db, { fileName, requestType: 'transaction', request: { ...request, filters: { award_type_codes: ['A', 'B', 'C', 'D'] }, timestamp } });
    const activities = createDownloadActivities({ db, pgPool, downloadDir: dir });
    const before = process.memoryUsage().rss;
    const sampler = memorySampler();
    const started = performance.now();
    await activities.startJob(fileName);
    const result = await activities.writeFile(fileName);
    await activities.finishJob(fileName, result);
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    const after = process.memoryUsage().rss;
    await db.query(sql.unsafe`DELETE FROM download_job WHERE file_name = ${fileName}`);

    process.stdout.write(`\n${table(
      ['run', 'rows', 'seconds', 'rows/s', 'zip size'],
      [
        ['COPY into zip (floor)', floorRows, floorSeconds.toFixed(2), Math.round(floorRows / floorSeconds), mb(statSync(path.join(dir, 'floor.zip')).size)],
        ['download (activity)', result.rows, seconds.toFixed(2), Math.round(result.rows / seconds), mb(result.bytes)],
      ],
    )}\n`);
    process.stdout.write(`ratio download / floor (rows/s): ${(result.rows / seconds / (floorRows / floorSeconds)).toFixed(2)} (goal >= 0.7)\n`);
    process.stdout.write(`worker memory: ${mb(before)} before, ${mb(peak)} peak, ${mb(after)} after (${result.columns} columns)\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pgPool.end();
    await db.end();
  }
}

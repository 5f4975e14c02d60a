import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { createDbPool, runMigrations } from '@usas/db';
import { openDatabase } from '@usas/db/embedded';
import { generateAwardData, isScaleName } from '@usas/datagen';
import { loadAwardFiles, loadReferenceData } from '@usas/loader';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { benchOptions, table } from './bench-args';
import { exportColumns, exportTransactions } from './transaction-export';

export const description = 'award importer rows/s next to a raw COPY FROM of the same file (goal: ratio >= 0.5)';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function recreate(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  await runMigrations(url);
  const pool = await createDbPool(url, { maximumPoolSize: 2 });
  try {
    await loadReferenceData(pool, { dir: undefined });
  } finally {
    await pool.end();
  }
  return url;
}

async function drop(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Seconds to COPY the file into a bare table of text columns (what any CSV load costs at least). */
async function rawCopy(url: string, file: string, columns: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE bench_raw_copy (${columns.map((_, i) => `c${i + 1} text`).join(', ')})`);
    const started = performance.now();
    await pipeline(createReadStream(file), client.query(copyFrom(`COPY bench_raw_copy FROM STDIN WITH (FORMAT csv, HEADER true)`)));
    const seconds = (performance.now() - started) / 1000;
    await client.query('DROP TABLE bench_raw_copy');
    return seconds;
  } finally {
    await client.end();
  }
}

/**
 * Generates a dataset in a scratch database, writes its transactions as download-layout CSV files,
 * then, in a second scratch database with the same reference data, times a raw COPY of each file and the
 * importer on the same file (stage, check, upsert; derive timed apart). Both scratch databases are dropped.
 */
export async function run(args: string[]): Promise<void> {
  const o = benchOptions(args, { scale: 'demo', seed: '1', rows: '200000' });
  if (!isScaleName(o.scale)) throw new Error(`unknown scale '${o.scale}'`);
  const config = loadConfig();
  const database = await openDatabase(config);
  const adminUrl = withDatabase(database.url, 'postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-loader-bench-'));
  try {
    process.stderr.write(`generating the ${o.scale} dataset in bench_loader_src ...\n`);
    const src = await recreate(adminUrl, 'bench_loader_src');
    await generateAwardData({ url: src, scale: o.scale, seed: Number(o.seed) });
    const files: Array<{ kind: 'contracts' | 'assistance'; file: string; rows: number }> = [];
    for (const kind of ['contracts', 'assistance'] as const) {
      const file = path.join(dir, `${kind}_transactions.csv`);
      const rows = await exportTransactions(src, kind, file, Number(o.rows));
      files.push({ kind, file, rows });
    }
    await drop(adminUrl, 'bench_loader_src');
    const dst = await recreate(adminUrl, 'bench_loader_dst');
    const lines: Array<Array<string | number>> = [];
    const breakdown: string[] = [];
    for (const f of files) {
      process.stderr.write(`${f.kind}: raw COPY and importer on ${f.rows} rows ...\n`);
      const raw = await rawCopy(dst, f.file, exportColumns(f.kind));
      const started = performance.now();
      const steps = new Map<string, number>();
      const result = await loadAwardFiles(dst, [f.file], {
        skipDerive: true,
        onStep: (step, seconds) => steps.set(step.split(' ').slice(0, 3).join(' '), (steps.get(step.split(' ').slice(0, 3).join(' ')) ?? 0) + seconds),
      });
      const imported = (performance.now() - started) / 1000;
      breakdown.push(`${f.kind}: ${[...steps].filter(([, t]) => t >= 0.1).map(([k, t]) => `${k} ${t.toFixed(1)} s`).join(', ')}`);
      const rawRate = f.rows / raw;
      const importRate = f.rows / imported;
      lines.push([f.kind, f.rows, raw.toFixed(1), Math.round(rawRate), imported.toFixed(1), Math.round(importRate), (importRate / rawRate).toFixed(2), result.files[0]?.inserted ?? 0]);
    }
    const client = new pg.Client({ connectionString: dst });
    await client.connect();
    const deriveStarted = performance.now();
    try {
      await client.query('SELECT * FROM derive_award_data(false, current_date)');
    } finally {
      await client.end();
    }
    const derive = (performance.now() - deriveStarted) / 1000;
    process.stdout.write(`loader benchmark: ${o.scale} dataset, seed ${o.seed}\n\n${table(
      ['file', 'rows', 'raw COPY s', 'raw rows/s', 'importer s', 'importer rows/s', 'ratio', 'inserted'], lines,
    )}\n\nimporter statements over 0.1 s (the stage COPY runs outside them):\n${breakdown.join('\n')}\n\nfull derive after both files: ${derive.toFixed(1)} s\n`);
    await drop(adminUrl, 'bench_loader_dst');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.stop();
  }
}

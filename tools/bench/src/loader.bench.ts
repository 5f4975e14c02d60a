import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { generateAwardData, isScaleName } from '@usas/datagen';
import { loadAwardFiles, loadReferenceData } from '@usas/loader';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { benchOptions, table } from './bench-args';
import { exportColumns, exportTransactions } from './transaction-export';

export const description = 'award importer rows/s (end to end, derive included) next to a raw COPY FROM of the same file and to the write floor (its output rows written with no computation; goal: floor / importer >= 0.33), also with the indexes built; a small update file with the summaries merged from the changed rows next to rebuilt by fiscal year';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on its own connection. */
async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function drop(adminUrl: string, name: string): Promise<void> {
  await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function recreate(adminUrl: string, name: string): Promise<string> {
  await drop(adminUrl, name);
  await query(adminUrl, `CREATE DATABASE ${name}`);
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

/**
 * Seconds `fill` takes to write into a scratch table `bench_scratch` made by `create` on its own connection
 * (the table is dropped afterwards; only the fill is timed).
 */
async function timedFill(url: string, create: string, fill: (client: pg.Client) => Promise<unknown>): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(create);
    const started = performance.now();
    await fill(client);
    const seconds = (performance.now() - started) / 1000;
    await client.query('DROP TABLE bench_scratch');
    return seconds;
  } finally {
    await client.end();
  }
}

/**
 * Seconds to COPY the file into a bare table of text columns in the same database (what any CSV load
 * costs at least). The table is a regular (logged) table, as the importer's targets are.
 */
function rawCopy(url: string, file: string, columns: string[]): Promise<number> {
  return timedFill(url, `CREATE TABLE bench_scratch (${columns.map((_, i) => `c${i + 1} text`).join(', ')})`,
    (client) => pipeline(createReadStream(file), client.query(copyFrom('COPY bench_scratch FROM STDIN WITH (FORMAT csv, HEADER true)'))));
}

/** The tables an import writes its rows to, each with the query of the rows of one kind of file ($1: is_fpds). */
const WRITTEN_TABLES: Array<[string, string]> = [
  ['transaction_search', 'SELECT * FROM transaction_search WHERE is_fpds = $1'],
  ['transaction_detail', `SELECT d.* FROM transaction_detail d
    WHERE EXISTS (SELECT 1 FROM transaction_search t WHERE t.transaction_id = d.transaction_id AND t.is_fpds = $1)`],
  ['award_search', 'SELECT * FROM award_search WHERE is_fpds = $1'],
];

/**
 * Seconds to write the rows a file's import produced (its transactions, their details and its awards) into
 * bare copies of transaction_search, transaction_detail and award_search (same columns and storage, no index,
 * no trigger, no computation): the least any importer that fills these tables spends after reading the file.
 * raw COPY s over this is the best ratio such an importer could reach.
 */
async function writeFloor(url: string, fpds: boolean): Promise<number> {
  let seconds = 0;
  for (const [table, rows] of WRITTEN_TABLES) {
    seconds += await timedFill(url, `CREATE TABLE bench_scratch (LIKE ${table} INCLUDING STORAGE INCLUDING COMPRESSION)`,
      (client) => client.query(`INSERT INTO bench_scratch ${rows}`, [fpds]));
  }
  return seconds;
}

/**
 * The write floor with the tables' indexes: the same rows written into bare copies, then every index of the
 * real table built on the copy (as a bulk load builds them, after the rows; same maintenance_work_mem as the
 * importer's rebuild). A search table without its indexes is not searchable, so any importer pays this too.
 */
async function indexedWriteFloor(url: string, fpds: boolean): Promise<number> {
  let seconds = 0;
  for (const [table, rows] of WRITTEN_TABLES) {
    const definitions = await query<{ definition: string }>(url, `
      SELECT pg_get_indexdef(x.indexrelid) AS definition FROM pg_index x WHERE x.indrelid = '${table}'::regclass`);
    seconds += await timedFill(url, `CREATE TABLE bench_scratch (LIKE ${table} INCLUDING STORAGE INCLUDING COMPRESSION)`, async (client) => {
      await client.query(`INSERT INTO bench_scratch ${rows}`, [fpds]);
      await client.query(`SET maintenance_work_mem = '1GB'`);
      for (const [i, { definition }] of definitions.entries()) {
        // the same index on the copy: its own name, the copy's table
        await client.query(definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+/, (_m, unique: string | undefined) => `CREATE ${unique ?? ''}INDEX bench_scratch_${i} ON bench_scratch`));
      }
    });
  }
  return seconds;
}

/** The importer end to end, as `npm run load:awards` runs it (stage, check, upsert, derive, summaries). */
async function importFile(url: string, file: string): Promise<{ seconds: number; inserted: number; updated: number; unchanged: number; steps: Map<string, number> }> {
  const steps = new Map<string, number>();
  const started = performance.now();
  const result = await loadAwardFiles(url, [file], { onStep: (step, seconds) => steps.set(step, (steps.get(step) ?? 0) + seconds) });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, inserted: result.files[0]?.inserted ?? 0, updated: result.files[0]?.updated ?? 0, unchanged: result.files[0]?.unchanged ?? 0, steps };
}

/**
 * Two update files of the same 1,000 contract transactions of the loaded database's busiest fiscal year
 * (half with changed amounts, half new transactions of the same awards; amounts and keys differ between the
 * two), imported one after the other: the first with the log of changed rows the summaries are merged from
 * (refresh_search_summaries_changed_rows), the second with that log marked incomplete, so the summaries of
 * the fiscal years involved are rebuilt (refresh_search_summaries by fiscal year). Both files change the same rows in the same way, so the rest of the import
 * costs the same.
 */
async function updateFiles(url: string, dir: string): Promise<Array<Array<string | number>>> {
  const [busiest] = await query<{ fy: number }>(url, `
    SELECT fiscal_year AS fy FROM transaction_search WHERE is_fpds GROUP BY 1 ORDER BY count(*) DESC, 1 DESC LIMIT 1`);
  const fy = Number(busiest?.fy);
  const where = `t.action_date >= '${fy - 1}-10-01' AND t.action_date < '${fy}-10-01' AND t.transaction_id % 7 = 3`;
  const lines: Array<Array<string | number>> = [];
  for (const [variant, log] of [[1, true], [2, false]] as const) {
    const file = path.join(dir, `contracts_update_${variant}.csv`);
    const rows = await exportTransactions(url, 'contracts', file, 1000, { where, variant });
    if (!log) await query(url, 'UPDATE search_summary_state SET delta_complete = false');
    const run = await importFile(url, file);
    const [state] = await query<{ last_scope: string }>(url, 'SELECT last_scope FROM search_summary_state');
    lines.push([log ? 'changed rows' : 'fiscal years', rows, run.inserted, run.updated, run.seconds.toFixed(1),
      (run.steps.get('summaries') ?? 0).toFixed(1), state?.last_scope ?? '']);
  }
  return lines;
}

/**
 * Generates a dataset in a scratch database and writes its transactions as download-layout CSV files (or
 * reuses the files of an earlier run given with --files DIR). Then, in a second scratch database with the
 * same reference data, for each file: a raw COPY of the file into a bare table, the importer end to end
 * (derive and summary refresh included, exactly what `load:awards` does), and a second import of the same
 * file (nothing changes). The ratio is importer rows/s over raw COPY rows/s; the best ratio is the raw COPY's
 * seconds over the write floor's (writeFloor). Scratch databases are dropped.
 */
export async function run(args: string[]): Promise<void> {
  const o = benchOptions(args, { scale: 'demo', seed: '1', rows: '200000', files: '' });
  if (!isScaleName(o.scale)) throw new Error(`unknown scale '${o.scale}'`);
  const config = loadConfig();
  const database = await openDatabase(config);
  const adminUrl = withDatabase(database.url, 'postgres');
  const keep = o.files !== '';
  const dir = keep ? path.resolve(o.files) : mkdtempSync(path.join(os.tmpdir(), 'usas-loader-bench-'));
  try {
    const kinds = ['contracts', 'assistance'] as const;
    const fileOf = (kind: string) => path.join(dir, `${kind}_transactions.csv`);
    const manifest = path.join(dir, 'manifest.json');
    const wanted = { scale: o.scale, seed: o.seed, rows: o.rows };
    let files: Array<{ kind: (typeof kinds)[number]; file: string; rows: number }> = [];
    const kept = keep && existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as typeof wanted & { files: typeof files }) : undefined;
    if (kept && kept.scale === wanted.scale && kept.seed === wanted.seed && kept.rows === wanted.rows && kept.files.every((f) => existsSync(f.file))) {
      process.stderr.write(`reusing the files in ${dir}\n`);
      files = kept.files;
    } else {
      mkdirSync(dir, { recursive: true });
      process.stderr.write(`generating the ${o.scale} dataset in bench_loader_src ...\n`);
      const src = await recreate(adminUrl, 'bench_loader_src');
      await generateAwardData({ url: src, scale: o.scale, seed: Number(o.seed) });
      for (const kind of kinds) files.push({ kind, file: fileOf(kind), rows: await exportTransactions(src, kind, fileOf(kind), Number(o.rows)) });
      await drop(adminUrl, 'bench_loader_src');
      if (keep) writeFileSync(manifest, JSON.stringify({ ...wanted, files }, null, 2));
    }
    const dst = await recreate(adminUrl, 'bench_loader_dst');
    const lines: Array<Array<string | number>> = [];
    const breakdown: string[] = [];
    for (const f of files) {
      process.stderr.write(`${f.kind}: raw COPY and importer on ${f.rows} rows ...\n`);
      const raw = await rawCopy(dst, f.file, exportColumns(f.kind));
      const first = await importFile(dst, f.file);
      const floor = await writeFloor(dst, f.kind === 'contracts');
      const indexedFloor = await indexedWriteFloor(dst, f.kind === 'contracts');
      const again = await importFile(dst, f.file);
      const rawRate = f.rows / raw;
      const importRate = f.rows / first.seconds;
      lines.push([f.kind, f.rows, raw.toFixed(1), Math.round(rawRate), first.seconds.toFixed(1), Math.round(importRate), (importRate / rawRate).toFixed(2),
        floor.toFixed(1), (raw / floor).toFixed(2), (floor / first.seconds).toFixed(2), indexedFloor.toFixed(1), (indexedFloor / first.seconds).toFixed(2), first.inserted, again.seconds.toFixed(1), again.inserted + again.updated, again.unchanged]);
      const show = (steps: Map<string, number>) => [...steps].filter(([, t]) => t >= 0.05).map(([k, t]) => `${k} ${t.toFixed(1)}`).join(', ');
      breakdown.push(`${f.kind} first: ${show(first.steps)}`, `${f.kind} again: ${show(again.steps)}`);
    }
    process.stderr.write('update files: 1,000 contract transactions of one fiscal year, twice ...\n');
    const updates = await updateFiles(dst, dir);
    const [merged, rebuilt] = updates.map((l) => Number(l[5]));
    const summaryRatio = merged && rebuilt ? (rebuilt / merged).toFixed(1) : 'n/a';
    process.stdout.write(`loader benchmark: ${o.scale} dataset, seed ${o.seed}\n\n${table(
      ['file', 'rows', 'raw COPY s', 'raw rows/s', 'importer s', 'importer rows/s', 'ratio', 'write floor s', 'best ratio', 'of floor', 'indexed floor s', 'of indexed', 'inserted', 'reload s', 'reload changed', 'reload unchanged'], lines,
    )}\n\nimporter s = the whole load:awards run (stage COPY, checks, upserts, derive, summary refresh); reload = the same file again (its awards passed over once found unchanged).\nwrite floor s = only writing the transaction, transaction detail and award rows the import produced into bare copies of their tables (no index, trigger or computation); best ratio = raw COPY s / write floor s, the most any importer filling these tables could reach; of floor = write floor s / importer s (goal >= 0.33).\nindexed floor s = the write floor plus building every index of the three tables on the copies (after the rows, as a bulk load does); of indexed = indexed floor s / importer s.\nimporter steps (seconds):\n${breakdown.join('\n')}\n`);
    process.stdout.write(`\nupdate file into the loaded database, summaries refreshed by:\n\n${table(
      ['summaries by', 'rows', 'inserted', 'updated', 'importer s', 'summaries s', 'refresh scope'], updates,
    )}\n\nsummaries: rebuilding the fiscal years took ${summaryRatio}x the merge of the changed rows\n`);
    await drop(adminUrl, 'bench_loader_dst');
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
    await database.stop();
  }
}

/**
 * Floors of the search goals of issue #18, measured on the data at hand (run it at bench scale):
 *
 * - Size: the narrowest PostgreSQL table that holds the same rows and columns as the search bench's Parquet
 *   export of transaction_search (a plain heap, no index, no TOAST worth naming), next to that Parquet file.
 *   Every index and every column the API needs beyond those comes on top, so if this ratio is above the goal
 *   (3x), no row-store layout reaches it.
 * - Scan speed: the questions a request answers when no summary or index narrows its rows (a filter that keeps
 *   4-20% of the rows, grouped by another column), asked of PostgreSQL over a table of only the columns the
 *   question reads (parallel workers as configured), next to DuckDB over the Parquet file. A layout can only
 *   make PostgreSQL read fewer or narrower rows; this is the case where it reads the fewest columns possible
 *   and all the rows, so a ratio below 1 here means "no slower than a DuckDB full scan" is out of reach for
 *   any shape that must visit the rows, and only pre-aggregation can meet it.
 *
 *   npm run bench -- search-floor [--iterations 5] [--parquet-dir DIR] [--keep true]
 *
 * Runs against DATABASE_URL, or the embedded server under DATA_DIR / EMBEDDED_PG_PORT. The floor tables live
 * in the schema bench_floor, dropped at the end unless --keep true.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { benchOptions, table } from './bench-args';
import { DuckDbBaseline } from './duckdb-baseline';
import { EXPORTED_TABLES } from './search-matrix';

/** One scan question, in both dialects over a relation named {T} with the same column names. */
interface ScanQuestion {
  name: string;
  /** Columns of transaction_search the question reads (the minimal table keeps only these). */
  columns: readonly string[];
  sql: (relation: string) => string;
}

const TRANSACTIONS = EXPORTED_TABLES.find((t) => t.table === 'transaction_search')!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function median(run: () => Promise<unknown>, iterations: number): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor((samples.length - 1) / 2)]!;
}

/**
 * Filter values that select a real share of the rows: the busiest state, NAICS code and a word of the busiest
 * recipient name (skipping the catch-all names, as the search bench does).
 */
async function pickValues(client: pg.Client): Promise<{ state: string; naics: string; word: string }> {
  const one = async (text: string) => String(Object.values((await client.query(text)).rows[0] ?? {})[0] ?? '');
  const state = await one(`SELECT pop_state_code FROM transaction_search TABLESAMPLE SYSTEM (1) WHERE pop_state_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const naics = await one(`SELECT naics_code FROM transaction_search TABLESAMPLE SYSTEM (1) WHERE naics_code ~ '^[0-9]{6}$' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const name = await one(`SELECT recipient_name FROM transaction_search TABLESAMPLE SYSTEM (1) WHERE recipient_name IS NOT NULL AND recipient_name !~* '^(MULTIPLE|REDACTED|PRIVATE|INDIVIDUAL|MISCELLANEOUS)' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const word = name.split(/[^A-Za-z]+/).filter((w) => w.length >= 4).sort((a, b) => b.length - a.length)[0] ?? 'CORP';
  return { state, naics, word };
}

function questions(v: { state: string; naics: string; word: string }): ScanQuestion[] {
  const top = (key: string, where: string) => (t: string) =>
    `SELECT ${key} AS k, sum(generated_pragmatic_obligation) AS amount FROM ${t} WHERE ${where} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`;
  return [
    { name: 'count of every row', columns: ['transaction_id'], sql: (t) => `SELECT count(*) AS k, NULL AS amount FROM ${t}` },
    {
      name: `category agency, state = ${v.state}`,
      columns: ['awarding_toptier_agency_name', 'pop_state_code', 'generated_pragmatic_obligation'],
      sql: top('awarding_toptier_agency_name', `pop_state_code = ${quote(v.state)}`),
    },
    {
      name: `category state, NAICS = ${v.naics}`,
      columns: ['pop_state_code', 'naics_code', 'generated_pragmatic_obligation'],
      sql: top('pop_state_code', `naics_code = ${quote(v.naics)}`),
    },
    {
      name: `category agency, recipient text ${v.word}`,
      columns: ['awarding_toptier_agency_name', 'recipient_name', 'parent_recipient_name', 'generated_pragmatic_obligation'],
      sql: top('awarding_toptier_agency_name', `(recipient_name ILIKE ${quote(`%${v.word}%`)} OR parent_recipient_name ILIKE ${quote(`%${v.word}%`)})`),
    },
  ];
}

/** Entry point of `npm run bench -- search-floor [options]`. */
export async function run(args: string[]): Promise<void> {
  const config = loadConfig();
  const o = benchOptions(args, { iterations: '5', 'parquet-dir': path.join(config.DATA_DIR, 'bench-parquet'), keep: 'false' });
  const iterations = Number(o.iterations);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Error('--iterations must be a positive integer');
  const say = (line: string) => process.stdout.write(`search-floor: ${line}\n`);
  const database = await openDatabase(config);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let duck: DuckDbBaseline | undefined;
  try {
    await client.query('SET statement_timeout = 0');
    const opened = await DuckDbBaseline.open(database.url, o['parquet-dir'], [TRANSACTIONS], say);
    duck = opened.baseline;
    const parquet = opened.reports[0]!;
    say(`transaction_search: ${parquet.rows.toLocaleString('en-US')} rows, Parquet of ${TRANSACTIONS.columns.length} columns ${mb(parquet.parquetBytes)}`);

    await client.query('DROP SCHEMA IF EXISTS bench_floor CASCADE; CREATE SCHEMA bench_floor');
    const columnList = TRANSACTIONS.columns.map((c) => `"${c}"`).join(', ');
    let t = performance.now();
    say(`building bench_floor.narrow (the same ${TRANSACTIONS.columns.length} columns, no index) ...`);
    await client.query(`CREATE TABLE bench_floor.narrow AS SELECT ${columnList} FROM transaction_search`);
    await client.query('VACUUM (ANALYZE) bench_floor.narrow');
    const size = await client.query<{ heap: string; total: string }>(
      `SELECT pg_relation_size('bench_floor.narrow')::text AS heap, pg_total_relation_size('bench_floor.narrow')::text AS total`,
    );
    const heap = Number(size.rows[0]!.heap);
    const total = Number(size.rows[0]!.total);
    say(`built in ${((performance.now() - t) / 1000).toFixed(0)} s`);

    const values = await pickValues(client);
    say(`filter values ${JSON.stringify(values)}`);
    const rows: Array<Array<string | number>> = [];
    for (const [i, q] of questions(values).entries()) {
      const minimal = `bench_floor.q${i}`;
      t = performance.now();
      await client.query(`CREATE TABLE ${minimal} AS SELECT ${q.columns.map((c) => `"${c}"`).join(', ')} FROM bench_floor.narrow`);
      await client.query(`VACUUM (ANALYZE) ${minimal}`);
      say(`${q.name}: minimal table of ${q.columns.length} column(s) built in ${((performance.now() - t) / 1000).toFixed(0)} s; timing ...`);
      const pgMs = await median(() => client.query(q.sql(minimal)), iterations);
      const duckMs = await median(() => duck!.rows(q.sql('transactions')), iterations);
      const pgAnswer = (await client.query(q.sql(minimal))).rows.map((r: Record<string, unknown>) => `${String(r.k)}=${Number(r.amount ?? 0).toFixed(2)}`);
      const duckAnswer = (await duck.rows(q.sql('transactions'))).map((r) => `${String(r.k)}=${Number(r.amount ?? 0).toFixed(2)}`);
      rows.push([q.name, q.columns.length, pgMs.toFixed(0), duckMs.toFixed(0), `${(duckMs / pgMs).toFixed(2)}x`, pgAnswer.join() === duckAnswer.join() ? 'equal' : 'DIFFER']);
    }

    process.stdout.write('\nSize floor (transaction_search, the Parquet export\'s rows and columns):\n');
    process.stdout.write(
      `${table(
        ['relation', 'bytes', 'x Parquet'],
        [
          ['Parquet (DuckDB export)', mb(parquet.parquetBytes), '1.0x'],
          ['PostgreSQL narrowest heap, no index', mb(heap), `${(heap / parquet.parquetBytes).toFixed(1)}x`],
          ['  the same with TOAST/free-space maps', mb(total), `${(total / parquet.parquetBytes).toFixed(1)}x`],
          ['transaction_search today (indexes, TOAST)', mb(parquet.postgresBytes), `${(parquet.postgresBytes / parquet.parquetBytes).toFixed(1)}x`],
        ],
      )}\n`,
    );
    process.stdout.write('\nScan floor: PostgreSQL over only the columns read (all rows, no index) vs DuckDB over Parquet, p50 ms:\n');
    process.stdout.write(`${table(['question', 'columns', 'PostgreSQL', 'DuckDB', 'DuckDB/PG', 'answers'], rows)}\n`);
    process.stdout.write('A DuckDB/PG ratio below 1.00x: PostgreSQL cannot match a DuckDB full scan on that question without pre-aggregated rows.\n');
  } finally {
    duck?.close();
    if (o.keep !== 'true') await client.query('DROP SCHEMA IF EXISTS bench_floor CASCADE').catch(() => undefined);
    await client.end();
    await database.stop();
  }
}

export const description = 'size and scan floors of the search goals: narrowest PostgreSQL table vs Parquet, PostgreSQL vs DuckDB full scans';

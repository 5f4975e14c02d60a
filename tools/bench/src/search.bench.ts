/**
 * Search benchmark (issue #18): every request shape x filter variant of tools/bench/src/search-matrix.ts sent
 * over HTTP to the gateway (all-in-one mode, its own child process on a free port), timed next to two
 * baselines measured in the same run: the same question as plain SQL over the PostgreSQL base tables
 * (filters compiled by libs/filters, no summary tables) and as DuckDB SQL over Parquet exports of the same
 * rows (a full scan). The three answers of every case are compared. Prints progress lines, the export sizes
 * (Parquet vs PostgreSQL) and a table of p50 times with the ratios naive/HTTP and DuckDB/HTTP.
 *
 *   npm run bench -- search [--iterations 5] [--budget-seconds 20] [--only REGEX] [--no-duckdb]
 *     [--parquet-dir DIR] [--common-keyword SUPPORT] [--json FILE] [--no-refresh]
 *
 * Runs against DATABASE_URL, or the embedded server under DATA_DIR / EMBEDDED_PG_PORT.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDbPool } from '@usas/db';
import { openDatabase } from '@usas/db/embedded';
import { runMigrations } from '@usas/read-model';
import { compileFilters, type FilterContext } from '@usas/filters';
import { loadConfig } from '@usas/service-kit';
import { sql, type DatabasePool } from 'slonik';
import { request } from 'undici';
import { z } from 'zod';
import { DuckDbBaseline, type ExportReport } from './duckdb-baseline';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { EXPORTED_TABLES, filterVariants, normalise, sameAnswer, shapes, type Answer, type MatrixParams } from './search-matrix';

export interface SearchBenchOptions {
  iterations: number;
  budgetSeconds: number;
  refresh: boolean;
  only: RegExp | undefined;
  duckdb: boolean;
  parquetDir: string;
  commonKeyword: string;
  json: string;
}

const Any = z.record(z.unknown());

/** Picks filter values that hit real data: the busiest fiscal year, agency, state, NAICS code and recipient. */
async function discover(db: DatabasePool, commonKeyword: string): Promise<MatrixParams> {
  const fy = await db.one(sql.type(Any)`
    SELECT fiscal_year FROM transaction_search GROUP BY fiscal_year ORDER BY count(*) DESC, fiscal_year DESC LIMIT 1`);
  const agency = await db.one(sql.type(Any)`
    SELECT awarding_toptier_agency_name AS name FROM award_search WHERE awarding_toptier_agency_name IS NOT NULL
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const state = await db.one(sql.type(Any)`
    SELECT pop_state_code AS code FROM award_search WHERE pop_country_code = 'USA' AND pop_state_code IS NOT NULL
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const naics = await db.one(sql.type(Any)`
    SELECT naics_code AS code FROM award_search WHERE naics_code ~ '^[0-9]{6}$' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  // A busy recipient, skipping the catch-all names (MULTIPLE RECIPIENTS, REDACTED ...) that match everything.
  const recipient = await db.one(sql.type(Any)`
    SELECT max(recipient_name) AS name
    FROM (SELECT * FROM transaction_search WHERE recipient_hash IS NOT NULL LIMIT 200000) AS t
    WHERE recipient_name !~* '^(MULTIPLE|REDACTED|PRIVATE|INDIVIDUAL|MISCELLANEOUS)'
    GROUP BY recipient_hash ORDER BY count(*) DESC LIMIT 1`);
  const words = String(recipient.name ?? 'CORPORATION')
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4)
    .sort((a, b) => b.length - a.length);
  return {
    fiscalYear: Number(fy.fiscal_year),
    agency: String(agency.name),
    state: String(state.code),
    naics: String(naics.code),
    recipientText: words[0] ?? 'CORP',
    rareKeyword: words[0] ?? 'CORP',
    commonKeyword,
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/**
 * Times `run` up to `iterations` times after one warm-up whose result is returned (the answer compared).
 * Stops early when the budget is spent (at least one timed run); a warm-up longer than the whole budget is
 * itself the only sample (the slow naive scans at bench scale).
 */
async function time<T>(run: () => Promise<T>, iterations: number, budgetMs: number): Promise<{ samples: number[]; result: T }> {
  const t0 = performance.now();
  const result = await run();
  const first = performance.now() - t0;
  if (first > budgetMs) return { samples: [first], result };
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < iterations && (samples.length < 1 || performance.now() - started + percentile(samples, 0.5) < budgetMs)) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return { samples: samples.sort((a, b) => a - b), result };
}

async function filterContext(db: DatabasePool): Promise<FilterContext> {
  const rows = await db.any(sql.type(Any)`
    SELECT code, group_name, earliest_public_law_enactment_date::text AS enacted FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL`);
  return {
    defCodeEnactment: Object.fromEntries(rows.map((r) => [String(r.code), String(r.enacted)])),
    defCodeGroup: Object.fromEntries(rows.map((r) => [String(r.code), r.group_name as 'covid_19' | 'infrastructure'])),
  };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** One measured case of the matrix. */
export interface CaseResult {
  shape: string;
  filter: string;
  status: number;
  httpMs: number;
  naiveMs: number;
  duckMs: number | null;
  equal: boolean;
  detail?: string;
}

const asAnswer = (rows: ReadonlyArray<Record<string, unknown>>): Answer =>
  rows.map((r) => [String(r.k ?? ''), r.amount === null || r.amount === undefined ? null : Number(r.amount)]);

/** Runs the search benchmark and prints progress lines, the export sizes and the table. */
export async function runSearchBench(options: SearchBenchOptions): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  // The data dir may predate the code: migrate first, as npm start does (a migration that invalidates the
  // summaries makes the refresh below rebuild them), so the planner never reads tables the code expects but lacks.
  await runMigrations(database.url).catch((error: unknown) =>
    process.stderr.write(`search bench: migrations not applied: ${error instanceof Error ? error.message : String(error)}\n`),
  );
  const db = await createDbPool(database.url, { maximumPoolSize: 2, statementTimeout: 1_800_000 });
  let gateway: GatewayProcess | undefined;
  let duck: DuckDbBaseline | undefined;
  try {
    const counts = await db.one(sql.type(Any)`
      SELECT (SELECT reltuples::bigint FROM pg_class WHERE relname = 'transaction_search') AS transactions,
             (SELECT reltuples::bigint FROM pg_class WHERE relname = 'award_search') AS awards,
             (SELECT s.base_version IS NOT DISTINCT FROM v.last_value AND s.base_version IS NOT NULL
                FROM search_summary_state AS s, search_base_version AS v) AS fresh`);
    process.stdout.write(`search bench: ~${String(counts.transactions)} transactions, ~${String(counts.awards)} awards\n`);
    if (!counts.fresh) {
      if (!options.refresh) process.stdout.write('search bench: summaries are stale; the planner will read the base tables (--no-refresh)\n');
      else {
        const t = performance.now();
        process.stdout.write('search bench: summaries are stale, refreshing (refresh_search_summaries) ...\n');
        await db.query(sql.unsafe`SELECT refresh_search_summaries()`);
        process.stdout.write(`search bench: refreshed in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
      }
    }
    const params = await discover(db, options.commonKeyword);
    process.stdout.write(`search bench: parameters ${JSON.stringify(params)}\n`);
    let exports: ExportReport[] = [];
    if (options.duckdb) {
      const opened = await DuckDbBaseline.open(database.url, options.parquetDir, EXPORTED_TABLES, (line) => process.stdout.write(`${line}\n`));
      duck = opened.baseline;
      exports = opened.reports;
      for (const r of exports) {
        process.stdout.write(
          `search bench: ${r.table}: ${r.rows.toLocaleString('en-US')} rows; Parquet (${EXPORTED_TABLES.find((t) => t.table === r.table)!.columns.length} columns) ` +
            `${mb(r.parquetBytes)}; PostgreSQL table ${mb(r.postgresHeapBytes)} heap, ${mb(r.postgresBytes)} with indexes and TOAST ` +
            `(${(r.postgresBytes / r.parquetBytes).toFixed(1)}x)${r.reused ? ' (export reused)' : `, exported in ${r.seconds.toFixed(0)} s`}\n`,
        );
      }
    }
    const context = await filterContext(db);
    gateway = await startGatewayProcess(database.url);
    const cases = shapes(params).flatMap((shape) => filterVariants(params).map((variant) => ({ shape, variant })));
    const selected = cases.filter(({ shape, variant }) => !options.only || options.only.test(`${shape.name} / ${variant.name}`));
    const results: CaseResult[] = [];
    const budgetMs = options.budgetSeconds * 1000;
    for (const [i, { shape, variant }] of selected.entries()) {
      const filters = { ...shape.base, ...variant.filters };
      let status = 0;
      const http = await time(
        async () => {
          const res = await request(`${gateway!.url}/api/v2/search/${shape.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(shape.body(filters)),
          });
          status = res.statusCode;
          return (await res.body.json()) as Record<string, unknown>;
        },
        options.iterations,
        budgetMs,
      );
      const query = sql.type(Any)`${shape.naive(compileFilters(filters, shape.level, context))}`;
      const naive = await time(() => db.any(query), options.iterations, budgetMs);
      const post = shape.post ?? ((a: Answer) => a);
      const answers: Array<[string, Answer]> = [
        ['HTTP', status === 200 ? shape.fromHttp(http.result) : []],
        ['naive', post(asAnswer(naive.result))],
      ];
      let duckMs: number | null = null;
      if (duck) {
        const where = `(${shape.duckBase}) AND (${variant.duck(shape.level)})`;
        const d = await time(() => duck!.rows(shape.duck(where)), options.iterations, budgetMs);
        duckMs = percentile(d.samples, 0.5);
        answers.push(['DuckDB', post(asAnswer(d.result))]);
      }
      const normal = answers.map(([who, a]): [string, Answer] => [who, normalise(a, shape.ordered)]);
      const differing = normal.filter(([, a]) => !sameAnswer(a, normal[1]![1]));
      const equal = status === 200 && differing.length === 0;
      const result: CaseResult = {
        shape: shape.name,
        filter: variant.name,
        status,
        httpMs: percentile(http.samples, 0.5),
        naiveMs: percentile(naive.samples, 0.5),
        duckMs,
        equal,
        ...(equal ? {} : { detail: normal.map(([who, a]) => `${who}: ${JSON.stringify(a.slice(0, 4))}${a.length > 4 ? ` ... (${a.length})` : ''}`).join(' | ') }),
      };
      results.push(result);
      process.stdout.write(
        `[${i + 1}/${selected.length}] ${shape.name} / ${variant.name}: HTTP ${status} ${fmt(result.httpMs)} ms (n=${http.samples.length}), ` +
          `naive ${fmt(result.naiveMs)} ms, DuckDB ${duckMs === null ? '-' : `${fmt(duckMs)} ms`}, answers ${equal ? 'equal' : `DIFFER ${result.detail}`}\n`,
      );
    }
    process.stdout.write(`\n${resultTable(results)}\n`);
    const good = results.filter((r) => r.naiveMs / r.httpMs >= 10 && (r.duckMs === null || r.duckMs >= r.httpMs)).length;
    process.stdout.write(
      `\n${good} of ${results.length} cases are >= 10x naive SQL and no slower than DuckDB; ` +
        `${results.filter((r) => r.equal).length} of ${results.length} with all answers equal\n`,
    );
    if (options.json) writeFileSync(options.json, JSON.stringify({ params, exports, results }, null, 2));
  } finally {
    duck?.close();
    await gateway?.stop();
    await db.end();
    await database.stop();
  }
}

function resultTable(results: readonly CaseResult[]): string {
  const header = ['shape', 'filter', 'status', 'HTTP p50 ms', 'naive p50 ms', 'DuckDB p50 ms', 'naive/HTTP', 'DuckDB/HTTP', 'answers'];
  const rows = results.map((r) => [
    r.shape,
    r.filter,
    String(r.status),
    fmt(r.httpMs),
    fmt(r.naiveMs),
    r.duckMs === null ? '-' : fmt(r.duckMs),
    `${(r.naiveMs / r.httpMs).toFixed(1)}x`,
    r.duckMs === null ? '-' : `${(r.duckMs / r.httpMs).toFixed(2)}x`,
    r.equal ? 'equal' : 'DIFFER',
  ]);
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, col) => (col < 2 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join(' | ')} |`;
  return `${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`;
}

/** Parses the options (see the header comment). */
export function parseSearchBenchArgs(argv: readonly string[], dataDir = '.'): SearchBenchOptions {
  const options: SearchBenchOptions = {
    iterations: 5,
    budgetSeconds: 20,
    refresh: true,
    only: undefined,
    duckdb: true,
    parquetDir: path.join(dataDir, 'bench-parquet'),
    commonKeyword: 'SUPPORT',
    json: '',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--iterations') options.iterations = Number(value());
    else if (arg === '--budget-seconds') options.budgetSeconds = Number(value());
    else if (arg === '--no-refresh') options.refresh = false;
    else if (arg === '--no-duckdb') options.duckdb = false;
    else if (arg === '--only') options.only = new RegExp(value(), 'i');
    else if (arg === '--parquet-dir') options.parquetDir = value();
    else if (arg === '--common-keyword') options.commonKeyword = value();
    else if (arg === '--json') options.json = value();
    else throw new Error(`unknown argument '${arg}' (expected --iterations N, --budget-seconds S, --only REGEX, --no-duckdb, --parquet-dir DIR, --common-keyword WORD, --json FILE, --no-refresh)`);
  }
  if (!Number.isInteger(options.iterations) || options.iterations < 1) throw new Error('--iterations must be a positive integer');
  if (!(options.budgetSeconds > 0)) throw new Error('--budget-seconds must be positive');
  if (!/^[A-Za-z]{3,}$/.test(options.commonKeyword)) throw new Error('--common-keyword must be a word of letters');
  return options;
}

/** One-line summary shown by `npm run bench` (tools/bench/src/main.ts). */
export const description = 'search shapes x filters over HTTP vs plain SQL on the base tables and DuckDB on Parquet, answers compared';

/** Entry point of `npm run bench -- search [options]`. */
export async function run(args: string[]): Promise<void> {
  await runSearchBench(parseSearchBenchArgs(args, loadConfig().DATA_DIR));
}

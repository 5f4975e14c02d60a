/**
 * Search benchmark: a fixed set of representative advanced-search requests sent over HTTP to the gateway
 * (all-in-one mode, started as a child process on a free port against DATABASE_URL), each timed next to
 * the equivalent plain SQL over the base tables (same filters, compiled by libs/filters; no summary
 * tables), in the same run. Prints progress lines and a table of p50/p95 per request and the ratio
 * plain SQL p50 / HTTP p50.
 *
 *   DATABASE_URL=postgres://... npm run bench -- search [--iterations 10] [--budget-seconds 20] [--no-refresh]
 *
 * The gateway runs in its own process so client timing and server work do not share an event loop.
 */
import { performance } from 'node:perf_hooks';
import { createDbPool } from '@usas/db';
import { compileFilters, type AdvancedFilter, type FilterContext, type SpendingLevel } from '@usas/filters';
import { loadConfig } from '@usas/service-kit';
import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import { request } from 'undici';
import { z } from 'zod';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';

const CONTRACTS: NonNullable<AdvancedFilter['award_type_codes']> = ['A', 'B', 'C', 'D'];

interface BenchCase {
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** The same question as plain SQL over the base table of `level`, filtered by `filters`. */
  level: SpendingLevel;
  filters: AdvancedFilter;
  naive: (where: FragmentSqlToken) => FragmentSqlToken;
}

interface Params {
  allDefCodes: string[];
  fiscalYear: number;
  agency: string;
  recipientId: string;
  keyword: string;
  defCode: string;
}

export interface SearchBenchOptions {
  iterations: number;
  budgetSeconds: number;
  refresh: boolean;
}

const Any = z.record(z.unknown());

/** Picks filter values that hit real data: the busiest fiscal year, agency, recipient and DEF code. */
async function discover(db: DatabasePool): Promise<Params> {
  const fy = await db.one(sql.type(Any)`
    SELECT fiscal_year FROM transaction_search GROUP BY fiscal_year ORDER BY count(*) DESC, fiscal_year DESC LIMIT 1`);
  const agency = await db.one(sql.type(Any)`
    SELECT awarding_toptier_agency_name AS name FROM award_search WHERE awarding_toptier_agency_name IS NOT NULL
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  // A busy recipient, skipping the catch-all names (MULTIPLE RECIPIENTS, REDACTED ...) that match everything.
  const recipient = await db.one(sql.type(Any)`
    SELECT recipient_hash::text AS hash, parent_uei IS NOT NULL AS child, max(recipient_name) AS name
    FROM (SELECT * FROM transaction_search WHERE recipient_hash IS NOT NULL LIMIT 200000) AS t
    WHERE recipient_name !~* '^(MULTIPLE|REDACTED|PRIVATE|INDIVIDUAL|MISCELLANEOUS)'
    GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`);
  const defc = await db.maybeOne(sql.type(Any)`
    SELECT code FROM (SELECT unnest(disaster_emergency_fund_codes) AS code FROM award_search LIMIT 200000) AS d
    GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
  const words = String(recipient.name ?? 'CORPORATION')
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4);
  const codes = await db.any(sql.type(Any)`SELECT code FROM disaster_emergency_fund_code ORDER BY code`);
  return {
    allDefCodes: codes.map((r) => String(r.code)),
    fiscalYear: Number(fy.fiscal_year),
    agency: String(agency.name),
    recipientId: `${String(recipient.hash)}-${recipient.child ? 'C' : 'R'}`,
    keyword: words.sort((a, b) => b.length - a.length)[0] ?? 'CORP',
    defCode: String(defc?.code ?? 'L'),
  };
}

const c = (name: string) => sql.identifier([name]);

/** Plain GROUP BY over a base table: top 11 keys by obligation (what a page of 10 needs). */
const topBy = (table: string, key: string, measure = 'generated_pragmatic_obligation') => (where: FragmentSqlToken) =>
  sql.fragment`SELECT ${c(key)} AS k, sum(${c(measure)}) AS amount FROM ${c(table)} WHERE ${where} AND ${c(key)} IS NOT NULL
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 11`;

function cases(p: Params): BenchCase[] {
  const period = [{ start_date: `${p.fiscalYear - 1}-10-01`, end_date: `${p.fiscalYear}-09-30` }];
  const fyContracts: AdvancedFilter = { time_period: period, award_type_codes: CONTRACTS };
  const categories: Array<[string, string]> = [
    ['awarding_agency', 'awarding_toptier_agency_code'],
    ['awarding_subagency', 'awarding_subtier_agency_code'],
    ['funding_agency', 'funding_toptier_agency_code'],
    ['funding_subagency', 'funding_subtier_agency_code'],
    ['cfda', 'cfda_number'],
    ['country', 'pop_country_code'],
    ['county', 'pop_county_code'],
    ['district', 'pop_congressional_code_current'],
    ['naics', 'naics_code'],
    ['psc', 'product_or_service_code'],
    ['recipient', 'recipient_hash'],
    ['state_territory', 'pop_state_code'],
  ];
  const out: BenchCase[] = [];
  out.push({
    name: 'over_time month FY+contracts',
    path: 'spending_over_time/',
    body: { group: 'month', filters: fyContracts },
    level: 'transactions',
    filters: fyContracts,
    naive: (where) => sql.fragment`SELECT extract(month FROM action_date + interval '3 months') AS m, award_category,
      sum(generated_pragmatic_obligation) FROM transaction_search WHERE ${where} GROUP BY 1, 2`,
  });
  for (const [category, key] of categories) {
    // cfda rows are assistance: benchmark it with grants instead of contracts.
    const filters: AdvancedFilter = category === 'cfda' ? { time_period: period, award_type_codes: ['02', '03', '04', '05'] } : fyContracts;
    out.push({
      name: `category ${category}`,
      path: `spending_by_category/${category}/`,
      body: { filters },
      level: 'transactions',
      filters,
      naive: topBy('transaction_search', key),
    });
  }
  out.push({
    name: 'category defc',
    path: 'spending_by_category/defc/',
    body: { filters: fyContracts },
    level: 'transactions',
    // The endpoint applies every DEF code as a filter (enactment dates); the plain SQL does the same.
    filters: { ...fyContracts, def_codes: p.allDefCodes },
    naive: (where) => sql.fragment`SELECT u.code, sum(generated_pragmatic_obligation) FROM transaction_search
      CROSS JOIN LATERAL unnest(disaster_emergency_fund_codes) AS u(code) WHERE ${where} GROUP BY 1 ORDER BY 2 DESC LIMIT 11`,
  });
  out.push({
    name: 'category federal_account',
    path: 'spending_by_category/federal_account/',
    body: { filters: fyContracts },
    level: 'transactions',
    filters: fyContracts,
    naive: (where) => sql.fragment`SELECT u.id, sum(generated_pragmatic_obligation) FROM transaction_search
      CROSS JOIN LATERAL unnest(federal_account_ids) AS u(id) WHERE ${where} GROUP BY 1 ORDER BY 2 DESC LIMIT 11`,
  });
  for (const [layer, key] of [
    ['state', 'pop_state_code'],
    ['county', 'pop_county_code'],
    ['district', 'pop_congressional_code_current'],
    ['country', 'pop_country_code'],
  ] as const) {
    const filters: AdvancedFilter = layer === 'country' ? fyContracts : { ...fyContracts, place_of_performance_scope: 'domestic' };
    out.push({
      name: `geography ${layer}`,
      path: 'spending_by_geography/',
      body: { filters: fyContracts, scope: 'place_of_performance', geo_layer: layer },
      level: 'transactions',
      filters,
      naive: (where) => sql.fragment`SELECT pop_state_code, ${c(key)}, sum(generated_pragmatic_obligation) FROM transaction_search
        WHERE ${where} GROUP BY 1, 2`,
    });
  }
  const fyOnly: AdvancedFilter = { time_period: period };
  out.push({
    name: 'award count FY',
    path: 'spending_by_award_count/',
    body: { filters: fyOnly },
    level: 'awards',
    filters: fyOnly,
    naive: (where) => sql.fragment`SELECT type, count(*) FROM award_search WHERE ${where} GROUP BY 1`,
  });
  for (const page of [1, 100]) {
    out.push({
      name: `awards by amount page ${page}`,
      path: 'spending_by_award/',
      body: { filters: fyContracts, fields: ['Award ID', 'Recipient Name', 'Award Amount', 'Awarding Agency'], sort: 'Award Amount', page, limit: 10 },
      level: 'awards',
      filters: fyContracts,
      naive: (where) => sql.fragment`SELECT award_id, display_award_id, recipient_name, total_obligation FROM award_search WHERE ${where}
        ORDER BY total_obligation DESC NULLS LAST, award_id DESC LIMIT 11 OFFSET ${(page - 1) * 10}`,
    });
  }
  const keyword: AdvancedFilter = { keywords: [p.keyword], award_type_codes: CONTRACTS };
  out.push({
    name: `keyword transactions '${p.keyword}'`,
    path: 'spending_by_transaction/',
    body: { filters: keyword, fields: ['Award ID', 'Mod', 'Recipient Name', 'Transaction Amount'], sort: 'Transaction Amount', limit: 10 },
    level: 'transactions',
    filters: keyword,
    naive: (where) => sql.fragment`SELECT transaction_id, display_award_id, federal_action_obligation FROM transaction_search WHERE ${where}
      ORDER BY federal_action_obligation DESC NULLS LAST, transaction_id DESC LIMIT 11`,
  });
  const recipient: AdvancedFilter = { recipient_id: p.recipientId, time_period: period };
  out.push({
    name: 'recipient over_time FY',
    path: 'spending_over_time/',
    body: { group: 'fiscal_year', filters: recipient },
    level: 'transactions',
    filters: recipient,
    naive: (where) => sql.fragment`SELECT award_category, sum(generated_pragmatic_obligation) FROM transaction_search WHERE ${where} GROUP BY 1`,
  });
  const defc: AdvancedFilter = { def_codes: [p.defCode] };
  out.push({
    name: `DEF code ${p.defCode} by awarding agency`,
    path: 'spending_by_category/awarding_agency/',
    body: { filters: defc },
    level: 'transactions',
    filters: defc,
    naive: topBy('transaction_search', 'awarding_toptier_agency_code'),
  });
  return out;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** Times `run` `iterations` times (at least 3, fewer when the time budget runs out), after one warm-up. */
async function time(run: () => Promise<void>, iterations: number, budgetMs: number): Promise<number[]> {
  await run();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < iterations && (samples.length < 3 || performance.now() - started < budgetMs)) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b);
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

/** Runs the search benchmark against DATABASE_URL and prints progress lines and the table. */
export async function runSearchBench(options: SearchBenchOptions): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required: the benchmark runs against an existing database.');
  const db = await createDbPool(config.DATABASE_URL, { maximumPoolSize: 2, statementTimeout: 600_000 });
  let gateway: GatewayProcess | undefined;
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
    const params = await discover(db);
    process.stdout.write(`search bench: parameters ${JSON.stringify(params)}\n`);
    const context = await filterContext(db);
    gateway = await startGatewayProcess(config.DATABASE_URL);
    const list = cases(params);
    const rows: Array<{ name: string; http: number[]; sqlMs: number[]; status: number }> = [];
    const budgetMs = options.budgetSeconds * 1000;
    for (const [i, bc] of list.entries()) {
      let status = 0;
      const http = await time(
        async () => {
          const res = await request(`${gateway!.url}/api/v2/search/${bc.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(bc.body),
          });
          status = res.statusCode;
          await res.body.dump();
        },
        options.iterations,
        budgetMs,
      );
      const where = compileFilters(bc.filters, bc.level, context);
      const query = sql.unsafe`${bc.naive(where)}`;
      const sqlMs = await time(
        async () => {
          await db.any(query);
        },
        options.iterations,
        budgetMs,
      );
      rows.push({ name: bc.name, http, sqlMs, status });
      process.stdout.write(
        `[${i + 1}/${list.length}] ${bc.name}: HTTP ${status} p50 ${fmt(percentile(http, 0.5))} ms (n=${http.length}), ` +
          `plain SQL p50 ${fmt(percentile(sqlMs, 0.5))} ms (n=${sqlMs.length})\n`,
      );
    }
    const header = ['request', 'status', 'HTTP p50 ms', 'HTTP p95 ms', 'SQL p50 ms', 'SQL p95 ms', 'SQL/HTTP p50'];
    const table = rows.map((r) => [
      r.name,
      String(r.status),
      fmt(percentile(r.http, 0.5)),
      fmt(percentile(r.http, 0.95)),
      fmt(percentile(r.sqlMs, 0.5)),
      fmt(percentile(r.sqlMs, 0.95)),
      `${(percentile(r.sqlMs, 0.5) / percentile(r.http, 0.5)).toFixed(1)}x`,
    ]);
    const widths = header.map((h, col) => Math.max(h.length, ...table.map((row) => row[col]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join(' | ')} |`;
    process.stdout.write(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table.map(line).join('\n')}\n`);
  } finally {
    await gateway?.stop();
    await db.end();
  }
}

/** Parses `--iterations N --budget-seconds S --no-refresh`. */
export function parseSearchBenchArgs(argv: readonly string[]): SearchBenchOptions {
  const options: SearchBenchOptions = { iterations: 10, budgetSeconds: 20, refresh: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--iterations') options.iterations = Number(argv[++i]);
    else if (arg === '--budget-seconds') options.budgetSeconds = Number(argv[++i]);
    else if (arg === '--no-refresh') options.refresh = false;
    else throw new Error(`unknown argument '${arg}' (expected --iterations N, --budget-seconds S, --no-refresh)`);
  }
  if (!Number.isInteger(options.iterations) || options.iterations < 1) throw new Error('--iterations must be a positive integer');
  if (!(options.budgetSeconds > 0)) throw new Error('--budget-seconds must be positive');
  return options;
}

/** One-line summary shown by `npm run bench` (tools/bench/src/main.ts). */
export const description = 'advanced search requests over HTTP vs the same question as plain SQL on the base tables';

/** Entry point of `npm run bench -- search [options]`. */
export async function run(args: string[]): Promise<void> {
  await runSearchBench(parseSearchBenchArgs(args));
}

if (require.main === module) {
  runSearchBench(parseSearchBenchArgs(process.argv.slice(2))).catch((error: unknown) => {
    process.stderr.write(`search bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

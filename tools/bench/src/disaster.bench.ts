/**
 * `npm run bench -- disaster [--samples 10]`: latency of each disaster insight endpoint (and award/amount,
 * spending_by_geography, overview) over HTTP (the all-in-one gateway as a child process on a free local port) next
 * to a naive query computing the same figures over the base account tables, in the same run and on the same
 * database: File C (or File B) rows of the COVID-19 DEF codes joined to submission_attributes (reporting start
 * FY2020 P7), the Treasury accounts and the awards, grouped per result, with index use switched off (a scan, as
 * the account tables without the disaster query plans would be read). The ratio is naive p50 / HTTP p50 (goal:
 * 10x or more). Database: DATABASE_URL, or the embedded server under DATA_DIR / EMBEDDED_PG_PORT.
 */
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import { performance } from 'node:perf_hooks';
import { sql, type DatabasePool, type FragmentSqlToken, type QuerySqlToken } from 'slonik';
import { Pool } from 'undici';
import { z } from 'zod';
import { benchOptions, table } from './bench-args';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';

const TABLES = ['financial_accounts_by_awards', 'financial_accounts_by_program_activity_object_class', 'submission_attributes', 'gtas_sf133_balances', 'award_search'];

interface Case {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  naive: QuerySqlToken;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

/** File C rows of the codes from the reporting start, grouped by `group` (joins: t TAS, fa federal account, a award, oc object class). */
function naiveFileC(codes: string[], group: FragmentSqlToken, loans = false): QuerySqlToken {
  return sql.unsafe`
    SELECT ${group} AS k, sum(f.transaction_obligated_amount), sum(f.gross_outlay_amount_by_award_cpe), count(DISTINCT f.award_id),
      sum(a.total_loan_value)
    FROM financial_accounts_by_awards f
    JOIN submission_attributes s ON s.submission_id = f.submission_id
    LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id
    LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
    LEFT JOIN object_class oc ON oc.id = f.object_class_id
    LEFT JOIN award_search a ON a.award_id = f.award_id
    WHERE f.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})
      AND (s.reporting_fiscal_year, s.reporting_fiscal_period) >= (2020, 7)
      ${loans ? sql.fragment`AND a.type IN ('07', '08')` : sql.fragment``}
    GROUP BY 1`;
}

/** File B rows of the codes from the reporting start, grouped by `group`. */
function naiveFileB(codes: string[], group: FragmentSqlToken): QuerySqlToken {
  return sql.unsafe`
    SELECT ${group} AS k, sum(b.obligations_incurred_by_program_object_class_cpe), sum(b.gross_outlay_amount_by_program_object_class_cpe)
    FROM financial_accounts_by_program_activity_object_class b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
    LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
    LEFT JOIN object_class oc ON oc.id = b.object_class_id
    WHERE b.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})
      AND (s.reporting_fiscal_year, s.reporting_fiscal_period) >= (2020, 7)
    GROUP BY 1`;
}

async function timeHttp(client: Pool, c: Case, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    const res = await client.request({
      path: c.path,
      method: c.method,
      headers: c.body === undefined ? {} : { 'content-type': 'application/json' },
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    out.push(performance.now() - started);
  }
  return out;
}

async function timeNaive(db: DatabasePool, c: Case, n: number): Promise<number[]> {
  return db.connect(async (conn) => {
    await conn.query(sql.unsafe`SELECT set_config('enable_indexscan', 'off', false), set_config('enable_bitmapscan', 'off', false),
      set_config('enable_indexonlyscan', 'off', false)`);
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const started = performance.now();
      await conn.query(c.naive);
      out.push(performance.now() - started);
    }
    return out;
  });
}

function cases(codes: string[]): Case[] {
  const filter = { def_codes: codes };
  const post = (name: string, path: string, body: unknown, naive: QuerySqlToken): Case => ({ name, path: `/api/v2/disaster/${path}/`, method: 'POST', body, naive });
  const agency = sql.fragment`t.funding_toptier_agency_id`;
  const account = sql.fragment`(fa.id, t.treasury_account_identifier)`;
  const major = sql.fragment`(oc.major_object_class, oc.object_class)`;
  return [
    { name: 'overview', path: `/api/v2/disaster/overview/?def_codes=${codes.join(',')}`, method: 'GET', naive: naiveFileC(codes, sql.fragment`f.disaster_emergency_fund_code`) },
    post('award/amount', 'award/amount', { filter }, naiveFileC(codes, sql.fragment`1`)),
    post('agency/spending award', 'agency/spending', { filter, spending_type: 'award' }, naiveFileC(codes, agency)),
    post('agency/spending total', 'agency/spending', { filter, spending_type: 'total' }, naiveFileB(codes, agency)),
    post('agency/loans', 'agency/loans', { filter }, naiveFileC(codes, agency, true)),
    post('federal_account/spending award', 'federal_account/spending', { filter, spending_type: 'award' }, naiveFileC(codes, account)),
    post('federal_account/spending total', 'federal_account/spending', { filter, spending_type: 'total' }, naiveFileB(codes, account)),
    post('federal_account/loans', 'federal_account/loans', { filter }, naiveFileC(codes, account, true)),
    post('object_class/spending award', 'object_class/spending', { filter, spending_type: 'award' }, naiveFileC(codes, major)),
    post('object_class/spending total', 'object_class/spending', { filter, spending_type: 'total' }, naiveFileB(codes, major)),
    post('object_class/loans', 'object_class/loans', { filter }, naiveFileC(codes, major, true)),
    post('cfda/spending', 'cfda/spending', { filter, spending_type: 'award' }, naiveFileC(codes, sql.fragment`a.cfda_number`)),
    post('cfda/loans', 'cfda/loans', { filter }, naiveFileC(codes, sql.fragment`a.cfda_number`, true)),
    post('recipient/spending', 'recipient/spending', { filter }, naiveFileC(codes, sql.fragment`a.recipient_hash`)),
    post('recipient/loans', 'recipient/loans', { filter }, naiveFileC(codes, sql.fragment`a.recipient_hash`, true)),
    post('spending_by_geography state', 'spending_by_geography', { filter, geo_layer: 'state', spending_type: 'obligation' }, naiveFileC(codes, sql.fragment`a.recipient_location_state_code`)),
    post('spending_by_geography county', 'spending_by_geography', { filter, geo_layer: 'county', spending_type: 'obligation' }, naiveFileC(codes, sql.fragment`(a.recipient_location_state_code, a.recipient_location_county_code)`)),
  ];
}

export const description = 'disaster insight endpoints over HTTP vs naive sums over the base account tables';

export async function run(args: string[]): Promise<void> {
  const options = benchOptions(args, { samples: '10' });
  const n = Number(options.samples);
  const config = loadConfig();
  const database = await openDatabase(config);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    log(`disaster bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    await runMigrations(database.url).catch((error: unknown) => log(`migrations not applied: ${error instanceof Error ? error.message : String(error)}`));
    const db = await createDbPool(database.url, { maximumPoolSize: 2 });
    let gateway: GatewayProcess | undefined;
    try {
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(sql.type(z.object({ relname: z.string(), n: z.number() }))`
        SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`);
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      const codes = (await db.any(sql.type(z.object({ code: z.string() }))`SELECT code FROM disaster_emergency_fund_code WHERE group_name = 'covid_19' ORDER BY code`)).map((r) => r.code);
      log(`DEF codes: ${codes.join(',')}`);
      gateway = await startGatewayProcess(database.url);
      const client = new Pool(gateway.url, { connections: 1 });
      const rows: Array<Array<string | number>> = [];
      const all = cases(codes);
      for (const [i, c] of all.entries()) {
        await timeHttp(client, c, 2);
        const httpMs = await timeHttp(client, c, n);
        const naiveMs = await timeNaive(db, c, n);
        const ratio = percentile(naiveMs, 50) / percentile(httpMs, 50);
        log(`[${i + 1}/${all.length}] ${c.name}: HTTP p50 ${fmt(percentile(httpMs, 50))} ms, naive p50 ${fmt(percentile(naiveMs, 50))} ms -> ${ratio.toFixed(1)}x`);
        rows.push([c.name, fmt(percentile(httpMs, 50)), fmt(percentile(httpMs, 95)), fmt(percentile(naiveMs, 50)), fmt(percentile(naiveMs, 95)), `${ratio.toFixed(1)}x`]);
      }
      await client.close();
      process.stdout.write(`${table(['endpoint', 'HTTP p50 ms', 'HTTP p95 ms', 'naive p50 ms', 'naive p95 ms', 'naive/HTTP'], rows)}\n`);
    } finally {
      await gateway?.stop();
      await db.end();
    }
  } finally {
    await database.stop();
  }
}

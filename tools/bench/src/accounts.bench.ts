/**
 * `npm run bench -- accounts [--samples 40]`: latency of the federal account endpoints the website's account page
 * loads (fiscal_year_snapshot/{fy}, available_object_classes, object_classes/total) through HTTP (the all-in-one
 * gateway as a child process) next to the naive way of computing the same answer over the base tables in the same
 * run: pick each agency's latest certified submission per period from the DABS window schedule, keep the latest
 * period of the year, and sum File A / File B of the account's Treasury accounts, with index use switched off (as
 * a service without the account summaries of migration 0100 would scan). The ratio is naive p50 / HTTP p50 (goal:
 * 10x or more). The same statements with indexes allowed are reported too. Database: DATABASE_URL, or the
 * embedded server under DATA_DIR / EMBEDDED_PG_PORT.
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

const TABLES = ['appropriation_account_balances', 'financial_accounts_by_program_activity_object_class', 'submission_attributes',
  'dabs_submission_window_schedule', 'treasury_appropriation_account'];

interface Sample { id: number; code: string; fy: number }
interface Case { name: string; request: (s: Sample) => { path: string; method: 'GET' | 'POST'; body?: string }; naive: (s: Sample) => QuerySqlToken }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor(s.length / 2)] as number);
};
const ms = (x: number) => (Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(2));

/** The naive "latest submission of the year per agency" over the base tables (what migration 0100 precomputes). */
const LATEST: FragmentSqlToken = sql.fragment`
  latest AS (
    SELECT submission_id FROM (
      SELECT s.submission_id, s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period,
        rank() OVER (PARTITION BY s.toptier_code, s.reporting_fiscal_year ORDER BY s.reporting_fiscal_period DESC) AS period_rank,
        row_number() OVER (PARTITION BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period
          ORDER BY s.quarter_format_flag, coalesce(s.certified_date, s.published_date) DESC, s.submission_id DESC) AS version
      FROM submission_attributes s
      JOIN dabs_submission_window_schedule w ON w.submission_fiscal_year = s.reporting_fiscal_year
        AND w.submission_fiscal_month = s.reporting_fiscal_period AND w.is_quarter = s.quarter_format_flag
      WHERE w.submission_reveal_date <= now()) x
    WHERE period_rank = 1 AND version = 1)`;

const CASES: Case[] = [
  {
    name: 'fiscal_year_snapshot/{fy}',
    request: (s) => ({ path: `/api/v2/federal_accounts/${s.id}/fiscal_year_snapshot/${s.fy}/`, method: 'GET' }),
    naive: (s) => sql.unsafe`
      WITH ${LATEST}
      SELECT sum(a.gross_outlay_amount_by_tas_cpe), sum(a.total_budgetary_resources_amount_cpe), sum(a.obligations_incurred_total_by_tas_cpe),
        sum(a.unobligated_balance_cpe), sum(a.budget_authority_unobligated_balance_brought_forward_fyb), sum(a.other_budgetary_resources_amount_cpe),
        sum(a.budget_authority_appropriated_amount_cpe)
      FROM appropriation_account_balances a
      JOIN submission_attributes sa ON sa.submission_id = a.submission_id AND sa.reporting_fiscal_year = ${s.fy}
      JOIN latest l ON l.submission_id = a.submission_id
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = a.treasury_account_identifier
      WHERE t.federal_account_id = ${s.id}`,
  },
  {
    name: 'available_object_classes',
    request: (s) => ({ path: `/api/v2/federal_accounts/${s.id}/available_object_classes`, method: 'GET' }),
    naive: (s) => sql.unsafe`
      SELECT DISTINCT oc.major_object_class, oc.major_object_class_name, oc.object_class, oc.object_class_name
      FROM financial_accounts_by_program_activity_object_class b
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      JOIN object_class oc ON oc.id = b.object_class_id
      WHERE t.federal_account_id = ${s.id}`,
  },
  {
    name: 'object_classes/total (one year)',
    request: (s) => ({
      path: `/api/v2/federal_accounts/${s.code}/object_classes/total`, method: 'POST',
      body: JSON.stringify({ filters: { time_period: [{ start_date: `${s.fy - 1}-10-01`, end_date: `${s.fy}-09-30` }] }, limit: 10 }),
    }),
    naive: (s) => sql.unsafe`
      WITH ${LATEST}
      SELECT oc.object_class, oc.object_class_name, sum(b.obligations_incurred_by_program_object_class_cpe)
      FROM financial_accounts_by_program_activity_object_class b
      JOIN submission_attributes sa ON sa.submission_id = b.submission_id AND sa.reporting_fiscal_year = ${s.fy}
      JOIN latest l ON l.submission_id = b.submission_id
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      LEFT JOIN object_class oc ON oc.id = b.object_class_id
      WHERE t.federal_account_id = ${s.id}
      GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10`,
  },
];

async function timeHttp(client: Pool, c: Case, samples: readonly Sample[]): Promise<number[]> {
  const out: number[] = [];
  for (const s of samples) {
    const r = c.request(s);
    const started = performance.now();
    const res = await client.request({ ...r, headers: { 'content-type': 'application/json' } });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${c.name} ${s.id}: HTTP ${res.statusCode}`);
    out.push(performance.now() - started);
  }
  return out;
}

async function timeNaive(db: DatabasePool, c: Case, samples: readonly Sample[], indexes: boolean): Promise<number[]> {
  return db.connect(async (conn) => {
    const flag = indexes ? 'on' : 'off';
    await conn.query(sql.unsafe`SELECT set_config('enable_indexscan', ${flag}, false), set_config('enable_bitmapscan', ${flag}, false),
      set_config('enable_indexonlyscan', ${flag}, false)`);
    const out: number[] = [];
    for (const s of samples) {
      const started = performance.now();
      await conn.query(c.naive(s));
      out.push(performance.now() - started);
    }
    return out;
  });
}

export const description = 'federal account snapshot / object class latency over HTTP vs naive SQL over File A and File B';

export async function run(args: string[]): Promise<void> {
  const options = benchOptions(args, { samples: '40' });
  const config = loadConfig();
  const database = await openDatabase(config);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let gateway: GatewayProcess | undefined;
  try {
    log(`accounts bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    await runMigrations(database.url).catch((error: unknown) => log(`migrations not applied: ${error instanceof Error ? error.message : String(error)}`));
    const db = await createDbPool(database.url, { maximumPoolSize: 4, statementTimeout: 'DISABLE_TIMEOUT' });
    try {
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(sql.type(z.object({ relname: z.string(), n: z.number() }))`
        SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`);
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      // The accounts with the most File A rows in the latest year, spread over agencies.
      const samples = await db.any(sql.type(z.object({ id: z.number(), code: z.string(), fy: z.number() }))`
        SELECT fa.id, fa.federal_account_code AS code, b.fiscal_year AS fy
        FROM (SELECT federal_account_id, fiscal_year, count(*) AS n FROM account_fy_tas_balance
              WHERE fiscal_year = (SELECT max(fiscal_year) FROM account_fy_tas_balance) AND federal_account_id IS NOT NULL GROUP BY 1, 2) b
        JOIN federal_account fa ON fa.id = b.federal_account_id
        ORDER BY b.n DESC, fa.id LIMIT ${Number(options.samples)}`);
      if (samples.length === 0) throw new Error('no account data: run `npm run datagen` (or start the service once) first');
      log(`${samples.length} federal accounts, fiscal year ${samples[0]?.fy}; starting the gateway`);
      gateway = await startGatewayProcess(database.url);
      const client = new Pool(gateway.url, { connections: 1 });
      const rows: Array<Array<string | number>> = [];
      for (const c of CASES) {
        // A whole untimed pass first: the gateway child has just started, and a few requests leave its code (JIT)
        // and the pool's connections cold, which the first endpoint timed would pay for alone.
        await timeHttp(client, c, samples);
        const http = median(await timeHttp(client, c, samples));
        // The scans are slow: a few accounts suffice for their median.
        const naive = median(await timeNaive(db, c, samples.slice(0, 3), false));
        const indexed = median(await timeNaive(db, c, samples, true));
        log(`${c.name}: HTTP p50 ${ms(http)} ms, naive p50 ${ms(naive)} ms -> ${(naive / http).toFixed(1)}x`);
        rows.push([c.name, samples.length, ms(http), ms(naive), `${(naive / http).toFixed(1)}x`, ms(indexed), `${(indexed / http).toFixed(1)}x`]);
      }
      await client.close();
      process.stdout.write(`${table(['endpoint', 'accounts', 'HTTP p50 ms', 'naive p50 ms', 'naive/HTTP', 'indexed naive p50 ms', 'indexed/HTTP'], rows)}\n`);
    } finally {
      await db.end();
    }
  } finally {
    await gateway?.stop();
    await database.stop();
  }
}

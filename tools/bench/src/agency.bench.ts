/**
 * `npm run bench -- agency [--samples 30]`: latency of the agency overview (GET agency/{code}/?fiscal_year) and
 * budgetary resources (GET agency/{code}/budgetary_resources/) through HTTP (the all-in-one gateway as a child
 * process on a free local port) next to the naive way of computing the same figures straight from the base tables
 * (File A, File B, GTAS, submission_attributes, treasury_appropriation_account), in the same run and on the same
 * database. The naive statements run twice: with index use switched off (a scan, as without the agency
 * summaries and indexes) and with the indexes allowed. Ratio = naive p50 / HTTP p50 (goal 10x or more). Samples:
 * the agencies with the most File A rows. Database: DATABASE_URL, or the embedded server under DATA_DIR /
 * EMBEDDED_PG_PORT (migrations are applied first, then the tables analysed). `--url http://host:port` times an
 * already running server on that database instead of starting a gateway child process.
 */
import { createDbPool } from '@usas/db';
import { runMigrations } from '@usas/read-model';
import { openDatabase } from '@usas/db/embedded';
import { loadConfig } from '@usas/service-kit';
import { performance } from 'node:perf_hooks';
import { sql, type DatabasePool, type QuerySqlToken } from 'slonik';
import { Pool } from 'undici';
import { z } from 'zod';
import { benchOptions, table } from './bench-args';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';

const TABLES = ['appropriation_account_balances', 'financial_accounts_by_program_activity_object_class', 'gtas_sf133_balances',
  'submission_attributes', 'treasury_appropriation_account'];

interface Case {
  name: string;
  path: (code: string) => string;
  naive: (code: string) => QuerySqlToken[];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

/** Latest revealed submission per submitting agency of one year, written out over the base tables. */
const naiveLatest = (fy: number) => sql.fragment`
  SELECT DISTINCT ON (s.toptier_code) s.submission_id FROM submission_attributes s
  LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
  WHERE s.reporting_fiscal_year = ${fy} AND coalesce(w.submission_reveal_date, s.published_date) <= now()
  ORDER BY s.toptier_code, s.reporting_fiscal_period DESC, s.quarter_format_flag, s.submission_id DESC`;

function naiveOverview(code: string, fy: number): QuerySqlToken[] {
  return [
    sql.unsafe`SELECT t.*, (SELECT min(id) FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id),
                 (SELECT count(*) FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id AND a.subtier_agency_id IS NOT NULL)
               FROM toptier_agency t WHERE t.toptier_code = ${code}`,
    sql.unsafe`SELECT d.* FROM disaster_emergency_fund_code d WHERE d.code IN (
                 SELECT b.disaster_emergency_fund_code FROM financial_accounts_by_program_activity_object_class b
                 JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = b.treasury_account_id
                 JOIN toptier_agency t ON t.toptier_agency_id = taa.funding_toptier_agency_id
                 WHERE t.toptier_code = ${code} AND b.submission_id IN (${naiveLatest(fy)}))`,
  ];
}

function naiveBudgetaryResources(code: string, fromYear: number, toYear: number): QuerySqlToken[] {
  const out: QuerySqlToken[] = [sql.unsafe`SELECT * FROM toptier_agency WHERE toptier_code = ${code}`];
  for (let fy = toYear; fy >= fromYear; fy -= 1) {
    out.push(sql.unsafe`
      SELECT sum(aab.total_budgetary_resources_amount_cpe), sum(aab.obligations_incurred_total_by_tas_cpe), sum(aab.gross_outlay_amount_by_tas_cpe)
      FROM appropriation_account_balances aab
      JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
      JOIN toptier_agency t ON t.toptier_agency_id = taa.funding_toptier_agency_id
      WHERE t.toptier_code = ${code} AND aab.submission_id IN (${naiveLatest(fy)})`);
    out.push(sql.unsafe`
      SELECT sum(total_budgetary_resources_cpe) FROM gtas_sf133_balances
      WHERE fiscal_year = ${fy} AND fiscal_period = (SELECT max(fiscal_period) FROM gtas_sf133_balances WHERE fiscal_year = ${fy})`);
  }
  out.push(sql.unsafe`
    SELECT s.reporting_fiscal_year, s.reporting_fiscal_period, sum(aab.obligations_incurred_total_by_tas_cpe)
    FROM appropriation_account_balances aab
    JOIN submission_attributes s ON s.submission_id = aab.submission_id
    JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
    JOIN toptier_agency t ON t.toptier_agency_id = taa.funding_toptier_agency_id
    WHERE t.toptier_code = ${code} AND s.reporting_fiscal_year BETWEEN ${fromYear} AND ${toYear}
    GROUP BY 1, 2`);
  return out;
}

async function timeHttp(client: Pool, c: Case, codes: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const code of codes) {
    const started = performance.now();
    const res = await client.request({ path: c.path(code), method: 'GET' });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${c.name} ${code}: HTTP ${res.statusCode}`);
    out.push(performance.now() - started);
  }
  return out;
}

async function timeNaive(db: DatabasePool, c: Case, codes: string[], indexes: boolean): Promise<number[]> {
  return db.connect(async (conn) => {
    const flag = indexes ? 'on' : 'off';
    await conn.query(sql.unsafe`SELECT set_config('enable_indexscan', ${flag}, false), set_config('enable_bitmapscan', ${flag}, false),
      set_config('enable_indexonlyscan', ${flag}, false)`);
    const out: number[] = [];
    for (const code of codes) {
      const started = performance.now();
      for (const q of c.naive(code)) await conn.query(q);
      out.push(performance.now() - started);
    }
    return out;
  });
}

export const description = 'agency overview and budgetary resources over HTTP vs naive SQL over the account base tables';

export async function run(args: string[]): Promise<void> {
  const options = benchOptions(args, { samples: '30', url: '' });
  const n = Number(options.samples);
  const config = loadConfig();
  const database = await openDatabase(config);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    log(`agency bench: database ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    await runMigrations(database.url).catch((error: unknown) => log(`migrations not applied: ${error instanceof Error ? error.message : String(error)}`));
    const db = await createDbPool(database.url, { maximumPoolSize: 4, statementTimeout: 'DISABLE_TIMEOUT' });
    let gateway: GatewayProcess | undefined;
    try {
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(sql.type(z.object({ relname: z.string(), n: z.number() }))`
        SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`);
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      const codes = (await db.any(sql.type(z.object({ code: z.string() }))`
        SELECT t.toptier_code AS code FROM appropriation_account_balances aab
        JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
        JOIN toptier_agency t ON t.toptier_agency_id = taa.funding_toptier_agency_id
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${n}`)).map((r) => r.code);
      if (codes.length === 0) throw new Error('no File A rows: generate the demo data first (npm start)');
      const today = new Date();
      const currentFy = today.getUTCMonth() >= 9 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
      const fy = currentFy - 1;
      const cases: Case[] = [
        { name: `overview, fiscal_year=${fy}`, path: (c) => `/api/v2/agency/${c}/?fiscal_year=${fy}`, naive: (c) => naiveOverview(c, fy) },
        { name: 'budgetary_resources', path: (c) => `/api/v2/agency/${c}/budgetary_resources/`, naive: (c) => naiveBudgetaryResources(c, 2017, currentFy) },
      ];
      log(`agencies: ${codes.length}; starting the gateway`);
      // --url: time a server that is already running on the same database instead of starting one.
      if (!options.url) gateway = await startGatewayProcess(database.url);
      const client = new Pool(options.url || (gateway as GatewayProcess).url, { connections: 1 });
      const rows: Array<Array<string | number>> = [];
      for (const c of cases) {
        log(`timing ${c.name}`);
        // A whole untimed pass first: the gateway child has just started, and a few requests leave its code (JIT)
        // and the pool's connections cold, which the first endpoint timed would pay for alone.
        await timeHttp(client, c, codes);
        const httpMs = await timeHttp(client, c, codes);
        const naiveMs = await timeNaive(db, c, codes, false);
        const indexedMs = await timeNaive(db, c, codes, true);
        const ratio = percentile(naiveMs, 50) / percentile(httpMs, 50);
        const indexedRatio = percentile(indexedMs, 50) / percentile(httpMs, 50);
        log(`${c.name}: HTTP p50 ${fmt(percentile(httpMs, 50))} ms, naive p50 ${fmt(percentile(naiveMs, 50))} ms -> ${ratio.toFixed(1)}x`);
        rows.push([c.name, codes.length, fmt(percentile(httpMs, 50)), fmt(percentile(httpMs, 95)), fmt(percentile(naiveMs, 50)), fmt(percentile(naiveMs, 95)),
          `${ratio.toFixed(1)}x`, fmt(percentile(indexedMs, 50)), `${indexedRatio.toFixed(1)}x`]);
      }
      await client.close();
      process.stdout.write(`${table(['endpoint', 'agencies', 'HTTP p50 ms', 'HTTP p95 ms', 'naive p50 ms', 'naive p95 ms', 'naive/HTTP',
        'indexed naive p50 ms', 'indexed/HTTP'], rows)}\n`);
    } finally {
      await gateway?.stop();
      await db.end();
    }
  } finally {
    await database.stop();
  }
}

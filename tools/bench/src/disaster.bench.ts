/**
 * `npm run bench -- disaster [--samples 10]`: latency of each disaster insight endpoint (and award/amount,
 * spending_by_geography, overview) over HTTP (the all-in-one gateway as a child process on a free local port) next
 * to a naive query computing the same answer over the base account tables, in the same run and on the same
 * database: File C (or File B) rows of the COVID-19 DEF codes in the latest submission per agency and period of the
 * revealed submission windows from FY2020 P7 (outlays of the year's latest period only), joined to the Treasury
 * accounts, object classes and awards, summed per award and per result (and child) with the total, with index use
 * switched off (a scan, as the account tables would be read without the disaster summaries). Each endpoint's
 * totals must equal the naive query's total row (obligation, outlay, award count, loan face value), else the bench
 * fails. The ratio is naive p50 / HTTP p50 (goal: 10x or more). The summaries are brought up to date before timing.
 * Database: DATABASE_URL, or the embedded server under DATA_DIR / EMBEDDED_PG_PORT.
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

/** The totals both sides must agree on (null: not compared). */
interface Totals {
  obligation: number | null;
  outlay: number | null;
  award_count: number | null;
  face_value_of_loan: number | null;
  total_budgetary_resources: number | null;
}

interface Case {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  naive: QuerySqlToken;
  /** The totals of the HTTP answer. */
  answer: (json: unknown) => Totals;
  /** Rounding slack of the comparison (sums of amounts each rounded to cents). */
  slack?: (json: unknown) => number;
}

const NaiveTotal = z.object({ obligation: z.number().nullable(), outlay: z.number().nullable(), award_count: z.number().nullable(), face_value_of_loan: z.number().nullable(),
  total_budgetary_resources: z.number().nullable() });

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number);
};
const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));

/** The counted submissions (latest per agency and period of the revealed windows), as upstream's disaster_base. */
const SUBMISSIONS = sql.fragment`
  w AS (
    SELECT submission_fiscal_year AS fy, submission_fiscal_month AS fp, is_quarter FROM dabs_submission_window_schedule
    WHERE submission_reveal_date <= now() AND (submission_fiscal_year, submission_fiscal_month) >= (2020, 7)
  ), lw AS (SELECT fy, is_quarter, max(fp) AS fp FROM w GROUP BY fy, is_quarter),
  s AS (
    SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period) s.submission_id,
      EXISTS (SELECT 1 FROM lw WHERE lw.fy = s.reporting_fiscal_year AND lw.fp = s.reporting_fiscal_period AND lw.is_quarter = s.quarter_format_flag) AS is_latest
    FROM submission_attributes s
    JOIN w ON w.fy = s.reporting_fiscal_year AND w.fp = s.reporting_fiscal_period AND w.is_quarter = s.quarter_format_flag
    ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period, coalesce(s.certified_date, s.published_date) DESC NULLS LAST, s.submission_id DESC
  )`;

const JOINS = sql.fragment`
  LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
  LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
  LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id
  LEFT JOIN object_class oc ON oc.id = b.object_class_id`;

/**
 * File C rows of the codes, per result `k1` (and child `k2`) and in total: per award sums, awards counted where
 * they are not zero, face value of the counted loan awards. `linked`: only rows linked to awards (geography).
 */
function naiveFileC(codes: string[], k1: FragmentSqlToken, k2: FragmentSqlToken | null, loans = false, linked = false): QuerySqlToken {
  const sets = k2 === null ? sql.fragment`GROUPING SETS ((k1, award_key), (award_key))` : sql.fragment`GROUPING SETS ((k1, k2, award_key), (k1, award_key), (award_key))`;
  return sql.unsafe`
    WITH ${SUBMISSIONS}, r AS (
      SELECT ${k1} AS k1, ${k2 ?? sql.fragment`NULL::text`} AS k2, a.award_id,
        coalesce('id:' || b.award_id, 'key:' || b.distinct_award_key, 'piid:' || b.piid || '/' || coalesce(b.parent_award_id, ''), 'fain:' || b.fain, 'uri:' || b.uri) AS award_key,
        coalesce(b.transaction_obligated_amount, 0) AS obligation,
        CASE WHEN s.is_latest THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0) + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
          + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) ELSE 0 END AS outlay
      FROM financial_accounts_by_awards b
      JOIN s ON s.submission_id = b.submission_id
      ${loans ? sql.fragment`JOIN` : sql.fragment`LEFT JOIN`} award_search a ON a.award_id = b.award_id
      LEFT JOIN references_cfda rc ON rc.program_number = a.cfda_number
      ${JOINS}
      WHERE b.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})
        ${loans ? sql.fragment`AND a.type IN ('07', '08')` : sql.fragment``}
        ${linked ? sql.fragment`AND a.award_id IS NOT NULL` : sql.fragment``}
    ), per_award AS (
      SELECT GROUPING(k1) = 1 AS is_total, k1, ${k2 === null ? sql.fragment`NULL::text` : sql.fragment`k2`} AS k2, award_key, max(award_id) AS award_id, sum(obligation) AS obligation, sum(outlay) AS outlay
      FROM r WHERE k1 IS NOT NULL GROUP BY ${sets}
    ), per_result AS (
      SELECT is_total, k1, k2, count(*) FILTER (WHERE award_key IS NOT NULL AND (p.obligation <> 0 OR p.outlay <> 0)) AS award_count,
        sum(p.obligation) AS obligation, sum(p.outlay) AS outlay,
        coalesce(sum(a.total_loan_value) FILTER (WHERE award_key IS NOT NULL AND (p.obligation <> 0 OR p.outlay <> 0) AND a.type IN ('07', '08')), 0) AS face_value_of_loan
      FROM per_award p LEFT JOIN award_search a ON a.award_id = p.award_id
      GROUP BY is_total, k1, k2
    )
    SELECT coalesce(sum(obligation), 0)::float8 AS obligation, coalesce(sum(outlay), 0)::float8 AS outlay,
      coalesce(sum(award_count), 0)::float8 AS award_count, coalesce(sum(face_value_of_loan), 0)::float8 AS face_value_of_loan,
      NULL::float8 AS total_budgetary_resources
    FROM per_result WHERE is_total`;
}

/** The GTAS periods the overview counts: the latest present of each fiscal year from FY2020 P7. */
const GTAS_PERIOD = sql.fragment`
  gp AS (SELECT fiscal_year, max(fiscal_period) AS fiscal_period FROM gtas_sf133_balances WHERE (fiscal_year, fiscal_period) >= (2020, 7) GROUP BY fiscal_year)`;

/**
 * File B rows of the codes in the submissions of each year's latest balances, per result `k1` (and `k2`) and in
 * total, with (`gtas`) the GTAS total budgetary resources of the overview's periods.
 */
function naiveFileB(codes: string[], k1: FragmentSqlToken, k2: FragmentSqlToken | null, gtas: boolean): QuerySqlToken {
  const sets = k2 === null ? sql.fragment`GROUPING SETS ((k1), ())` : sql.fragment`GROUPING SETS ((k1, k2), (k1), ())`;
  const gtasRows = gtas
    ? sql.fragment`
        UNION ALL
        SELECT g.treasury_account_identifier, NULL::int, 0, 0, coalesce(g.total_budgetary_resources_cpe, 0), true
        FROM gtas_sf133_balances g JOIN gp USING (fiscal_year, fiscal_period)
        WHERE g.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})`
    : sql.fragment``;
  return sql.unsafe`
    WITH ${SUBMISSIONS}, ${GTAS_PERIOD}, src AS (
      SELECT b.treasury_account_id, b.object_class_id, coalesce(b.obligations_incurred_by_program_object_class_cpe, 0) AS obligation,
        coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0) AS outlay, 0::numeric AS tbr, false AS is_gtas
      FROM financial_accounts_by_program_activity_object_class b
      JOIN s ON s.submission_id = b.submission_id AND s.is_latest
      WHERE b.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})
      ${gtasRows}
    ), per_result AS (
      SELECT GROUPING(k1) = 1 AS is_total, sum(obligation) AS obligation, sum(outlay) AS outlay, sum(tbr) FILTER (WHERE is_gtas) AS tbr
      FROM (SELECT ${k1} AS k1, ${k2 ?? sql.fragment`NULL::text`} AS k2, b.obligation, b.outlay, b.tbr, b.is_gtas FROM src b ${JOINS}) rows
      WHERE k1 IS NOT NULL
      GROUP BY ${sets}
    )
    SELECT coalesce(sum(obligation), 0)::float8 AS obligation, coalesce(sum(outlay), 0)::float8 AS outlay,
      NULL::float8 AS award_count, NULL::float8 AS face_value_of_loan,
      ${gtas ? sql.fragment`coalesce(sum(tbr), 0)::float8` : sql.fragment`NULL::float8`} AS total_budgetary_resources
    FROM per_result WHERE is_total`;
}

/**
 * The overview's File C totals (obligations of every counted submission, outlays of the latest periods) and its
 * GTAS budget authority of the codes.
 */
function naiveOverview(codes: string[]): QuerySqlToken {
  return sql.unsafe`
    WITH ${SUBMISSIONS}, ${GTAS_PERIOD}
    SELECT coalesce(sum(b.transaction_obligated_amount), 0)::float8 AS obligation,
      coalesce(sum(coalesce(b.gross_outlay_amount_by_award_cpe, 0) + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0)) FILTER (WHERE s.is_latest), 0)::float8 AS outlay,
      NULL::float8 AS award_count, NULL::float8 AS face_value_of_loan,
      (SELECT coalesce(sum(g.total_budgetary_resources_cpe), 0) FROM gtas_sf133_balances g JOIN gp USING (fiscal_year, fiscal_period)
        WHERE g.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')}))::float8 AS total_budgetary_resources
    FROM financial_accounts_by_awards b
    JOIN s ON s.submission_id = b.submission_id
    WHERE b.disaster_emergency_fund_code = ANY(${sql.array(codes, 'text')})`;
}

async function timeHttp(client: Pool, c: Case, n: number): Promise<{ ms: number[]; json: unknown }> {
  const ms: number[] = [];
  let json: unknown;
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
    ms.push(performance.now() - started);
    json = JSON.parse(text);
  }
  return { ms, json };
}

async function timeNaive(db: DatabasePool, c: Case, n: number): Promise<{ ms: number[]; totals: Totals }> {
  return db.connect(async (conn) => {
    await conn.query(sql.unsafe`SELECT set_config('enable_indexscan', 'off', false), set_config('enable_bitmapscan', 'off', false),
      set_config('enable_indexonlyscan', 'off', false)`);
    const ms: number[] = [];
    let totals: Totals | undefined;
    for (let i = 0; i < n; i += 1) {
      const started = performance.now();
      const row = await conn.one(c.naive);
      ms.push(performance.now() - started);
      totals = NaiveTotal.parse(row);
    }
    return { ms, totals: totals as Totals };
  });
}

/** Differences between the HTTP answer's totals and the naive query's (empty when they agree to the cent). */
function mismatches(c: Case, json: unknown, naive: Totals): string[] {
  const http = c.answer(json);
  const slack = 0.005 + (c.slack?.(json) ?? 0);
  const out: string[] = [];
  for (const key of ['obligation', 'outlay', 'award_count', 'face_value_of_loan', 'total_budgetary_resources'] as const) {
    const a = http[key];
    const b = naive[key];
    if (a === null || b === null) continue;
    if (Math.abs(a - b) > slack) out.push(`${key}: HTTP ${a} naive ${b}`);
  }
  return out;
}

const money = z.number();
const InsightAnswer = z.object({
  totals: z.object({
    obligation: money,
    outlay: money,
    award_count: z.number().optional(),
    face_value_of_loan: money.optional(),
    total_budgetary_resources: money.optional(),
  }),
});
const AmountAnswer = z.object({ obligation: money, outlay: money, award_count: z.number() });
const OverviewAnswer = z.object({
  funding: z.array(z.unknown()),
  total_budget_authority: money,
  spending: z.object({ award_obligations: money.nullable(), award_outlays: money.nullable() }),
});
const GeoAnswer = z.object({ results: z.array(z.object({ amount: money, award_count: z.number() })) });

/** Totals of an insight answer (`totals`), award/amount, the overview's award spending, or the geography's areas. */
const insightTotals = (json: unknown): Totals => {
  const t = InsightAnswer.parse(json).totals;
  return {
    obligation: t.obligation,
    outlay: t.outlay,
    award_count: t.award_count ?? null,
    face_value_of_loan: t.face_value_of_loan ?? null,
    total_budgetary_resources: t.total_budgetary_resources ?? null,
  };
};
const amountTotals = (json: unknown): Totals => ({ ...AmountAnswer.parse(json), face_value_of_loan: null, total_budgetary_resources: null });
const overviewTotals = (json: unknown): Totals => {
  const j = OverviewAnswer.parse(json);
  return {
    obligation: j.spending.award_obligations ?? 0,
    outlay: j.spending.award_outlays ?? 0,
    award_count: null,
    face_value_of_loan: null,
    total_budgetary_resources: j.total_budget_authority,
  };
};
const geoTotals = (json: unknown): Totals => {
  const results = GeoAnswer.parse(json).results;
  return {
    obligation: results.reduce((t, r) => t + r.amount, 0),
    outlay: null,
    award_count: results.reduce((t, r) => t + r.award_count, 0),
    face_value_of_loan: null,
    total_budgetary_resources: null,
  };
};

function cases(codes: string[]): Case[] {
  const filter = { def_codes: codes };
  const post = (name: string, path: string, body: unknown, naive: QuerySqlToken, answer = insightTotals): Case => ({
    name,
    path: `/api/v2/disaster/${path}/`,
    method: 'POST',
    body,
    naive,
    answer,
  });
  // the results (and children) of each endpoint, named as the endpoints name them
  const agency = sql.fragment`ta.toptier_agency_id::text`;
  const account = sql.fragment`fa.id::text`;
  const tas = sql.fragment`t.treasury_account_identifier::text`;
  const major = sql.fragment`oc.major_object_class`;
  const objectClass = sql.fragment`oc.object_class`;
  const cfda = sql.fragment`coalesce(rc.id::text, a.cfda_number)`;
  const recipient = sql.fragment`a.recipient_hash::text`;
  const geo = (layer: 'state' | 'county'): Case => {
    const key = layer === 'state' ? sql.fragment`upper(a.recipient_location_state_code)` : sql.fragment`upper(a.recipient_location_state_code) || '/' || a.recipient_location_county_code`;
    const present = layer === 'state' ? sql.fragment`a.recipient_location_state_code IS NOT NULL` : sql.fragment`a.recipient_location_state_code IS NOT NULL AND a.recipient_location_county_code IS NOT NULL`;
    return {
      ...post(`spending_by_geography ${layer}`, 'spending_by_geography', { filter, geo_layer: layer, spending_type: 'obligation' }, naiveFileC(codes, sql.fragment`CASE WHEN ${present} THEN ${key} END`, null, false, true), geoTotals),
      slack: (json: unknown) => 0.005 * GeoAnswer.parse(json).results.length,
    };
  };
  return [
    {
      name: 'overview',
      path: `/api/v2/disaster/overview/?def_codes=${codes.join(',')}`,
      method: 'GET',
      naive: naiveOverview(codes),
      answer: overviewTotals,
      slack: (json: unknown) => 0.005 * OverviewAnswer.parse(json).funding.length,
    },
    post('award/amount', 'award/amount', { filter }, naiveFileC(codes, sql.fragment`''`, null), amountTotals),
    post('agency/spending award', 'agency/spending', { filter, spending_type: 'award' }, naiveFileC(codes, agency, null)),
    post('agency/spending total', 'agency/spending', { filter, spending_type: 'total' }, naiveFileB(codes, agency, null, true)),
    post('agency/loans', 'agency/loans', { filter }, naiveFileC(codes, agency, null, true)),
    post('federal_account/spending award', 'federal_account/spending', { filter, spending_type: 'award' }, naiveFileC(codes, account, tas)),
    post('federal_account/spending total', 'federal_account/spending', { filter, spending_type: 'total' }, naiveFileB(codes, account, tas, true)),
    post('federal_account/loans', 'federal_account/loans', { filter }, naiveFileC(codes, account, tas, true)),
    post('object_class/spending award', 'object_class/spending', { filter, spending_type: 'award' }, naiveFileC(codes, major, objectClass)),
    post('object_class/spending total', 'object_class/spending', { filter, spending_type: 'total' }, naiveFileB(codes, major, objectClass, false)),
    post('object_class/loans', 'object_class/loans', { filter }, naiveFileC(codes, major, objectClass, true)),
    post('cfda/spending', 'cfda/spending', { filter, spending_type: 'award' }, naiveFileC(codes, cfda, null)),
    post('cfda/loans', 'cfda/loans', { filter }, naiveFileC(codes, cfda, null, true)),
    post('recipient/spending', 'recipient/spending', { filter }, naiveFileC(codes, recipient, null)),
    post('recipient/loans', 'recipient/loans', { filter }, naiveFileC(codes, recipient, null, true)),
    geo('state'),
    geo('county'),
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
    const db = await createDbPool(database.url, { maximumPoolSize: 2, statementTimeout: 'DISABLE_TIMEOUT' });
    let gateway: GatewayProcess | undefined;
    try {
      for (const t of TABLES) await db.query(sql.unsafe`ANALYZE ${sql.identifier([t])}`);
      const sizes = await db.any(sql.type(z.object({ relname: z.string(), n: z.number() }))`
        SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = ANY(${sql.array(TABLES, 'text')})`);
      log(`rows: ${sizes.map((s) => `${s.relname}=${s.n}`).join(' ')}`);
      const codes = (await db.any(sql.type(z.object({ code: z.string() }))`SELECT code FROM disaster_emergency_fund_code WHERE group_name = 'covid_19' ORDER BY code`)).map((r) => r.code);
      log(`DEF codes: ${codes.join(',')}`);
      const refreshStarted = performance.now();
      await db.query(sql.unsafe`SELECT refresh_disaster_summaries()`);
      log(`disaster summaries up to date in ${fmt(performance.now() - refreshStarted)} ms`);
      gateway = await startGatewayProcess(database.url);
      const client = new Pool(gateway.url, { connections: 1 });
      // the floor of any endpoint here: a request answered from one small table
      const floor: Case = { name: 'references/def_codes', path: '/api/v2/references/def_codes/', method: 'GET', naive: sql.unsafe`SELECT 1`, answer: amountTotals };
      await timeHttp(client, floor, 2);
      log(`HTTP floor (GET references/def_codes/, one small table): p50 ${fmt(percentile((await timeHttp(client, floor, n)).ms, 50))} ms`);
      const rows: Array<Array<string | number>> = [];
      const failures: string[] = [];
      const all = cases(codes);
      for (const [i, c] of all.entries()) {
        await timeHttp(client, c, 2);
        const http = await timeHttp(client, c, n);
        const naive = await timeNaive(db, c, n);
        const wrong = mismatches(c, http.json, naive.totals);
        failures.push(...wrong.map((w) => `${c.name}: ${w}`));
        const ratio = percentile(naive.ms, 50) / percentile(http.ms, 50);
        log(`[${i + 1}/${all.length}] ${c.name}: HTTP p50 ${fmt(percentile(http.ms, 50))} ms, naive p50 ${fmt(percentile(naive.ms, 50))} ms -> ${ratio.toFixed(1)}x${wrong.length > 0 ? ` DIFFERENT: ${wrong.join('; ')}` : ', same totals'}`);
        rows.push([c.name, fmt(percentile(http.ms, 50)), fmt(percentile(http.ms, 95)), fmt(percentile(naive.ms, 50)), fmt(percentile(naive.ms, 95)), `${ratio.toFixed(1)}x`, wrong.length > 0 ? 'NO' : 'yes']);
      }
      await client.close();
      process.stdout.write(`${table(['endpoint', 'HTTP p50 ms', 'HTTP p95 ms', 'naive p50 ms', 'naive p95 ms', 'naive/HTTP', 'same totals'], rows)}\n`);
      if (failures.length > 0) throw new Error(`answers differ from the naive queries:\n${failures.join('\n')}`);
    } finally {
      await gateway?.stop();
      await db.end();
    }
  } finally {
    await database.stop();
  }
}

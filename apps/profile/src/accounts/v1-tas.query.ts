import { badRequest } from '@usas/errors';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/*
 * The v1 aggregation endpoints (`/api/v1/tas/{balances,categories}[/quarters]/total/`) as the website's federal
 * account page calls them: `field` summed (or counted, averaged...) over File A (balances) or File B (categories)
 * rows that match `filters`, grouped by `group`. Field, group and filter names are upstream's Django lookups; only
 * the ones listed here are known, anything else is a 400.
 *
 * Rows: the "total" forms read each agency's latest submission of every fiscal year (balances are fiscal-year-to-
 * date, so one submission per year is counted); the "quarters" forms read the submission closing each fiscal
 * quarter and subtract the previous quarter's closing balances, which gives the quarter's own activity.
 */

export type V1Source = 'balances' | 'categories';

const FILE_A_FIELDS: Record<string, string> = Object.fromEntries([
  'budget_authority_unobligated_balance_brought_forward_fyb', 'adjustments_to_unobligated_balance_brought_forward_cpe',
  'budget_authority_appropriated_amount_cpe', 'borrowing_authority_amount_total_cpe', 'contract_authority_amount_total_cpe',
  'spending_authority_from_offsetting_collections_amount_cpe', 'other_budgetary_resources_amount_cpe',
  'total_budgetary_resources_amount_cpe', 'gross_outlay_amount_by_tas_cpe', 'deobligations_recoveries_refunds_by_tas_cpe',
  'unobligated_balance_cpe', 'status_of_budgetary_resources_total_cpe', 'obligations_incurred_total_by_tas_cpe',
].map((c) => [c, c]));
// Upstream's older name of total budgetary resources, still sent by the website's balance chart.
FILE_A_FIELDS['budget_authority_available_amount_total_cpe'] = 'total_budgetary_resources_amount_cpe';

const FILE_B_FIELDS: Record<string, string> = Object.fromEntries([
  'obligations_incurred_by_program_object_class_cpe', 'gross_outlay_amount_by_program_object_class_cpe',
  'deobligations_recoveries_refund_pri_program_object_class_cpe', 'ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe',
  'ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe',
].map((c) => [c, c]));

/** Lookups of the submission and the Treasury account (prefix `treasury_account_identifier__` or `treasury_account__`). */
const SUBMISSION_LOOKUPS: Record<string, FragmentSqlToken> = {
  reporting_period_start: sql.fragment`s.period_start`,
  reporting_period_end: sql.fragment`s.period_end`,
  submission__reporting_fiscal_year: sql.fragment`s.fiscal_year`,
  submission__reporting_fiscal_quarter: sql.fragment`s.fiscal_quarter`,
  submission__reporting_fiscal_period: sql.fragment`s.fiscal_period`,
  submission__reporting_period_start: sql.fragment`s.period_start`,
  submission__reporting_period_end: sql.fragment`s.period_end`,
  submission__toptier_code: sql.fragment`s.toptier_code`,
};
const ACCOUNT_LOOKUPS: Record<string, FragmentSqlToken> = {
  '': sql.fragment`t.treasury_account_identifier`,
  treasury_account_identifier: sql.fragment`t.treasury_account_identifier`,
  federal_account: sql.fragment`t.federal_account_id`,
  federal_account_id: sql.fragment`t.federal_account_id`,
  federal_account__federal_account_code: sql.fragment`fa.federal_account_code`,
  tas_rendering_label: sql.fragment`t.tas_rendering_label`,
  agency_id: sql.fragment`t.agency_id`,
  main_account_code: sql.fragment`t.main_account_code`,
  funding_toptier_agency: sql.fragment`t.funding_toptier_agency_id`,
  funding_toptier_agency_id: sql.fragment`t.funding_toptier_agency_id`,
  budget_function_code: sql.fragment`t.budget_function_code`,
};
const CATEGORY_LOOKUPS: Record<string, FragmentSqlToken> = {
  program_activity: sql.fragment`x.program_activity_id`,
  program_activity__id: sql.fragment`x.program_activity_id`,
  program_activity_id: sql.fragment`x.program_activity_id`,
  program_activity__program_activity_code: sql.fragment`pa.program_activity_code`,
  program_activity__program_activity_name: sql.fragment`pa.program_activity_name`,
  object_class: sql.fragment`x.object_class_id`,
  object_class__id: sql.fragment`x.object_class_id`,
  object_class_id: sql.fragment`x.object_class_id`,
  object_class__object_class: sql.fragment`oc.object_class`,
  object_class__object_class_name: sql.fragment`oc.object_class_name`,
  object_class__major_object_class: sql.fragment`oc.major_object_class`,
  object_class__major_object_class_name: sql.fragment`oc.major_object_class_name`,
  disaster_emergency_fund_code: sql.fragment`x.disaster_emergency_fund_code`,
};

/** The SQL of a lookup name, or undefined when it is not one the source knows. */
function lookup(source: V1Source, name: string): FragmentSqlToken | undefined {
  if (name in SUBMISSION_LOOKUPS) return SUBMISSION_LOOKUPS[name];
  const prefix = source === 'balances' ? 'treasury_account_identifier' : 'treasury_account';
  if (name === prefix) return ACCOUNT_LOOKUPS[''];
  if (name.startsWith(`${prefix}__`)) {
    const rest = name.slice(prefix.length + 2);
    if (rest in ACCOUNT_LOOKUPS) return ACCOUNT_LOOKUPS[rest];
  }
  if (source === 'categories' && name in CATEGORY_LOOKUPS) return CATEGORY_LOOKUPS[name];
  return undefined;
}

/**
 * Balances filtered by File B attributes of the same account and submission (the website's
 * `treasury_account_identifier__program_balances__...` lookups): an EXISTS over File B of the row's account in the
 * submission the row is counted for.
 */
function programBalanceCondition(name: string, op: string, value: unknown): FragmentSqlToken | undefined {
  const prefix = 'treasury_account_identifier__program_balances__';
  if (!name.startsWith(prefix)) return undefined;
  const rest = name.slice(prefix.length);
  const inner = rest in CATEGORY_LOOKUPS ? CATEGORY_LOOKUPS[rest] : undefined;
  if (!inner) throw badRequest(`Unknown filter field '${name}'.`);
  return sql.fragment`EXISTS (
    SELECT 1 FROM financial_accounts_by_program_activity_object_class x
    LEFT JOIN object_class oc ON oc.id = x.object_class_id
    LEFT JOIN ref_program_activity pa ON pa.id = x.program_activity_id
    WHERE x.treasury_account_id = t.treasury_account_identifier AND x.submission_id = s.submission_id
      AND ${comparison(inner, op, value, name)})`;
}

const scalar = (v: unknown, name: string): string | number => {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  throw badRequest(`Filter '${name}' needs a single value.`);
};
const list = (v: unknown, name: string): Array<string | number> => {
  if (!Array.isArray(v) || v.length === 0) throw badRequest(`Filter '${name}' needs a non-empty list.`);
  return v.map((x) => scalar(x, name));
};
const textArray = (values: Array<string | number>) => sql.array(values.map(String), 'text');

/** `expr <op> value`, compared as text (every lookup's value can be given as a string or a number). */
function comparison(expr: FragmentSqlToken, op: string, value: unknown, name: string): FragmentSqlToken {
  const e = sql.fragment`(${expr})::text`;
  const numeric = sql.fragment`(${expr})::numeric`;
  const num = (v: unknown) => {
    const n = Number(scalar(v, name));
    if (!Number.isFinite(n)) throw badRequest(`Filter '${name}' needs a number.`);
    return String(n);
  };
  switch (op) {
    case 'equals': return sql.fragment`${e} = ${String(scalar(value, name))}`;
    case 'not_equals': return sql.fragment`${e} IS DISTINCT FROM ${String(scalar(value, name))}`;
    case 'in': return sql.fragment`${e} = ANY(${textArray(list(value, name))})`;
    case 'not_in': return sql.fragment`NOT (${e} = ANY(${textArray(list(value, name))}))`;
    case 'is_null': return value === false ? sql.fragment`${expr} IS NOT NULL` : sql.fragment`${expr} IS NULL`;
    case 'less_than': return sql.fragment`${numeric} < ${num(value)}::numeric`;
    case 'less_than_or_equal': return sql.fragment`${numeric} <= ${num(value)}::numeric`;
    case 'greater_than': return sql.fragment`${numeric} > ${num(value)}::numeric`;
    case 'greater_than_or_equal': return sql.fragment`${numeric} >= ${num(value)}::numeric`;
    case 'range': {
      const [lo, hi] = list(value, name);
      if (lo === undefined || hi === undefined) throw badRequest(`Filter '${name}' needs [low, high].`);
      return sql.fragment`${e} BETWEEN ${String(lo)} AND ${String(hi)}`;
    }
    default: throw badRequest(`Unknown filter operation '${op}'.`);
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `range_intersect` over [start field, end field]: the row's period overlaps a date range or a fiscal year. */
function rangeIntersect(source: V1Source, fields: string[], value: unknown, format: unknown): FragmentSqlToken {
  const [startName, endName] = fields;
  const start = startName === undefined ? undefined : lookup(source, startName);
  const end = endName === undefined ? undefined : lookup(source, endName);
  if (!start || !end) throw badRequest(`Unknown range_intersect fields '${fields.join(', ')}'.`);
  let lo: string;
  let hi: string;
  if (format === 'fy') {
    const fy = Number(Array.isArray(value) ? value[0] : value);
    if (!Number.isInteger(fy) || fy < 1900 || fy > 2200) throw badRequest('range_intersect with value_format fy needs a fiscal year.');
    lo = `${fy - 1}-10-01`;
    hi = `${fy}-09-30`;
  } else {
    const pair = Array.isArray(value) && value.length === 1 && Array.isArray(value[0]) ? (value[0] as unknown[]) : value;
    const [a, b] = list(pair, 'range_intersect').map(String);
    if (!a || !b || !DATE.test(a) || !DATE.test(b)) throw badRequest('range_intersect needs [start date, end date] (YYYY-MM-DD).');
    lo = a;
    hi = b;
  }
  return sql.fragment`(${start} <= ${hi}::date AND ${end} >= ${lo}::date)`;
}

export interface V1Filter {
  field?: string | string[];
  operation?: string;
  value?: unknown;
  value_format?: string;
  combine_method?: string;
  filters?: V1Filter[];
}

function condition(source: V1Source, f: V1Filter, depth: number): FragmentSqlToken {
  if (f.combine_method !== undefined || f.filters !== undefined) {
    if (depth > 1) throw badRequest('Filters nest at most two levels.');
    const parts = (f.filters ?? []).map((x) => condition(source, x, depth + 1));
    if (parts.length === 0) return sql.fragment`TRUE`;
    return sql.fragment`(${sql.join(parts, (f.combine_method ?? 'AND').toUpperCase() === 'OR' ? sql.fragment` OR ` : sql.fragment` AND `)})`;
  }
  const op = f.operation ?? 'equals';
  if (op === 'range_intersect') {
    if (!Array.isArray(f.field)) throw badRequest('range_intersect needs two fields.');
    return rangeIntersect(source, f.field, f.value, f.value_format);
  }
  if (typeof f.field !== 'string') throw badRequest('Each filter needs a field.');
  if (source === 'balances') {
    const viaFileB = programBalanceCondition(f.field, op, f.value);
    if (viaFileB) return viaFileB;
  }
  const expr = lookup(source, f.field);
  if (!expr) throw badRequest(`Unknown filter field '${f.field}'.`);
  return comparison(expr, op, f.value, f.field);
}

export interface V1Request {
  field: string;
  group: string | string[];
  aggregate?: 'sum' | 'count' | 'avg' | 'min' | 'max';
  filters?: V1Filter[];
  order?: string[];
  limit?: number;
  page?: number;
}

/** Upstream's v1 page size when `limit` is not sent. */
export const V1_DEFAULT_LIMIT = 100;

const ResultRow = z.object({ g: z.array(z.unknown()), aggregate: z.string().nullable(), total: z.number() });

/** Runs one v1 aggregation; `quarters` gives each fiscal quarter's own activity (sum only). */
export async function v1Aggregate(db: CommonQueryMethods, source: V1Source, quarters: boolean, req: V1Request) {
  const fields = source === 'balances' ? FILE_A_FIELDS : FILE_B_FIELDS;
  const column = fields[req.field];
  if (column === undefined) throw badRequest(`Unknown field '${req.field}'.`);
  const groups = Array.isArray(req.group) ? req.group : [req.group];
  const groupExprs = groups.map((g) => {
    const e = lookup(source, g);
    if (!e) throw badRequest(`Unknown group '${g}'.`);
    return e;
  });
  const aggregate = req.aggregate ?? 'sum';
  if (quarters && aggregate !== 'sum') throw badRequest('The quarterly totals support the sum aggregate only.');
  const where = (req.filters ?? []).map((f) => condition(source, f, 0));
  const table = source === 'balances' ? sql.identifier(['appropriation_account_balances']) : sql.identifier(['financial_accounts_by_program_activity_object_class']);
  const tasColumn = source === 'balances' ? sql.identifier(['treasury_account_identifier']) : sql.identifier(['treasury_account_id']);
  const value = sql.identifier([column]);
  const base = quarters
    ? sql.fragment`
      WITH q AS (
        SELECT s.*, prev.submission_id AS prev_submission_id
        FROM account_period_submission s
        LEFT JOIN account_period_submission prev ON prev.toptier_code = s.toptier_code AND prev.fiscal_year = s.fiscal_year
          AND prev.fiscal_quarter = s.fiscal_quarter - 1 AND prev.is_latest_of_quarter
        WHERE s.is_latest_of_quarter
      ), r AS (
        SELECT x.*, x.${tasColumn} AS treasury_account_identifier_, x.${value} AS v, q.submission_id AS current_id, q.prev_submission_id AS prev_submission_id
        FROM q JOIN ${table} x ON x.submission_id = q.submission_id
        UNION ALL
        SELECT x.*, x.${tasColumn}, -x.${value}, q.submission_id, q.prev_submission_id
        FROM q JOIN ${table} x ON x.submission_id = q.prev_submission_id
      )`
    : sql.fragment`
      WITH r AS (
        SELECT x.*, x.${tasColumn} AS treasury_account_identifier_, x.${value} AS v, q.submission_id AS current_id, NULL::integer AS prev_submission_id
        FROM account_period_submission q JOIN ${table} x ON x.submission_id = q.submission_id
        WHERE q.is_latest_of_year
      )`;
  const agg = { sum: sql.fragment`sum(x.v)`, count: sql.fragment`count(x.v)`, avg: sql.fragment`avg(x.v)`, min: sql.fragment`min(x.v)`, max: sql.fragment`max(x.v)` }[aggregate];
  // `order`: group fields or `aggregate` (upstream orders the grouped values), `-` first for descending; the group
  // fields follow as the default order and tie-break, so pages are stable.
  const order = (req.order ?? []).map((o) => {
    const desc = o.startsWith('-');
    const name = desc ? o.slice(1) : o;
    const i = groups.indexOf(name);
    const expr = name === 'aggregate' ? agg : name === 'item' && groups.length === 1 ? groupExprs[0] : i >= 0 ? groupExprs[i] : undefined;
    if (expr === undefined) throw badRequest(`Cannot order by '${o}': order by 'aggregate' or a group field (${groups.join(', ')}).`);
    return desc ? sql.fragment`${expr} DESC` : sql.fragment`${expr} ASC`;
  });
  const limit = req.limit ?? V1_DEFAULT_LIMIT;
  const page = req.page ?? 1;
  const rows = await db.any(sql.type(ResultRow)`
    ${base}
    SELECT jsonb_build_array(${sql.join(groupExprs, sql.fragment`, `)}) AS g,
      ${aggregate === 'count' ? sql.fragment`${agg}::text` : sql.fragment`round(${agg}, 2)::text`} AS aggregate,
      count(*) OVER ()::int AS total
    FROM r AS x
    JOIN account_period_submission s ON s.submission_id = x.current_id
    JOIN treasury_appropriation_account t ON t.treasury_account_identifier = x.treasury_account_identifier_
    LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
    ${source === 'categories' ? sql.fragment`LEFT JOIN object_class oc ON oc.id = x.object_class_id LEFT JOIN ref_program_activity pa ON pa.id = x.program_activity_id` : sql.fragment``}
    WHERE ${where.length === 0 ? sql.fragment`TRUE` : sql.join(where.map((w) => sql.fragment`(${w})`), sql.fragment` AND `)}
    GROUP BY ${sql.join(groupExprs, sql.fragment`, `)}
    ORDER BY ${sql.join([...order, ...groupExprs], sql.fragment`, `)}
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const results = rows.map((row) => {
    if (groups.length === 1) return { item: (row.g[0] ?? null) as string | number | null, aggregate: row.aggregate };
    const item = Object.fromEntries(groups.map((g, i) => [g, row.g[i] ?? null]));
    return { item, ...item, aggregate: row.aggregate };
  });
  // A page past the end has no rows to carry the count: count the groups then.
  const count = rows[0]?.total ?? (page > 1 ? await v1GroupCount(db, base, groupExprs, where, source) : 0);
  return { results, count, page, limit };
}

async function v1GroupCount(db: CommonQueryMethods, base: FragmentSqlToken, groupExprs: FragmentSqlToken[], where: FragmentSqlToken[], source: V1Source) {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    ${base}
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM r AS x
      JOIN account_period_submission s ON s.submission_id = x.current_id
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = x.treasury_account_identifier_
      LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
      ${source === 'categories' ? sql.fragment`LEFT JOIN object_class oc ON oc.id = x.object_class_id LEFT JOIN ref_program_activity pa ON pa.id = x.program_activity_id` : sql.fragment``}
      WHERE ${where.length === 0 ? sql.fragment`TRUE` : sql.join(where.map((w) => sql.fragment`(${w})`), sql.fragment` AND `)}
      GROUP BY ${sql.join(groupExprs, sql.fragment`, `)}) g`);
}

/**
 * The request shapes and filter variants of the search benchmark (issue #18): every shape is asked with
 * every filter variant three ways: over HTTP, as plain SQL over the PostgreSQL base tables (filters compiled
 * by libs/filters), and as DuckDB SQL over Parquet exports of the same rows (filters written out here by
 * hand, an independent reading of the filter semantics). Each way yields an Answer, compared for equality.
 */
import { AWARD_TYPE_GROUPS, awardTypeGroupOf, LEVEL_COLUMNS, type AdvancedFilter, type SpendingLevel } from '@usas/filters';
import { sql, type FragmentSqlToken } from 'slonik';
import type { ExportedTable } from './duckdb-baseline';

/** An answer: (key, amount) pairs; keys are '' where only the amounts are comparable. */
export type Answer = Array<[string, number | null]>;

/** The values the filter variants and keyword shapes use, discovered from the data. */
export interface MatrixParams {
  fiscalYear: number;
  agency: string;
  recipientText: string;
  state: string;
  naics: string;
  rareKeyword: string;
  commonKeyword: string;
}

export interface FilterVariant {
  name: string;
  filters: AdvancedFilter;
  /** The same condition in DuckDB SQL over the level's view. */
  duck: (level: SpendingLevel) => string;
}

export interface Shape {
  name: string;
  level: 'transactions' | 'awards';
  /** Filters of the shape itself (award type group of a page, keywords), ANDed with the variant's. */
  base: AdvancedFilter;
  duckBase: string;
  path: string;
  body: (filters: AdvancedFilter) => Record<string, unknown>;
  fromHttp: (json: Record<string, unknown>) => Answer;
  /** Plain SQL over the base table: rows (k text, amount). */
  naive: (where: FragmentSqlToken) => FragmentSqlToken;
  /** DuckDB SQL over the view: rows (k, amount). */
  duck: (where: string) => string;
  /** Answers in their own order (pages) or compared as sets (sorted first). */
  ordered: boolean;
  /** Turns the rows of both SQL ways into the answer (default: k, amount as they come). */
  post?: (rows: Answer) => Answer;
}

const CONTRACTS = AWARD_TYPE_GROUPS.contracts as NonNullable<AdvancedFilter['award_type_codes']>;
const q = (text: string) => `'${text.replace(/'/g, "''")}'`;
const inList = (values: readonly string[]) => values.map(q).join(', ');
const id = (name: string) => sql.identifier([name]);

/** Columns of the Parquet exports: what the shapes group, sum and sort by and what the variants filter on. */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  {
    table: 'transaction_search',
    view: 'transactions',
    columns: [
      'transaction_id', 'award_id', 'action_date', 'type', 'award_category', 'generated_pragmatic_obligation', 'federal_action_obligation',
      'awarding_toptier_agency_code', 'awarding_toptier_agency_name', 'recipient_hash', 'cfda_number', 'pop_country_code',
      'pop_state_code', 'pop_county_code',
      ...new Set([...LEVEL_COLUMNS.transactions.keywordIdColumns, ...LEVEL_COLUMNS.transactions.keywordTextColumns, 'parent_recipient_name']),
    ],
  },
  {
    table: 'award_search',
    view: 'awards',
    columns: [
      'award_id', 'type', 'action_date', 'date_signed', 'total_obligation', 'awarding_toptier_agency_name', 'recipient_name',
      'parent_recipient_name', 'recipient_uei', 'recipient_unique_id', 'parent_uei', 'parent_recipient_unique_id', 'naics_code',
      'pop_country_code', 'pop_state_code',
    ],
  },
];

const VIEW: Record<'transactions' | 'awards', string> = { transactions: 'transactions', awards: 'awards' };
const TABLE: Record<'transactions' | 'awards', string> = { transactions: 'transaction_search', awards: 'award_search' };

/** The six filter variants of the issue: none, awarding agency, recipient text, state, NAICS code, two fiscal years. */
export function filterVariants(p: MatrixParams): FilterVariant[] {
  const start = `${p.fiscalYear - 2}-10-01`;
  const end = `${p.fiscalYear}-09-30`;
  const text = p.recipientText;
  return [
    { name: 'none', filters: {}, duck: () => 'TRUE' },
    {
      name: 'agency',
      filters: { agencies: [{ type: 'awarding', tier: 'toptier', name: p.agency }] },
      duck: () => `awarding_toptier_agency_name = ${q(p.agency)}`,
    },
    {
      name: 'recipient text',
      filters: { recipient_search_text: [text] },
      duck: () =>
        `(recipient_name ILIKE ${q(`%${text}%`)} OR parent_recipient_name ILIKE ${q(`%${text}%`)} OR ` +
        `${['recipient_uei', 'recipient_unique_id', 'parent_uei', 'parent_recipient_unique_id'].map((c) => `${c} = ${q(text.toUpperCase())}`).join(' OR ')})`,
    },
    {
      name: 'state',
      filters: { place_of_performance_locations: [{ country: 'USA', state: p.state }] },
      duck: () => `pop_country_code = 'USA' AND pop_state_code = ${q(p.state)}`,
    },
    { name: 'NAICS', filters: { naics_codes: { require: [p.naics] } }, duck: () => `naics_code = ${q(p.naics)}` },
    {
      name: 'two years',
      filters: { time_period: [{ start_date: start, end_date: end }] },
      duck: (level) =>
        level === 'awards'
          ? `action_date >= DATE ${q(start)} AND date_signed <= DATE ${q(end)}`
          : `action_date BETWEEN DATE ${q(start)} AND DATE ${q(end)}`,
    },
  ];
}

const amountOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A category page of 10 by amount; keys compared where the response's code is the grouping key. */
function category(name: string, key: string, compareKey: boolean): Shape {
  const k = compareKey ? key : `''`;
  return {
    name: `category ${name}`,
    level: 'transactions',
    base: {},
    duckBase: 'TRUE',
    path: `spending_by_category/${name}/`,
    body: (filters) => ({ filters, limit: 10, page: 1 }),
    fromHttp: (json) => (json.results as Array<Record<string, unknown>>).map((r) => [compareKey ? String(r.code) : '', amountOf(r.amount)]),
    naive: (where) => sql.fragment`
      SELECT ${compareKey ? sql.fragment`${id(key)}::text` : sql.fragment`''`} AS k, amount FROM (
        SELECT ${id(key)}, coalesce(sum(generated_pragmatic_obligation), 0) AS amount FROM transaction_search
        WHERE ${where} AND ${id(key)} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10) AS g ORDER BY amount DESC, ${id(key)}`,
    duck: (where) => `
      SELECT ${k === key ? `CAST(${key} AS VARCHAR)` : k} AS k, amount FROM (
        SELECT ${key}, coalesce(sum(generated_pragmatic_obligation), 0) AS amount FROM transactions
        WHERE ${where} AND ${key} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10) AS g ORDER BY amount DESC, ${key}`,
    ordered: true,
  };
}

function geography(layer: 'state' | 'county'): Shape {
  const keyed = layer === 'state';
  const group = keyed ? 'pop_state_code' : 'pop_state_code, pop_county_code';
  const present = keyed ? 'pop_state_code IS NOT NULL' : 'pop_state_code IS NOT NULL AND pop_county_code IS NOT NULL';
  const select = keyed ? 'upper(pop_state_code)' : `''`;
  return {
    name: `geography ${layer}`,
    level: 'transactions',
    base: {},
    duckBase: `pop_country_code = 'USA'`,
    path: 'spending_by_geography/',
    body: (filters) => ({ filters, scope: 'place_of_performance', geo_layer: layer }),
    fromHttp: (json) => (json.results as Array<Record<string, unknown>>).map((r) => [keyed ? String(r.shape_code) : '', amountOf(r.aggregated_amount)]),
    naive: (where) =>
      keyed
        ? sql.fragment`SELECT upper(pop_state_code) AS k, coalesce(sum(generated_pragmatic_obligation), 0) AS amount
            FROM transaction_search WHERE ${where} AND pop_country_code = 'USA' AND pop_state_code IS NOT NULL GROUP BY pop_state_code`
        : sql.fragment`SELECT '' AS k, coalesce(sum(generated_pragmatic_obligation), 0) AS amount
            FROM transaction_search WHERE ${where} AND pop_country_code = 'USA' AND pop_state_code IS NOT NULL AND pop_county_code IS NOT NULL
            GROUP BY pop_state_code, pop_county_code`,
    duck: (where) => `SELECT ${select} AS k, coalesce(sum(generated_pragmatic_obligation), 0) AS amount FROM transactions
      WHERE ${where} AND ${present} GROUP BY ${group}`,
    ordered: false,
  };
}

/** The award count answer: counts per award type group, from rows of (type, count). */
function countsByGroup(rows: Answer): Answer {
  const out = new Map<string, number>();
  for (const [type, n] of rows) {
    const group = awardTypeGroupOf([type]);
    if (group === null) continue;
    const key = group === 'other_financial_assistance' ? 'other' : group;
    out.set(key, (out.get(key) ?? 0) + Number(n));
  }
  return [...out.entries()].filter(([, n]) => n !== 0);
}

/** The shapes of issue #18, in the order the table shows them. */
export function shapes(p: MatrixParams): Shape[] {
  const keywordPage = (label: string, word: string): Shape => {
    const c = LEVEL_COLUMNS.transactions;
    const duckKeyword = [
      ...c.keywordIdColumns.map((col) => `${col} ILIKE ${q(`${word}%`)}`),
      ...c.keywordTextColumns.map((col) => `${col} ILIKE ${q(`%${word}%`)}`),
    ].join(' OR ');
    return {
      name: `keyword page ${label} '${word}'`,
      level: 'transactions',
      base: { keywords: [word], award_type_codes: CONTRACTS },
      duckBase: `type IN (${inList(CONTRACTS)}) AND (${duckKeyword})`,
      path: 'spending_by_transaction/',
      body: (filters) => ({ filters, fields: ['Award ID', 'Transaction Amount'], sort: 'Transaction Amount', order: 'desc', limit: 10, page: 1 }),
      fromHttp: (json) => (json.results as Array<Record<string, unknown>>).map((r) => ['', amountOf(r['Transaction Amount'])]),
      naive: (where) => sql.fragment`SELECT '' AS k, federal_action_obligation AS amount FROM transaction_search WHERE ${where}
        ORDER BY federal_action_obligation DESC NULLS LAST, transaction_id DESC LIMIT 10`,
      duck: (where) => `SELECT '' AS k, federal_action_obligation AS amount FROM transactions WHERE ${where}
        ORDER BY federal_action_obligation DESC NULLS LAST, transaction_id DESC LIMIT 10`,
      ordered: true,
    };
  };
  // spending_over_time counts a transaction under its award category; categories it has no column for count nowhere.
  const counted = `award_category IN ('contract', 'direct payment', 'grant', 'idv', 'loans', 'other', 'insurance')`;
  const fiscalMonth = (d: string) => `CAST(extract(year FROM ${d}) AS VARCHAR) || '-' || CAST(extract(month FROM ${d}) AS VARCHAR)`;
  return [
    // The response's code is the agency abbreviation, not the grouping key: amounts only.
    category('awarding_agency', 'awarding_toptier_agency_code', false),
    category('recipient', 'recipient_hash', false),
    category('cfda', 'cfda_number', true),
    category('naics', 'naics_code', true),
    category('psc', 'product_or_service_code', true),
    category('state_territory', 'pop_state_code', true),
    {
      name: 'over_time month',
      level: 'transactions',
      base: {},
      duckBase: 'TRUE',
      path: 'spending_over_time/',
      body: (filters) => ({ filters, group: 'month' }),
      fromHttp: (json) =>
        (json.results as Array<{ time_period: { fiscal_year: unknown; month: unknown }; aggregated_amount: number }>)
          .filter((r) => r.aggregated_amount !== 0)
          .map((r) => [`${Number(r.time_period.fiscal_year)}-${Number(r.time_period.month)}`, r.aggregated_amount]),
      naive: (where) => sql.fragment`
        SELECT extract(year FROM action_date + interval '3 months')::int::text || '-' || extract(month FROM action_date + interval '3 months')::int::text AS k,
               sum(generated_pragmatic_obligation) AS amount
        FROM transaction_search WHERE ${where} AND award_category IN ('contract', 'direct payment', 'grant', 'idv', 'loans', 'other', 'insurance')
        GROUP BY 1 HAVING sum(generated_pragmatic_obligation) <> 0`,
      duck: (where) => `SELECT ${fiscalMonth(`(action_date + INTERVAL 3 MONTH)`)} AS k, sum(generated_pragmatic_obligation) AS amount
        FROM transactions WHERE ${where} AND ${counted} GROUP BY 1 HAVING sum(generated_pragmatic_obligation) <> 0`,
      ordered: false,
    },
    geography('state'),
    geography('county'),
    {
      name: 'award count',
      level: 'awards',
      base: {},
      duckBase: 'TRUE',
      path: 'spending_by_award_count/',
      body: (filters) => ({ filters }),
      fromHttp: (json) => Object.entries(json.results as Record<string, number>).filter(([, n]) => n !== 0),
      naive: (where) => sql.fragment`SELECT type AS k, count(*) AS amount FROM award_search WHERE ${where} GROUP BY 1`,
      duck: (where) => `SELECT type AS k, count(*) AS amount FROM awards WHERE ${where} GROUP BY 1`,
      ordered: false,
      post: countsByGroup,
    },
    {
      name: 'award page by amount',
      level: 'awards',
      base: { award_type_codes: CONTRACTS },
      duckBase: `type IN (${inList(CONTRACTS)})`,
      path: 'spending_by_award/',
      body: (filters) => ({ filters, fields: ['Award ID', 'Award Amount'], sort: 'Award Amount', order: 'desc', limit: 10, page: 1 }),
      fromHttp: (json) => (json.results as Array<Record<string, unknown>>).map((r) => ['', amountOf(r['Award Amount'])]),
      naive: (where) => sql.fragment`SELECT '' AS k, total_obligation AS amount FROM award_search WHERE ${where}
        ORDER BY total_obligation DESC NULLS LAST, award_id DESC LIMIT 10`,
      duck: (where) => `SELECT '' AS k, total_obligation AS amount FROM awards WHERE ${where}
        ORDER BY total_obligation DESC NULLS LAST, award_id DESC LIMIT 10`,
      ordered: true,
    },
    keywordPage('common', p.commonKeyword),
    keywordPage('rare', p.rareKeyword),
  ];
}

/** Base table and DuckDB view of a shape. */
export const tableOf = (s: Shape) => ({ table: TABLE[s.level], view: VIEW[s.level] });

/** Sorted (for set comparisons) and cent-rounded. */
export function normalise(answer: Answer, ordered: boolean): Answer {
  const out = answer.map(([k, v]): [string, number | null] => [k, v === null ? null : Math.round(Number(v) * 100) / 100]);
  if (!ordered) out.sort((a, b) => (a[0] === b[0] ? (a[1] ?? 0) - (b[1] ?? 0) : a[0] < b[0] ? -1 : 1));
  return out;
}

/** Equal answers: same keys, amounts within a cent (JSON numbers of large sums carry float rounding). */
export function sameAnswer(a: Answer, b: Answer): boolean {
  if (a.length !== b.length) return false;
  return a.every(([k, v], i) => {
    const [k2, v2] = b[i]!;
    if (k !== k2) return false;
    if (v === null || v2 === null) return v === v2;
    return Math.abs(v - v2) <= Math.max(0.011, Math.abs(v) * 1e-12);
  });
}

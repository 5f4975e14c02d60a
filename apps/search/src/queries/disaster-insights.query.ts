import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { exactGroupSet, rollupCondition } from '../disaster/disaster-scope';
import type { DisasterAwardFilter } from './disaster-awards.query';
import { jsonRowsOf } from './json-row';

/**
 * How an insight endpoint groups account rows: the name of its rollups (disaster_award_rollup for award spending,
 * disaster_account_rollup for total spending; refresh_disaster_summaries holds the SQL naming each result and child)
 * and whether results have children. `ids`: how its result ids compare when the database sorts and pages the
 * results (see insightOrder); dimensions without it are sorted in Node.
 */
export interface InsightDimension {
  rollup: string;
  hasChildren: boolean;
  ids?: 'integer' | 'text';
}

/** The dimensions of the insight endpoints. */
export const DIMENSIONS = {
  /** Toptier agency owning the rows' Treasury accounts (no children). */
  fundingAgency: { rollup: 'funding_agency', hasChildren: false, ids: 'integer' },
  /** Awarding toptier agency of the linked awards, awarding subtier agencies as children. */
  awardingAgency: { rollup: 'awarding_agency', hasChildren: true, ids: 'integer' },
  /** Federal account, Treasury accounts (TAS) as children. */
  federalAccount: { rollup: 'federal_account', hasChildren: true, ids: 'integer' },
  /** Major object class (id and code are its code), object classes (by code) as children. */
  objectClass: { rollup: 'object_class', hasChildren: true },
  /** Assistance listing of the linked awards (id: the listing's reference id, else its number: both kinds of ids). */
  cfda: { rollup: 'cfda', hasChildren: false },
  /** Recipient of the linked awards (by recipient hash, a uuid); `extra` holds its levels. */
  recipient: { rollup: 'recipient', hasChildren: false, ids: 'text' },
} satisfies Record<string, InsightDimension>;

/** The sums every insight result, child and total carries (null where the spending type has none). */
export interface InsightMeasures {
  award_count: number | null;
  obligation: number;
  outlay: number;
  face_value_of_loan: number | null;
  total_budgetary_resources: number | null;
}

/** One row of an insight query (the SQL's column aliases and types). */
export interface InsightRow extends InsightMeasures {
  /** 'total' (all results), 'parent' or 'child'. */
  level: 'total' | 'parent' | 'child';
  id: string | null;
  code: string | null;
  description: string | null;
  child_id: string | null;
  child_code: string | null;
  child_description: string | null;
  extra: string | null;
}

/**
 * The rows of an insight query as one JSON array: a COVID-19 request has hundreds to thousands of results
 * (recipients, federal accounts), and parsing every field of every row (asynchronously, per column, in the pool's
 * row parser; or with the row schema here) cost more than the query. The SQL casts every column to the row type's
 * JSON type (see jsonRowsOf); the value is checked to be an array.
 */
const InsightRows = z.object({ rows: jsonRowsOf<InsightRow>() });

async function insightRows(db: CommonQueryMethods, query: FragmentSqlToken): Promise<readonly InsightRow[]> {
  return (await db.one(sql.type(InsightRows)`SELECT coalesce(json_agg(r), '[]'::json) AS rows FROM (${query}) r`)).rows;
}

/**
 * Which rows of a result tree a query reads: every level, the results and the total only (`children: false`), or
 * the children of the given results only.
 */
export type InsightLevels = { children: boolean } | { childrenOf: readonly string[] };

function levelCondition(levels: InsightLevels): FragmentSqlToken {
  if ('childrenOf' in levels) return sql.fragment`AND level = 'child' AND p_id = ANY(${sql.array([...levels.childrenOf], 'text')})`;
  return levels.children ? sql.fragment`` : sql.fragment`AND level IN ('parent', 'total')`;
}

/**
 * The rollup rows of one request (`from`: the table and its WHERE, every level) and the sums of a group of them
 * (`sums`: extra, award_count, obligation, outlay, face_value_of_loan, total_budgetary_resources).
 */
export interface InsightSource {
  from: FragmentSqlToken;
  sums: FragmentSqlToken;
}

/**
 * Award spending (File C, counted as disaster/award/amount counts it) from the dimension's rollup: per award, its
 * rows of the requested codes were summed within each level (so an award funded through two children of a result
 * counts once for it) and it counts where those sums are not zero; rows that fall in no result are left out of every
 * level, the total included. `face_value_of_loan` sums the total loan value of the counted loan awards. Each award is
 * in exactly one of the code sets read, so the sums and counts add up.
 */
export function awardSource(d: InsightDimension, f: DisasterAwardFilter): InsightSource {
  return {
    from: sql.fragment`disaster_award_rollup WHERE dimension = ${d.rollup} AND ${rollupCondition(f.defCodes, f.awardTypeCodes)}`,
    sums: sql.fragment`max(extra) AS extra, sum(award_count)::int AS award_count, sum(obligation)::float8 AS obligation,
      sum(outlay)::float8 AS outlay, sum(face_value_of_loan)::float8 AS face_value_of_loan, NULL::float8 AS total_budgetary_resources`,
  };
}

/**
 * Total spending (disaster_account_rollup): obligations and outlays of the program activity / object class (File B)
 * rows of the DEF codes in the submissions holding each fiscal year's latest (fiscal-year-to-date) balances, and for
 * agencies and federal accounts the GTAS total budgetary resources of the overview's periods (null where a result
 * has no GTAS row). `award_count` is null. The rows of a disaster group's codes are read from the group's sums when
 * the request asks for exactly those codes.
 */
export function totalSource(d: InsightDimension, defCodes: readonly string[]): InsightSource {
  const codes = sql.array([...defCodes], 'text');
  const group = exactGroupSet(defCodes);
  return {
    from: sql.fragment`disaster_account_rollup WHERE dimension = ${d.rollup} AND code_key IN (
        SELECT '#' || set_id FROM (${group}) g
        UNION ALL
        SELECT unnest(${codes}) WHERE NOT EXISTS (${group})
      )`,
    sums: sql.fragment`NULL::text AS extra, NULL::int AS award_count, sum(obligation)::float8 AS obligation, sum(outlay)::float8 AS outlay,
      NULL::float8 AS face_value_of_loan, CASE WHEN bool_or(has_gtas) THEN sum(total_budgetary_resources) END::float8 AS total_budgetary_resources`,
  };
}

/** The rows of the given levels of a request: per result, per child and in total. */
export async function insightLevels(db: CommonQueryMethods, src: InsightSource, levels: InsightLevels = { children: true }): Promise<readonly InsightRow[]> {
  return insightRows(db, sql.fragment`
    SELECT level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
      c_id AS child_id, max(c_code) AS child_code, max(c_desc) AS child_description, ${src.sums}
    FROM ${src.from} ${levelCondition(levels)}
    GROUP BY level, p_id, c_id
  `);
}

/** The fields results are sorted by. */
export type SortKey = 'id' | 'code' | 'description' | 'award_count' | 'obligation' | 'outlay' | 'face_value_of_loan' | 'total_budgetary_resources';

/** One page of sorted results: the sort field and direction, page number (from 1) and size. */
export interface InsightPageRequest {
  sort: SortKey;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/**
 * An amount as the service shows it, in float8 arithmetic exactly as JavaScript's Math.round(v * 100) / 100 on the
 * float8 the row carries (half-cents go up, also below zero: numeric round() and float8 round() round them away from
 * zero and to even), so that SQL ranks and ties amounts as the results show them.
 */
function jsCents(column: FragmentSqlToken): FragmentSqlToken {
  const x = sql.fragment`(${column} * 100::float8)`;
  return sql.fragment`(CASE WHEN ${x} - floor(${x}) >= 0.5 THEN ceil(${x}) ELSE floor(${x}) END / 100::float8)`;
}

const SORT_COLUMNS: Record<Exclude<SortKey, 'id'>, FragmentSqlToken> = {
  code: sql.fragment`coalesce(code, '') COLLATE locale_compare`,
  description: sql.fragment`coalesce(description, '') COLLATE locale_compare`,
  award_count: sql.fragment`award_count`,
  obligation: jsCents(sql.fragment`obligation`),
  outlay: jsCents(sql.fragment`outlay`),
  face_value_of_loan: jsCents(sql.fragment`face_value_of_loan`),
  total_budgetary_resources: jsCents(sql.fragment`total_budgetary_resources`),
};

/**
 * ORDER BY of results (columns id, code, description and the sums, as insightLevels names them) in the order
 * insight-results.ts sorts them in Node: by the field, nulls last in either direction, text as localeCompare
 * (collation locale_compare), amounts rounded to cents; ties by id ascending. Ids of `integer` dimensions are
 * digits only and compare as numbers (Node compares such ids as numbers); the others are never digits only and
 * compare as text.
 */
export function insightOrder(sort: SortKey, order: 'asc' | 'desc', ids: 'integer' | 'text'): FragmentSqlToken {
  const dir = order === 'asc' ? sql.fragment`ASC` : sql.fragment`DESC`;
  const id = ids === 'integer' ? sql.fragment`id::numeric` : sql.fragment`id COLLATE locale_compare`;
  const first = sort === 'id' ? sql.fragment`${id} ${dir}` : sql.fragment`${SORT_COLUMNS[sort]} ${dir} NULLS LAST`;
  return sql.fragment`${first}, ${id} ASC`;
}

const InsightPageRows = z.object({ count: z.number(), rows: jsonRowsOf<InsightRow>() });

/**
 * One page of a request's results in one statement: the total row, the page's results in order and their children
 * (unsorted), and how many results there are. The database sorts and cuts the results instead of sending all of
 * them (hundreds of federal accounts or thousands of recipients for COVID-19) to be sorted in Node. `ids` is how
 * the dimension's ids compare (see insightOrder).
 */
export async function insightPage(
  db: CommonQueryMethods,
  src: InsightSource,
  ids: 'integer' | 'text',
  p: InsightPageRequest,
): Promise<{ count: number; rows: readonly InsightRow[] }> {
  const order = insightOrder(p.sort, p.order, ids);
  return db.one(sql.type(InsightPageRows)`
    WITH g AS (
      SELECT level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
        NULL::text AS child_id, NULL::text AS child_code, NULL::text AS child_description, ${src.sums}
      FROM ${src.from} AND level IN ('parent', 'total')
      GROUP BY level, p_id
    ), parents AS (
      SELECT * FROM g WHERE level = 'parent' AND id IS NOT NULL
    ), page AS (
      SELECT * FROM parents ORDER BY ${order} LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}
    ), r AS (
      SELECT * FROM g WHERE level = 'total'
      UNION ALL
      SELECT * FROM page
      UNION ALL
      SELECT level, p_id, max(p_code), max(p_desc), c_id, max(c_code), max(c_desc), ${src.sums}
      FROM ${src.from} AND level = 'child' AND p_id IN (SELECT id FROM page)
      GROUP BY level, p_id, c_id
    )
    SELECT (SELECT count(*) FROM parents)::int AS count,
      coalesce(json_agg(json_build_object('level', level, 'id', id, 'code', code, 'description', description, 'child_id', child_id,
        'child_code', child_code, 'child_description', child_description, 'extra', extra, 'award_count', award_count,
        'obligation', obligation, 'outlay', outlay, 'face_value_of_loan', face_value_of_loan,
        'total_budgetary_resources', total_budgetary_resources) ORDER BY CASE level WHEN 'total' THEN 0 WHEN 'parent' THEN 1 ELSE 2 END, ${order}), '[]'::json) AS rows
    FROM r
  `);
}

const CfdaInfoRow = z.object({
  code: z.string(),
  resource_link: z.string().nullable(),
  cfda_federal_agency: z.string(),
  cfda_objectives: z.string(),
  cfda_website: z.string().nullable(),
  applicant_eligibility: z.string(),
  beneficiary_eligibility: z.string(),
});
export type CfdaInfoRow = z.infer<typeof CfdaInfoRow>;

/** The assistance listing reference data of the given program numbers (those in the reference table). */
export async function cfdaInfo(db: CommonQueryMethods, codes: readonly string[]): Promise<readonly CfdaInfoRow[]> {
  return db.any(sql.type(CfdaInfoRow)`
    SELECT program_number AS code, url AS resource_link, coalesce(federal_agency, '') AS cfda_federal_agency,
      coalesce(objectives, '') AS cfda_objectives, website_address AS cfda_website,
      coalesce(applicant_eligibility, '') AS applicant_eligibility, coalesce(beneficiary_eligibility, '') AS beneficiary_eligibility
    FROM references_cfda
    WHERE program_number = ANY(${sql.array([...codes], 'text')})
  `);
}

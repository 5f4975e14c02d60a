import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { exactGroupSet, rollupCondition } from '../disaster/disaster-scope';
import type { DisasterAwardFilter } from './disaster-awards.query';
import { jsonRowsOf } from './json-row';

/**
 * How an insight endpoint groups account rows: the name of its rollups (disaster_award_rollup for award spending,
 * disaster_account_rollup for total spending; refresh_disaster_summaries holds the SQL naming each result and child)
 * and whether results have children (and many of them).
 */
export interface InsightDimension {
  rollup: string;
  hasChildren: boolean;
  /** Results have many children (load only those of a page's results). */
  manyChildren?: boolean;
}

/** The dimensions of the insight endpoints. */
export const DIMENSIONS = {
  /** Toptier agency owning the rows' Treasury accounts (no children). */
  fundingAgency: { rollup: 'funding_agency', hasChildren: false },
  /** Awarding toptier agency of the linked awards, awarding subtier agencies as children. */
  awardingAgency: { rollup: 'awarding_agency', hasChildren: true },
  /** Federal account, Treasury accounts (TAS) as children. */
  federalAccount: { rollup: 'federal_account', hasChildren: true, manyChildren: true },
  /** Major object class (id and code are its code), object classes (by code) as children. */
  objectClass: { rollup: 'object_class', hasChildren: true },
  /** Assistance listing of the linked awards (id: the listing's reference id, else its number). */
  cfda: { rollup: 'cfda', hasChildren: false },
  /** Recipient of the linked awards (by recipient hash); `extra` holds its levels. */
  recipient: { rollup: 'recipient', hasChildren: false },
} satisfies Record<string, InsightDimension>;

/** One row of an insight query (the SQL's column aliases and types). */
export interface InsightRow {
  /** 'total' (all results), 'parent' or 'child'. */
  level: 'total' | 'parent' | 'child';
  id: string | null;
  code: string | null;
  description: string | null;
  child_id: string | null;
  child_code: string | null;
  child_description: string | null;
  extra: string | null;
  award_count: number | null;
  obligation: number;
  outlay: number;
  face_value_of_loan: number | null;
  total_budgetary_resources: number | null;
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
 * Award spending (File C, counted as disaster/award/amount counts it) per result, per child and in total, from the
 * dimension's rollup: per award, its rows of the requested codes were summed within each level (so an award funded
 * through two children of a result counts once for it) and it counts where those sums are not zero; rows that fall
 * in no result are left out of every level, the total included. `face_value_of_loan` sums the total loan value of
 * the counted loan awards. Each award is in exactly one of the code sets read, so the sums and counts add up.
 */
export async function awardInsight(
  db: CommonQueryMethods,
  d: InsightDimension,
  f: DisasterAwardFilter,
  levels: InsightLevels = { children: true },
): Promise<readonly InsightRow[]> {
  return insightRows(db, sql.fragment`
    SELECT level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
      c_id AS child_id, max(c_code) AS child_code, max(c_desc) AS child_description, max(extra) AS extra,
      sum(award_count)::int AS award_count, sum(obligation)::float8 AS obligation, sum(outlay)::float8 AS outlay,
      sum(face_value_of_loan)::float8 AS face_value_of_loan, NULL::float8 AS total_budgetary_resources
    FROM disaster_award_rollup
    WHERE dimension = ${d.rollup} AND ${rollupCondition(f.defCodes, f.awardTypeCodes)} ${levelCondition(levels)}
    GROUP BY level, p_id, c_id
  `);
}

/**
 * Total spending per result, per child and in total (disaster_account_rollup): obligations and outlays of the
 * program activity / object class (File B) rows of the DEF codes in the submissions holding each fiscal year's latest
 * (fiscal-year-to-date) balances, and for agencies and federal accounts the GTAS total budgetary resources of the
 * overview's periods (null where a result has no GTAS row). `award_count` is null. The rows of a disaster group's
 * codes are read from the group's sums when the request asks for exactly those codes.
 */
export async function totalInsight(
  db: CommonQueryMethods,
  d: InsightDimension,
  defCodes: readonly string[],
  levels: InsightLevels = { children: true },
): Promise<readonly InsightRow[]> {
  const codes = sql.array([...defCodes], 'text');
  const group = exactGroupSet(defCodes);
  return insightRows(db, sql.fragment`
    SELECT level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
      c_id AS child_id, max(c_code) AS child_code, max(c_desc) AS child_description, NULL::text AS extra,
      NULL::int AS award_count, sum(obligation)::float8 AS obligation, sum(outlay)::float8 AS outlay,
      NULL::float8 AS face_value_of_loan,
      CASE WHEN bool_or(has_gtas) THEN sum(total_budgetary_resources) END::float8 AS total_budgetary_resources
    FROM disaster_account_rollup
    WHERE dimension = ${d.rollup} AND code_key IN (
        SELECT '#' || set_id FROM (${group}) g
        UNION ALL
        SELECT unnest(${codes}) WHERE NOT EXISTS (${group})
      ) ${levelCondition(levels)}
    GROUP BY level, p_id, c_id
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

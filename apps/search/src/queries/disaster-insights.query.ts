import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { disasterSubmissionCtes, gtasPeriodCte } from '../disaster/disaster-scope';
import { awardCtes, LOAN_TYPES, type DisasterAwardFilter } from './disaster-awards.query';

/** SQL expressions naming a result (and its children) from the joined row `r`. */
interface Level {
  id: FragmentSqlToken;
  code: FragmentSqlToken;
  description: FragmentSqlToken;
}

/** How an insight endpoint groups account rows: parent level, optional children, the joins both need. */
export interface InsightDimension {
  parent: Level;
  child?: Level;
  /** Joins from `r` (columns treasury_account_id, object_class_id, award_id). */
  joins: FragmentSqlToken;
  /** An extra text value per parent (e.g. recipient levels), aggregated with max(). */
  extra?: FragmentSqlToken;
}

const TAS_JOIN = sql.fragment`LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id`;
const AWARD_JOIN = sql.fragment`LEFT JOIN award_search a ON a.award_id = r.award_id`;

/** The dimensions of the insight endpoints. */
export const DIMENSIONS = {
  /** Toptier agency owning the rows' Treasury accounts (no children). */
  fundingAgency: {
    parent: { id: sql.fragment`ta.toptier_agency_id::text`, code: sql.fragment`ta.toptier_code`, description: sql.fragment`ta.name` },
    joins: sql.fragment`${TAS_JOIN} LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id`,
  },
  /** Awarding toptier agency of the linked awards, awarding subtier agencies as children. */
  awardingAgency: {
    parent: { id: sql.fragment`ta.toptier_agency_id::text`, code: sql.fragment`ta.toptier_code`, description: sql.fragment`ta.name` },
    child: { id: sql.fragment`sa.subtier_agency_id::text`, code: sql.fragment`sa.subtier_code`, description: sql.fragment`sa.name` },
    joins: sql.fragment`${AWARD_JOIN}
      LEFT JOIN toptier_agency ta ON ta.toptier_code = a.awarding_toptier_agency_code
      LEFT JOIN subtier_agency sa ON sa.subtier_code = a.awarding_subtier_agency_code`,
  },
  /** Federal account, Treasury accounts (TAS) as children. */
  federalAccount: {
    parent: { id: sql.fragment`fa.id::text`, code: sql.fragment`fa.federal_account_code`, description: sql.fragment`coalesce(fa.account_title, '')` },
    child: {
      id: sql.fragment`t.treasury_account_identifier::text`,
      code: sql.fragment`t.tas_rendering_label`,
      description: sql.fragment`coalesce(t.account_title, '')`,
    },
    joins: sql.fragment`${TAS_JOIN} LEFT JOIN federal_account fa ON fa.id = t.federal_account_id`,
  },
  /** Major object class (id and code are its code), object classes (by code) as children. */
  objectClass: {
    parent: { id: sql.fragment`oc.major_object_class`, code: sql.fragment`oc.major_object_class`, description: sql.fragment`oc.major_object_class_name` },
    child: { id: sql.fragment`oc.object_class`, code: sql.fragment`oc.object_class`, description: sql.fragment`oc.object_class_name` },
    joins: sql.fragment`LEFT JOIN object_class oc ON oc.id = r.object_class_id`,
  },
  /** Assistance listing of the linked awards (id: the listing's reference id, else its number). */
  cfda: {
    parent: {
      id: sql.fragment`coalesce(rc.id::text, a.cfda_number)`,
      code: sql.fragment`a.cfda_number`,
      description: sql.fragment`coalesce(rc.program_title, a.cfda_program_title, '')`,
    },
    joins: sql.fragment`${AWARD_JOIN} LEFT JOIN references_cfda rc ON rc.program_number = a.cfda_number`,
  },
  /** Recipient of the linked awards (by recipient hash); `extra` holds its levels. */
  recipient: {
    parent: {
      id: sql.fragment`a.recipient_hash::text`,
      code: sql.fragment`coalesce(a.recipient_uei, a.recipient_unique_id, 'DUNS Number not provided')`,
      description: sql.fragment`coalesce(a.recipient_name, '')`,
    },
    joins: AWARD_JOIN,
    extra: sql.fragment`array_to_string(a.recipient_levels, ',')`,
  },
} satisfies Record<string, InsightDimension>;

const InsightRow = z.object({
  /** 'total' (all results), 'parent' or 'child'. */
  level: z.enum(['total', 'parent', 'child']),
  id: z.string().nullable(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  child_id: z.string().nullable(),
  child_code: z.string().nullable(),
  child_description: z.string().nullable(),
  extra: z.string().nullable(),
  award_count: z.number().nullable(),
  obligation: z.number(),
  outlay: z.number(),
  face_value_of_loan: z.number().nullable(),
  total_budgetary_resources: z.number().nullable(),
});
export type InsightRow = z.infer<typeof InsightRow>;

function selectLevels(d: InsightDimension): FragmentSqlToken {
  const child = d.child ?? { id: sql.fragment`NULL::text`, code: sql.fragment`NULL::text`, description: sql.fragment`NULL::text` };
  return sql.fragment`
    ${d.parent.id} AS p_id, ${d.parent.code} AS p_code, ${d.parent.description} AS p_desc,
    ${child.id} AS c_id, ${child.code} AS c_code, ${child.description} AS c_desc,
    ${d.extra ?? sql.fragment`NULL::text`} AS extra`;
}

/** Grouping sets over `keys`: with children (child, parent, all), else (parent, all). */
function groupingSets(d: InsightDimension, keys: FragmentSqlToken): FragmentSqlToken {
  return d.child === undefined
    ? sql.fragment`GROUPING SETS ((p_id, ${keys}), (${keys}))`
    : sql.fragment`GROUPING SETS ((p_id, c_id, ${keys}), (p_id, ${keys}), (${keys}))`;
}

/** Which grouping set a row belongs to: 'total', 'parent' or 'child'. */
function level(d: InsightDimension): FragmentSqlToken {
  return d.child === undefined
    ? sql.fragment`CASE WHEN GROUPING(p_id) = 1 THEN 'total' ELSE 'parent' END`
    : sql.fragment`CASE WHEN GROUPING(p_id) = 1 THEN 'total' WHEN GROUPING(c_id) = 1 THEN 'parent' ELSE 'child' END`;
}

/**
 * Award spending (File C, counted as disaster/award/amount counts it) per result, per child and in total, in one
 * scan: rows are first summed per award within each grouping level (so an award funded through two children of a
 * parent counts once for the parent), then the awards whose sums are not zero are counted. Rows that fall in no
 * result (no parent id) are left out of every level, the total included. `face_value_of_loan` sums the total loan
 * value of the counted loan awards.
 */
export async function awardInsight(db: CommonQueryMethods, d: InsightDimension, f: DisasterAwardFilter): Promise<readonly InsightRow[]> {
  return db.any(sql.type(InsightRow)`
    WITH ${awardCtes(f)}, base AS (
      SELECT ${selectLevels(d)}, r.award_key, r.award_id, r.obligation, r.outlay
      FROM disaster_award_row r
      ${d.joins}
    ), per_award AS (
      SELECT ${level(d)} AS level, p_id, ${d.child === undefined ? sql.fragment`NULL::text` : sql.fragment`c_id`} AS c_id,
        max(p_code) AS p_code, max(p_desc) AS p_desc, max(c_code) AS c_code, max(c_desc) AS c_desc, max(extra) AS extra,
        award_key, max(award_id) AS award_id, sum(obligation) AS obligation, sum(outlay) AS outlay
      FROM base
      WHERE p_id IS NOT NULL
      GROUP BY ${groupingSets(d, sql.fragment`award_key`)}
    )
    SELECT level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
      c_id AS child_id, max(c_code) AS child_code, max(c_desc) AS child_description, max(extra) AS extra,
      count(*) FILTER (WHERE award_key IS NOT NULL AND (w.obligation <> 0 OR w.outlay <> 0))::int AS award_count,
      coalesce(sum(w.obligation), 0)::float8 AS obligation, coalesce(sum(w.outlay), 0)::float8 AS outlay,
      coalesce(sum(a.total_loan_value) FILTER (
        WHERE award_key IS NOT NULL AND (w.obligation <> 0 OR w.outlay <> 0) AND a.type = ANY(${sql.array([...LOAN_TYPES], 'text')})
      ), 0)::float8 AS face_value_of_loan,
      NULL::float8 AS total_budgetary_resources
    FROM per_award w
    LEFT JOIN award_search a ON a.award_id = w.award_id
    WHERE level <> 'child' OR c_id IS NOT NULL
    GROUP BY level, p_id, c_id
  `);
}

/**
 * Total spending per result, per child and in total: obligations and outlays of the program activity / object
 * class (File B) rows of the DEF codes in the submissions holding each fiscal year's latest (fiscal-year-to-date)
 * balances, and (`withGtas`) the GTAS total budgetary resources of the overview's periods (null where a result
 * has no GTAS row). `award_count` is null.
 */
export async function totalInsight(
  db: CommonQueryMethods,
  d: InsightDimension,
  defCodes: readonly string[],
  withGtas: boolean,
): Promise<readonly InsightRow[]> {
  const codes = sql.array([...defCodes], 'text');
  const gtas = withGtas
    ? sql.fragment`
        UNION ALL
        SELECT g.treasury_account_identifier, NULL::int, 0, 0, coalesce(g.total_budgetary_resources_cpe, 0), true
        FROM gtas_sf133_balances g
        JOIN disaster_gtas_period p USING (fiscal_year, fiscal_period)
        WHERE g.disaster_emergency_fund_code = ANY(${codes})`
    : sql.fragment``;
  return db.any(sql.type(InsightRow)`
    WITH ${disasterSubmissionCtes()}, ${gtasPeriodCte()}, src AS (
      SELECT b.treasury_account_id, b.object_class_id,
        coalesce(b.obligations_incurred_by_program_object_class_cpe, 0) AS obligation,
        coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0) AS outlay,
        0::numeric AS tbr, false AS is_gtas
      FROM financial_accounts_by_program_activity_object_class b
      JOIN disaster_submission s ON s.submission_id = b.submission_id AND s.is_latest
      WHERE b.disaster_emergency_fund_code = ANY(${codes})
      ${gtas}
    ), base AS (
      SELECT ${selectLevels(d)}, r.obligation, r.outlay, r.tbr, r.is_gtas
      FROM src r
      ${d.joins}
    )
    SELECT ${level(d)} AS level, p_id AS id, max(p_code) AS code, max(p_desc) AS description,
      ${d.child === undefined ? sql.fragment`NULL::text` : sql.fragment`c_id`} AS child_id,
      max(c_code) AS child_code, max(c_desc) AS child_description, max(extra) AS extra,
      NULL::int AS award_count, coalesce(sum(obligation), 0)::float8 AS obligation, coalesce(sum(outlay), 0)::float8 AS outlay,
      NULL::float8 AS face_value_of_loan, sum(tbr) FILTER (WHERE is_gtas)::float8 AS total_budgetary_resources
    FROM base
    WHERE p_id IS NOT NULL
    GROUP BY ${d.child === undefined ? sql.fragment`GROUPING SETS ((p_id), ())` : sql.fragment`GROUPING SETS ((p_id, c_id), (p_id), ())`}
    HAVING ${d.child === undefined ? sql.fragment`true` : sql.fragment`GROUPING(c_id) = 1 OR c_id IS NOT NULL`}
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

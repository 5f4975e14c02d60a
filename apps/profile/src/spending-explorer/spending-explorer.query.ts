import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

export const EXPLORER_TYPES = ['budget_function', 'budget_subfunction', 'federal_account', 'program_activity', 'object_class',
  'recipient', 'award', 'agency'] as const;
export type ExplorerType = (typeof EXPLORER_TYPES)[number];

/** Drill-down filters, as the route normalised them (codes as text, ids as integers). */
export interface ExplorerFilters {
  agency?: number | undefined;
  federal_account?: number | undefined;
  object_class?: string | undefined;
  budget_function?: string | undefined;
  budget_subfunction?: string | undefined;
  program_activity?: number | undefined;
  recipient?: string | undefined;
}

/**
 * How a type groups rows: the select list (id, code, name and extras) over the aliases of the sources
 * (taa, fa = federal_account, t = toptier_agency, oc = object_class, pa = ref_program_activity, aw = award_search)
 * and the GROUP BY list.
 */
function grouping(type: ExplorerType, detailed: boolean): { select: FragmentSqlToken; groupBy: FragmentSqlToken } {
  switch (type) {
    case 'budget_function':
      return { select: sql.fragment`taa.budget_function_code AS id, taa.budget_function_code AS code, taa.budget_function_title AS name`, groupBy: sql.fragment`1, 2, 3` };
    case 'budget_subfunction':
      return { select: sql.fragment`taa.budget_subfunction_code AS id, taa.budget_subfunction_code AS code, taa.budget_subfunction_title AS name`, groupBy: sql.fragment`1, 2, 3` };
    case 'federal_account':
      return { select: sql.fragment`fa.id::text AS id, fa.federal_account_code AS code, fa.account_title AS name`, groupBy: sql.fragment`1, 2, 3` };
    case 'program_activity':
      return { select: sql.fragment`min(pa.id)::text AS id, pa.program_activity_code AS code, pa.program_activity_name AS name`, groupBy: sql.fragment`2, 3` };
    case 'object_class':
      return detailed
        ? { select: sql.fragment`oc.object_class AS id, oc.object_class AS code, min(oc.object_class_name) AS name`, groupBy: sql.fragment`1, 2` }
        : { select: sql.fragment`oc.major_object_class AS id, oc.major_object_class AS code, min(oc.major_object_class_name) AS name`, groupBy: sql.fragment`1, 2` };
    case 'agency':
      return { select: sql.fragment`t.toptier_agency_id::text AS id, t.toptier_code AS code, t.name AS name`, groupBy: sql.fragment`1, 2, 3` };
    case 'recipient':
      return { select: sql.fragment`aw.recipient_name AS id, aw.recipient_name AS code, aw.recipient_name AS name`, groupBy: sql.fragment`1, 2, 3` };
    case 'award':
      return {
        select: sql.fragment`aw.award_id::text AS id, aw.display_award_id AS code, aw.display_award_id AS name, aw.generated_unique_award_id`,
        groupBy: sql.fragment`1, 2, 3, 4`,
      };
  }
}

/** WHERE conditions of the drill-down filters over the same aliases (the recipient filter needs award rows). */
function filterConditions(f: ExplorerFilters, withAwards: boolean) {
  const parts: FragmentSqlToken[] = [sql.fragment`TRUE`];
  if (f.agency !== undefined) parts.push(sql.fragment`t.toptier_agency_id = ${f.agency}`);
  if (f.federal_account !== undefined) parts.push(sql.fragment`fa.id = ${f.federal_account}`);
  if (f.object_class !== undefined) parts.push(sql.fragment`oc.major_object_class = ${f.object_class}`);
  if (f.budget_function !== undefined) parts.push(sql.fragment`taa.budget_function_code = ${f.budget_function}`);
  if (f.budget_subfunction !== undefined) parts.push(sql.fragment`taa.budget_subfunction_code = ${f.budget_subfunction}`);
  if (f.program_activity !== undefined) {
    parts.push(sql.fragment`(pa.program_activity_code, pa.program_activity_name) IN
      (SELECT program_activity_code, program_activity_name FROM ref_program_activity WHERE id = ${f.program_activity})`);
  }
  if (withAwards && f.recipient !== undefined) parts.push(sql.fragment`aw.recipient_name = ${f.recipient}`);
  return sql.join(parts, sql.fragment` AND `);
}

/** Published submissions whose window is revealed (alias `s`). */
const PUBLISHED = sql.fragment`s.published_date IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM dabs_submission_window_schedule w WHERE w.id = s.submission_window_id AND w.submission_reveal_date > now())`;

/** Account joins of a row with `treasury_account`, `object_class_id` and `program_activity_id` columns (alias `r`). */
const ACCOUNT_JOINS = sql.fragment`
  JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = r.treasury_account
  LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
  LEFT JOIN toptier_agency t ON t.toptier_agency_id = taa.funding_toptier_agency_id
  LEFT JOIN object_class oc ON oc.id = r.object_class_id
  LEFT JOIN ref_program_activity pa ON pa.id = r.program_activity_id`;

/**
 * Account types read File B: for each agency, its latest published submission of the fiscal year up to the
 * period (File B balances are fiscal-year-to-date, so one submission per agency holds the year so far, and an
 * agency that submits quarterly answers with its last quarter). Award types read File C, whose obligations are
 * those of each submission's own period: the latest published submission of each agency and period of the year
 * up to the period, all summed, through the linked awards.
 */
function source(type: ExplorerType, fy: number, period: number): FragmentSqlToken {
  if (type === 'recipient' || type === 'award') {
    return sql.fragment`(
      SELECT f.treasury_account_id AS treasury_account, f.object_class_id, f.program_activity_id, f.award_id,
        f.transaction_obligated_amount AS amount
      FROM (SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_period) s.submission_id
            FROM submission_attributes s
            WHERE s.reporting_fiscal_year = ${fy} AND s.reporting_fiscal_period <= ${period} AND ${PUBLISHED}
            ORDER BY s.toptier_code, s.reporting_fiscal_period, s.published_date DESC, s.submission_id DESC) sub
      JOIN financial_accounts_by_awards f ON f.submission_id = sub.submission_id
    ) r ${ACCOUNT_JOINS}
    JOIN award_search aw ON aw.award_id = r.award_id`;
  }
  return sql.fragment`(
    SELECT b.treasury_account_id AS treasury_account, b.object_class_id, b.program_activity_id,
      b.obligations_incurred_by_program_object_class_cpe AS amount
    FROM (SELECT DISTINCT ON (s.toptier_code) s.submission_id
          FROM submission_attributes s
          WHERE s.reporting_fiscal_year = ${fy} AND s.reporting_fiscal_period <= ${period} AND ${PUBLISHED}
          ORDER BY s.toptier_code, s.reporting_fiscal_period DESC, s.published_date DESC, s.submission_id DESC) sub
    JOIN financial_accounts_by_program_activity_object_class b ON b.submission_id = sub.submission_id
  ) r ${ACCOUNT_JOINS}`;
}

const ExplorerRow = z.object({
  id: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  amount: z.number(),
  total: z.number(),
  generated_unique_award_id: z.string().nullable().optional(),
});
export type ExplorerRow = z.infer<typeof ExplorerRow>;

/**
 * Obligations of the fiscal year up to `period`, grouped by `type` within the drill-down filters: the largest
 * `limit` groups with a non-zero amount, each with `total`, the sum of every group.
 */
export async function exploreSpending(db: CommonQueryMethods, type: ExplorerType, fy: number, period: number,
  filters: ExplorerFilters, detailed: boolean, limit: number): Promise<readonly ExplorerRow[]> {
  const g = grouping(type, detailed);
  const withAwards = type === 'recipient' || type === 'award';
  return db.any(sql.type(ExplorerRow)`
    WITH groups AS (
      SELECT ${g.select}, sum(r.amount) AS exact
      FROM ${source(type, fy, period)}
      WHERE ${filterConditions(filters, withAwards)}
      GROUP BY ${g.groupBy}
      HAVING sum(r.amount) <> 0
    )
    SELECT id, code, name, exact::float8 AS amount, (SELECT sum(exact) FROM groups)::float8 AS total
      ${type === 'award' ? sql.fragment`, generated_unique_award_id` : sql.fragment``}
    FROM groups
    ORDER BY exact DESC, code NULLS LAST, id
    LIMIT ${limit}
  `);
}

const GtasRow = z.object({ obligations: z.number().nullable() });

/**
 * Government-wide GTAS (SF 133) obligations of a fiscal year to the end of a period (`obligations_incurred_total_cpe`
 * is fiscal-year-to-date): what the agencies should have reported. Null without GTAS rows for the period.
 */
export async function gtasObligations(db: CommonQueryMethods, fy: number, period: number): Promise<number | null> {
  const row = await db.one(sql.type(GtasRow)`
    SELECT sum(obligations_incurred_total_cpe)::float8 AS obligations
    FROM gtas_sf133_balances WHERE fiscal_year = ${fy} AND fiscal_period = ${period}`);
  return row.obligations;
}

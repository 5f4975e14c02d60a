import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { disasterSubmissionCtes, gtasPeriodCte } from '../disaster/disaster-scope';
import { awardCtes, type DisasterAwardFilter } from './disaster-awards.query';

const AgencyAwardRow = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  child_id: z.string().nullable(),
  child_code: z.string().nullable(),
  child_description: z.string().nullable(),
  award_count: z.number(),
  obligation: z.number(),
  outlay: z.number(),
});
export type AgencyAwardRow = z.infer<typeof AgencyAwardRow>;

/**
 * Award spending (File C) per agency: without award types, per toptier agency owning the rows' Treasury accounts
 * (no children); with award types, per awarding toptier and subtier agency of the linked awards (one row per
 * subtier, the children). Awards count where their sums within the agency are not zero.
 */
export async function agencyAwardSpending(db: CommonQueryMethods, f: DisasterAwardFilter): Promise<readonly AgencyAwardRow[]> {
  const byAwarding = f.awardTypeCodes !== undefined;
  const agency = byAwarding
    ? sql.fragment`JOIN toptier_agency ta ON ta.toptier_code = r.awarding_toptier_agency_code
        LEFT JOIN subtier_agency sa ON sa.subtier_code = r.awarding_subtier_agency_code`
    : sql.fragment`JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
        JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id
        LEFT JOIN subtier_agency sa ON false`;
  return db.any(sql.type(AgencyAwardRow)`
    WITH ${awardCtes(f)}, per_award AS (
      SELECT ta.toptier_agency_id, ta.toptier_code, ta.name, sa.subtier_agency_id, sa.subtier_code, sa.name AS subtier_name,
        r.award_key, sum(r.obligation) AS obligation, sum(r.outlay) AS outlay
      FROM disaster_award_row r
      ${agency}
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    )
    SELECT toptier_agency_id::text AS id, toptier_code AS code, name AS description,
      subtier_agency_id::text AS child_id, subtier_code AS child_code, subtier_name AS child_description,
      count(*) FILTER (WHERE award_key IS NOT NULL AND (obligation <> 0 OR outlay <> 0))::int AS award_count,
      coalesce(sum(obligation), 0)::float8 AS obligation, coalesce(sum(outlay), 0)::float8 AS outlay
    FROM per_award
    GROUP BY 1, 2, 3, 4, 5, 6
  `);
}

const AgencyTotalRow = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  obligation: z.number(),
  outlay: z.number(),
  total_budgetary_resources: z.number().nullable(),
});
export type AgencyTotalRow = z.infer<typeof AgencyTotalRow>;

/**
 * Total spending per toptier agency owning the Treasury accounts: obligations and outlays of the program activity /
 * object class (File B) rows of the submissions holding each year's latest (fiscal-year-to-date) balances, and the
 * GTAS total budgetary resources of the overview's periods.
 */
export async function agencyTotalSpending(db: CommonQueryMethods, defCodes: readonly string[]): Promise<readonly AgencyTotalRow[]> {
  const codes = sql.array([...defCodes], 'text');
  return db.any(sql.type(AgencyTotalRow)`
    WITH ${disasterSubmissionCtes()}, ${gtasPeriodCte()},
    file_b AS (
      SELECT t.funding_toptier_agency_id AS agency_id,
        sum(coalesce(b.obligations_incurred_by_program_object_class_cpe, 0)) AS obligation,
        sum(coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0)) AS outlay
      FROM financial_accounts_by_program_activity_object_class b
      JOIN disaster_submission s ON s.submission_id = b.submission_id AND s.is_latest
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
      WHERE b.disaster_emergency_fund_code = ANY(${codes})
      GROUP BY 1
    ), gtas AS (
      SELECT t.funding_toptier_agency_id AS agency_id, sum(g.total_budgetary_resources_cpe) AS tbr
      FROM gtas_sf133_balances g
      JOIN disaster_gtas_period p USING (fiscal_year, fiscal_period)
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = g.treasury_account_identifier
      WHERE g.disaster_emergency_fund_code = ANY(${codes})
      GROUP BY 1
    )
    SELECT ta.toptier_agency_id::text AS id, ta.toptier_code AS code, ta.name AS description,
      coalesce(file_b.obligation, 0)::float8 AS obligation, coalesce(file_b.outlay, 0)::float8 AS outlay,
      gtas.tbr::float8 AS total_budgetary_resources
    FROM (SELECT agency_id FROM file_b UNION SELECT agency_id FROM gtas) ids
    JOIN toptier_agency ta ON ta.toptier_agency_id = ids.agency_id
    LEFT JOIN file_b USING (agency_id)
    LEFT JOIN gtas USING (agency_id)
  `);
}

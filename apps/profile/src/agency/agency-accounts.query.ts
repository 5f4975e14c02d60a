import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { latestSubmissionsFragment } from './latest-submissions.query';

const TasRow = z.object({
  federal_account_code: z.string(),
  federal_account_name: z.string(),
  tas: z.string(),
  tas_name: z.string(),
  bureau: z.string().nullable(),
  total_budgetary_resources: z.coerce.number(),
  obligated_amount: z.coerce.number(),
  gross_outlay_amount: z.coerce.number(),
});
export type TasRow = z.infer<typeof TasRow>;

/**
 * File A balances of every Treasury account the agency funds, from the latest submissions of the fiscal year
 * (one row per TAS), with its federal account and budget bureau.
 */
export async function agencyTasBalances(db: CommonQueryMethods, toptierAgencyId: number, fiscalYear: number): Promise<readonly TasRow[]> {
  return db.any(sql.type(TasRow)`
    SELECT coalesce(fa.federal_account_code, taa.agency_id || '-' || taa.main_account_code) AS federal_account_code,
      coalesce(fa.account_title, taa.account_title, taa.tas_rendering_label) AS federal_account_name,
      taa.tas_rendering_label AS tas, coalesce(taa.account_title, taa.tas_rendering_label) AS tas_name,
      taa.budget_bureau_name AS bureau,
      coalesce(sum(aab.total_budgetary_resources_amount_cpe), 0)::text AS total_budgetary_resources,
      coalesce(sum(aab.obligations_incurred_total_by_tas_cpe), 0)::text AS obligated_amount,
      coalesce(sum(aab.gross_outlay_amount_by_tas_cpe), 0)::text AS gross_outlay_amount
    FROM (${latestSubmissionsFragment(fiscalYear)}) l
    JOIN appropriation_account_balances aab ON aab.submission_id = l.submission_id
    JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
    LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
    WHERE taa.funding_toptier_agency_id = ${toptierAgencyId}
    GROUP BY 1, 2, 3, 4, 5`);
}

const ActivityRow = z.object({
  program_activity_id: z.number().nullable(),
  program_activity_name: z.string().nullable(),
  object_class: z.string().nullable(),
  object_class_name: z.string().nullable(),
  major_object_class_name: z.string().nullable(),
  budget_function: z.string().nullable(),
  budget_function_code: z.string().nullable(),
  budget_subfunction: z.string().nullable(),
  budget_subfunction_code: z.string().nullable(),
  defc: z.string().nullable(),
  obligated_amount: z.coerce.number(),
  gross_outlay_amount: z.coerce.number(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

/**
 * File B of the agency's Treasury accounts in the latest submissions of the fiscal year, summed per program
 * activity, object class, budget subfunction and DEF code (the lists group these rows further).
 */
export async function agencyActivityRows(db: CommonQueryMethods, toptierAgencyId: number, fiscalYear: number): Promise<readonly ActivityRow[]> {
  return db.any(sql.type(ActivityRow)`
    SELECT b.program_activity_id, pa.program_activity_name, oc.object_class, oc.object_class_name, oc.major_object_class_name,
      taa.budget_function_title AS budget_function, taa.budget_function_code,
      taa.budget_subfunction_title AS budget_subfunction, taa.budget_subfunction_code,
      b.disaster_emergency_fund_code AS defc,
      coalesce(sum(b.obligations_incurred_by_program_object_class_cpe), 0)::text AS obligated_amount,
      coalesce(sum(b.gross_outlay_amount_by_program_object_class_cpe), 0)::text AS gross_outlay_amount
    FROM (${latestSubmissionsFragment(fiscalYear)}) l
    JOIN financial_accounts_by_program_activity_object_class b ON b.submission_id = l.submission_id
    JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = b.treasury_account_id
    LEFT JOIN ref_program_activity pa ON pa.id = b.program_activity_id
    LEFT JOIN object_class oc ON oc.id = b.object_class_id
    WHERE taa.funding_toptier_agency_id = ${toptierAgencyId}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`);
}

const DefcRow = z.object({
  code: z.string(),
  public_law: z.string(),
  title: z.string().nullable(),
  total_budgetary_resources: z.coerce.number(),
});

/**
 * DEF codes with the GTAS budgetary resources of the agency's Treasury accounts at the latest GTAS period of
 * the fiscal year.
 */
export async function agencyDefcResources(db: CommonQueryMethods, toptierAgencyId: number, fiscalYear: number) {
  return db.any(sql.type(DefcRow)`
    WITH last AS (SELECT max(fiscal_period) AS p FROM gtas_sf133_balances WHERE fiscal_year = ${fiscalYear}),
    g AS (
      SELECT g.disaster_emergency_fund_code AS code, sum(g.total_budgetary_resources_cpe) AS tbr
      FROM gtas_sf133_balances g
      JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = g.treasury_account_identifier
      WHERE g.fiscal_year = ${fiscalYear} AND g.fiscal_period = (SELECT p FROM last) AND taa.funding_toptier_agency_id = ${toptierAgencyId}
        AND g.disaster_emergency_fund_code IS NOT NULL
      GROUP BY 1
    )
    SELECT d.code, d.public_law, d.title, coalesce(g.tbr, 0)::text AS total_budgetary_resources
    FROM disaster_emergency_fund_code d LEFT JOIN g ON g.code = d.code`);
}

/** Budget bureau names of every Treasury account the agency funds (any year). */
export async function agencyBureauNames(db: CommonQueryMethods, toptierAgencyId: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ name: z.string() }))`
    SELECT DISTINCT budget_bureau_name AS name FROM treasury_appropriation_account
    WHERE funding_toptier_agency_id = ${toptierAgencyId} AND budget_bureau_name IS NOT NULL`);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const GtasRow = z.object({
  def_code: z.string(),
  amount: z.number(),
  obligations: z.number(),
  outlays: z.number(),
});
export type GtasRow = z.infer<typeof GtasRow>;

/**
 * GTAS (SF 133) totals per DEF code over the latest period of each fiscal year from the reporting start (summed per
 * Treasury account in disaster_gtas_balance): total budgetary resources, obligations less prior-year deobligations,
 * gross outlays less paid prior-year recoveries. Only codes with GTAS rows appear, ordered by code.
 */
export async function gtasByDefCode(db: CommonQueryMethods, defCodes: readonly string[]): Promise<readonly GtasRow[]> {
  return db.any(sql.type(GtasRow)`
    SELECT def_code, sum(total_budgetary_resources)::float8 AS amount, sum(obligations)::float8 AS obligations,
      sum(outlays)::float8 AS outlays
    FROM disaster_gtas_balance
    WHERE def_code = ANY(${sql.array([...defCodes], 'text')})
    GROUP BY def_code
    ORDER BY def_code COLLATE "C"
  `);
}

const FileCTotalsRow = z.object({ obligation: z.number().nullable(), outlay: z.number().nullable() });
export type FileCTotalsRow = z.infer<typeof FileCTotalsRow>;

/**
 * Award financial (File C) totals of the DEF codes: obligations of every counted submission, outlays
 * (fiscal-year-to-date) of the latest period of each year only. Null when no row matches (obligations: when no
 * row has one).
 */
export async function fileCTotals(db: CommonQueryMethods, defCodes: readonly string[]): Promise<FileCTotalsRow> {
  return db.one(sql.type(FileCTotalsRow)`
    SELECT (sum(obligation) FILTER (WHERE has_obligation))::float8 AS obligation, sum(outlay)::float8 AS outlay
    FROM disaster_award_row
    WHERE def_code = ANY(${sql.array([...defCodes], 'text')})
  `);
}

/**
 * Upstream's special case of DEF code V (American Rescue Plan): the Department of Labor reported part of that money
 * under DEF code O on three Treasury accounts. These are those accounts' GTAS totals.
 */
export const DOL_DEFC_O_ACCOUNTS = ['016-X-0168-000', '016-X-1801-000', '016-X-8042-000'] as const;

const AdditionalRow = z.object({
  obligations: z.number().nullable(),
  outlays: z.number().nullable(),
  base_obligations: z.number().nullable(),
  base_outlays: z.number().nullable(),
});
export type AdditionalRow = z.infer<typeof AdditionalRow>;

/**
 * GTAS obligations (less prior-year deobligations) and outlays (less anticipated prior-year recoveries) of the DOL
 * accounts' DEF code O rows: over the latest period of each fiscal year from FY2021 on, and at FY2021 P6 (the
 * balance before the American Rescue Plan, subtracted by the caller). Nulls where no row matches.
 */
export async function gtasDolAdditional(db: CommonQueryMethods): Promise<AdditionalRow> {
  return db.one(sql.type(AdditionalRow)`
    WITH rows AS (
      SELECT g.fiscal_year, g.fiscal_period,
        coalesce(g.obligations_incurred_total_cpe, 0) - coalesce(g.deobligations_or_recoveries_or_refunds_from_prior_year_cpe, 0) AS obligations,
        coalesce(g.gross_outlay_amount_by_tas_cpe, 0) - coalesce(g.anticipated_prior_year_obligation_recoveries, 0) AS outlays
      FROM gtas_sf133_balances g
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = g.treasury_account_identifier
      JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id
      WHERE g.disaster_emergency_fund_code = 'O' AND ta.abbreviation = 'DOL'
        AND t.tas_rendering_label = ANY(${sql.array([...DOL_DEFC_O_ACCOUNTS], 'text')})
    ), latest AS (
      SELECT fiscal_year, max(fiscal_period) AS fiscal_period FROM gtas_sf133_balances WHERE fiscal_year >= 2021 GROUP BY fiscal_year
    )
    SELECT (SELECT sum(r.obligations) FROM rows r JOIN latest USING (fiscal_year, fiscal_period))::float8 AS obligations,
      (SELECT sum(r.outlays) FROM rows r JOIN latest USING (fiscal_year, fiscal_period))::float8 AS outlays,
      (SELECT sum(obligations) FROM rows WHERE fiscal_year = 2021 AND fiscal_period = 6)::float8 AS base_obligations,
      (SELECT sum(outlays) FROM rows WHERE fiscal_year = 2021 AND fiscal_period = 6)::float8 AS base_outlays
  `);
}

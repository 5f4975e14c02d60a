import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { disasterSubmissionCtes, FILE_C_OUTLAY, gtasPeriodCte } from '../disaster/disaster-scope';

const GtasRow = z.object({
  def_code: z.string(),
  amount: z.number(),
  obligations: z.number(),
  outlays: z.number(),
});
export type GtasRow = z.infer<typeof GtasRow>;

/**
 * GTAS (SF 133) totals per DEF code over the latest period of each fiscal year from the reporting start:
 * total budgetary resources, obligations less prior-year deobligations, gross outlays less paid prior-year
 * recoveries. Only codes with GTAS rows appear, ordered by code.
 */
export async function gtasByDefCode(db: CommonQueryMethods, defCodes: readonly string[]): Promise<readonly GtasRow[]> {
  return db.any(sql.type(GtasRow)`
    WITH ${gtasPeriodCte()}
    SELECT g.disaster_emergency_fund_code AS def_code,
      coalesce(sum(g.total_budgetary_resources_cpe), 0)::float8 AS amount,
      coalesce(sum(coalesce(g.obligations_incurred_total_cpe, 0)
        - coalesce(g.deobligations_or_recoveries_or_refunds_from_prior_year_cpe, 0)), 0)::float8 AS obligations,
      coalesce(sum(coalesce(g.gross_outlay_amount_by_tas_cpe, 0)
        - coalesce(g.prior_year_paid_obligation_recoveries, 0)), 0)::float8 AS outlays
    FROM gtas_sf133_balances g
    JOIN disaster_gtas_period p USING (fiscal_year, fiscal_period)
    WHERE g.disaster_emergency_fund_code = ANY(${sql.array([...defCodes], 'text')})
    GROUP BY g.disaster_emergency_fund_code
    ORDER BY g.disaster_emergency_fund_code COLLATE "C"
  `);
}

const FileCTotalsRow = z.object({ obligation: z.number().nullable(), outlay: z.number().nullable() });
export type FileCTotalsRow = z.infer<typeof FileCTotalsRow>;

/**
 * Award financial (File C) totals of the DEF codes: obligations of every counted submission, outlays
 * (fiscal-year-to-date) of the latest period of each year only. Null when no row matches.
 */
export async function fileCTotals(db: CommonQueryMethods, defCodes: readonly string[]): Promise<FileCTotalsRow> {
  return db.one(sql.type(FileCTotalsRow)`
    WITH ${disasterSubmissionCtes()}
    SELECT sum(b.transaction_obligated_amount)::float8 AS obligation,
      CASE WHEN count(*) = 0 THEN NULL ELSE coalesce(sum(${FILE_C_OUTLAY}) FILTER (WHERE s.is_latest), 0) END::float8 AS outlay
    FROM financial_accounts_by_awards b
    JOIN disaster_submission s ON s.submission_id = b.submission_id
    WHERE b.disaster_emergency_fund_code = ANY(${sql.array([...defCodes], 'text')})
  `);
}

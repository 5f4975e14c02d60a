import { sql, type FragmentSqlToken } from 'slonik';

/**
 * The first fiscal period the disaster endpoints count (upstream `disaster_base.py`): COVID-19 account data is
 * reported from FY2020 P7 (April 2020) onward, and upstream applies that start to every DEF code.
 */
export const REPORTING_START = { fiscal_year: 2020, fiscal_period: 7 } as const;

/**
 * CTEs `disaster_window`, `disaster_latest_window` and `disaster_submission` (always used together):
 *
 * - `disaster_window`: submission windows revealed by now, from the reporting start on;
 * - `disaster_latest_window`: per fiscal year and cadence (monthly/quarterly) the latest revealed period, whose
 *   submissions hold the fiscal-year-to-date (CPE) balances;
 * - `disaster_submission`: one submission per agency and period (the latest certified/published one, so a
 *   resubmission is counted once), in a revealed window; `is_latest` marks the latest period of its year.
 */
export function disasterSubmissionCtes(): FragmentSqlToken {
  return sql.fragment`
    disaster_window AS (
      SELECT w.submission_fiscal_year AS fiscal_year, w.submission_fiscal_month AS fiscal_period, w.is_quarter
      FROM dabs_submission_window_schedule w
      WHERE w.submission_reveal_date <= now()
        AND (w.submission_fiscal_year, w.submission_fiscal_month) >= (${REPORTING_START.fiscal_year}, ${REPORTING_START.fiscal_period})
    ), disaster_latest_window AS (
      SELECT fiscal_year, is_quarter, max(fiscal_period) AS fiscal_period
      FROM disaster_window GROUP BY fiscal_year, is_quarter
    ), disaster_submission AS (
      SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
        s.submission_id, s.toptier_code,
        EXISTS (
          SELECT 1 FROM disaster_latest_window l
          WHERE l.fiscal_year = s.reporting_fiscal_year AND l.fiscal_period = s.reporting_fiscal_period
            AND l.is_quarter = s.quarter_format_flag
        ) AS is_latest
      FROM submission_attributes s
      JOIN disaster_window w ON w.fiscal_year = s.reporting_fiscal_year AND w.fiscal_period = s.reporting_fiscal_period
        AND w.is_quarter = s.quarter_format_flag
      ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period,
        coalesce(s.certified_date, s.published_date) DESC NULLS LAST, s.submission_id DESC
    )
  `;
}

/**
 * CTE `disaster_gtas_period`: the GTAS periods the overview counts, the latest period present of each fiscal year
 * from the reporting start on (the SF 133 balances are fiscal-year-to-date, so one period per year).
 */
export function gtasPeriodCte(): FragmentSqlToken {
  return sql.fragment`
    disaster_gtas_period AS (
      SELECT fiscal_year, max(fiscal_period) AS fiscal_period
      FROM gtas_sf133_balances
      WHERE (fiscal_year, fiscal_period) >= (${REPORTING_START.fiscal_year}, ${REPORTING_START.fiscal_period})
      GROUP BY fiscal_year
    )
  `;
}

/** File C outlay of a row: gross outlay plus the USSGL 487200/497200 downward adjustments (as derive_award_file_c). */
export const FILE_C_OUTLAY = sql.fragment`(
  coalesce(b.gross_outlay_amount_by_award_cpe, 0)
  + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
  + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0)
)`;

import { sql, type FragmentSqlToken } from 'slonik';

/**
 * The File C (award financial) rows an award endpoint reads, as the derive step reads them for
 * award_search (the baseline): rows of submissions whose window has been revealed (or that have no
 * window), with `outlay` counted only on submissions holding the final balances of their fiscal year
 * (outlays are cumulative within a fiscal year). `awards` is a fragment selecting the award ids.
 * Columns: every File C column as `b.*`, plus `outlay`, `reporting_*`, `quarter_format_flag`.
 */
export function fileCRows(awards: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(
    SELECT b.*, s.reporting_fiscal_year, s.reporting_fiscal_quarter, s.reporting_fiscal_period, s.quarter_format_flag,
      s.toptier_code AS reporting_toptier_code, s.reporting_agency_name,
      CASE WHEN s.is_final_balances_for_fy THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0)
        + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) END AS outlay
    FROM financial_accounts_by_awards b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE b.award_id IN (${awards})
      AND (w.id IS NULL OR (w.submission_reveal_date AT TIME ZONE 'UTC')::date <= current_date)
  )`;
}

/** The award itself. */
export const oneAward = (awardId: number): FragmentSqlToken => sql.fragment`SELECT ${awardId}::bigint`;

/**
 * The awards under an IDV: its direct children and the children of its child IDVs (optionally only those
 * with one PIID).
 */
export const idvDescendants = (idvId: number, piid?: string): FragmentSqlToken => sql.fragment`
  SELECT d.award_id FROM (
    SELECT c.award_id, c.piid FROM award_search c WHERE c.parent_award_id = ${idvId}
    UNION ALL
    SELECT g.award_id, g.piid FROM award_search c JOIN award_search g ON g.parent_award_id = c.award_id
    WHERE c.parent_award_id = ${idvId} AND c.category = 'idv'
  ) d WHERE ${piid === undefined ? sql.fragment`TRUE` : sql.fragment`d.piid = ${piid}`}`;

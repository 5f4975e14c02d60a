import { sql, type FragmentSqlToken } from 'slonik';

/**
 * The submissions whose balances count for a fiscal year: per submitting agency, its latest revealed and
 * published (or certified) submission of the year. Balances are cumulative (CPE), so exactly one submission
 * per agency and year counts; where an agency has both a quarterly and a monthly submission for the same
 * period, the monthly one wins, so nothing is counted twice. A window missing from the schedule counts as
 * revealed once the submission is published.
 */
export function latestSubmissionsFragment(fiscalYear: number): FragmentSqlToken {
  return sql.fragment`
    SELECT DISTINCT ON (s.toptier_code) s.submission_id, s.reporting_fiscal_period
    FROM submission_attributes s
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE s.reporting_fiscal_year = ${fiscalYear}
      AND coalesce(s.certified_date, s.published_date) IS NOT NULL
      AND coalesce(w.submission_reveal_date, s.published_date) <= now()
    ORDER BY s.toptier_code, s.reporting_fiscal_period DESC, s.quarter_format_flag, s.submission_id DESC`;
}

/**
 * Revealed, published submissions of every fiscal year, one per submitting agency and period (monthly
 * before quarterly), with a flag on the latest of each agency's year.
 */
export const REVEALED_SUBMISSIONS = sql.fragment`
  SELECT p.*, row_number() OVER (PARTITION BY p.toptier_code, p.fy ORDER BY p.period DESC) = 1 AS is_latest
  FROM (
    SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
      s.submission_id, s.toptier_code, s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period
    FROM submission_attributes s
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE coalesce(s.certified_date, s.published_date) IS NOT NULL
      AND coalesce(w.submission_reveal_date, s.published_date) <= now()
    ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period, s.quarter_format_flag, s.submission_id DESC
  ) p`;

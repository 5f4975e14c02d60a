import { sql, type FragmentSqlToken } from 'slonik';

/**
 * The submissions whose balances count for a fiscal year: per submitting agency, its latest revealed and
 * published (or certified) submission of the year. Balances are cumulative (CPE), so exactly one submission
 * per agency and year counts; where an agency has both a quarterly and a monthly submission for the same
 * period, the monthly one wins, so nothing is counted twice. A window missing from the schedule counts as
 * revealed once the submission is published. (The overview and budgetary resources apply the same rule in
 * the functions agency_def_codes and agency_budgetary_resources.)
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

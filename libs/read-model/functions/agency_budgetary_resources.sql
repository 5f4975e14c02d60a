-- A funding agency's budgetary resources per fiscal year from p_from_year to p_to_year, as JSON
-- {"years": [...latest first], "periods": [...]}: per year its File A totals in the latest submissions of the year
-- (null without any) and the GTAS government total of the year's latest period; per year and period its
-- obligations. One submission per submitting agency and period counts (monthly before quarterly), revealed and
-- published (or certified); "latest" is the last period of the agency's year. Rebuilds the agency summaries first
-- when a write to the account tables marked them stale: a function, so that the stale check, the rebuild and
-- the read are one round trip.
CREATE OR REPLACE FUNCTION agency_budgetary_resources(p_toptier_agency_id integer, p_from_year integer, p_to_year integer)
RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT stale FROM agency_summary_state WHERE id = 1) THEN PERFORM refresh_agency_summaries(); END IF;
  RETURN (
    WITH submitters AS (
      -- Only the agencies that submitted the funding agency's accounts need their submissions ranked.
      SELECT DISTINCT sx.toptier_code FROM agency_submission_balance x JOIN submission_attributes sx ON sx.submission_id = x.submission_id
      WHERE x.toptier_agency_id = p_toptier_agency_id
    ), per_period AS (
      SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
        s.submission_id, s.toptier_code, s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period
      FROM submission_attributes s
      LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
      WHERE s.toptier_code IN (SELECT toptier_code FROM submitters)
        AND coalesce(s.certified_date, s.published_date) IS NOT NULL
        AND coalesce(w.submission_reveal_date, s.published_date) <= now()
      ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period, s.quarter_format_flag, s.submission_id DESC
    ), subs AS (
      SELECT p.*, row_number() OVER (PARTITION BY p.toptier_code, p.fy ORDER BY p.period DESC) = 1 AS is_latest FROM per_period p
    ), bal AS (
      SELECT s.fy, s.period, s.is_latest, b.total_budgetary_resources, b.obligated, b.outlay
      FROM subs s JOIN agency_submission_balance b ON b.submission_id = s.submission_id AND b.toptier_agency_id = p_toptier_agency_id
      WHERE s.fy BETWEEN p_from_year AND p_to_year
    ), agency AS (
      SELECT fy, sum(total_budgetary_resources) AS tbr, sum(obligated) AS obligated, sum(outlay) AS outlay
      FROM bal WHERE is_latest GROUP BY fy
    ), gov AS (
      SELECT DISTINCT ON (fiscal_year) fiscal_year, total_budgetary_resources FROM gtas_period_total
      ORDER BY fiscal_year, fiscal_period DESC
    ), periods AS (
      SELECT fy, period, sum(obligated) AS obligated FROM bal GROUP BY fy, period
    )
    SELECT json_build_object(
      'years', coalesce((SELECT json_agg(json_build_object('fy', y, 'agency_budgetary_resources', a.tbr, 'agency_total_obligated', a.obligated,
          'agency_total_outlayed', a.outlay, 'total_budgetary_resources', g.total_budgetary_resources) ORDER BY y DESC)
        FROM generate_series(p_from_year, p_to_year) y LEFT JOIN agency a ON a.fy = y LEFT JOIN gov g ON g.fiscal_year = y), '[]'::json),
      'periods', coalesce((SELECT json_agg(json_build_object('fy', p.fy, 'period', p.period, 'obligated', p.obligated) ORDER BY p.fy, p.period)
        FROM periods p), '[]'::json)));
END $$;

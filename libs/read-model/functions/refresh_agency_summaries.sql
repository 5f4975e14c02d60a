-- Rebuilds the agency profile summaries (agency_submission_balance, agency_submission_defc, agency_latest_defc,
-- gtas_period_total) when a write to the account or submission tables marked them stale; the agency endpoints call
-- it before reading.
CREATE OR REPLACE FUNCTION refresh_agency_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('refresh_agency_summaries'));
  IF NOT (SELECT stale FROM agency_summary_state WHERE id = 1) THEN RETURN; END IF;
  DELETE FROM agency_submission_balance;
  INSERT INTO agency_submission_balance
  SELECT taa.funding_toptier_agency_id, aab.submission_id,
         coalesce(sum(aab.total_budgetary_resources_amount_cpe), 0), coalesce(sum(aab.obligations_incurred_total_by_tas_cpe), 0),
         coalesce(sum(aab.gross_outlay_amount_by_tas_cpe), 0)
  FROM appropriation_account_balances aab
  JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
  WHERE taa.funding_toptier_agency_id IS NOT NULL
  GROUP BY 1, 2;
  DELETE FROM agency_submission_defc;
  INSERT INTO agency_submission_defc
  SELECT DISTINCT taa.funding_toptier_agency_id, b.submission_id, b.disaster_emergency_fund_code
  FROM financial_accounts_by_program_activity_object_class b
  JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = b.treasury_account_id
  WHERE taa.funding_toptier_agency_id IS NOT NULL AND b.disaster_emergency_fund_code IS NOT NULL;
  -- Per submission, the span in which it is its agency's latest of the year (revealed, and no better-ranked
  -- submission revealed yet; ranked by period, monthly before quarterly, then id): the window's reveal date, or
  -- the publication date for a window missing from the schedule.
  DELETE FROM agency_latest_defc;
  INSERT INTO agency_latest_defc
  WITH sub AS (
    SELECT s.submission_id, s.toptier_code, s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period,
      s.quarter_format_flag AS quarterly, coalesce(w.submission_reveal_date, s.published_date) AS revealed
    FROM submission_attributes s
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE coalesce(s.certified_date, s.published_date) IS NOT NULL AND coalesce(w.submission_reveal_date, s.published_date) IS NOT NULL
  ), spans AS (
    SELECT submission_id, fy, revealed AS latest_from,
      min(revealed) OVER (PARTITION BY toptier_code, fy ORDER BY period DESC, quarterly, submission_id DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_until
    FROM sub
  )
  SELECT DISTINCT x.toptier_agency_id, sp.fy, x.defc, sp.latest_from, sp.latest_until
  FROM spans sp JOIN agency_submission_defc x ON x.submission_id = sp.submission_id
  WHERE sp.latest_until IS NULL OR sp.latest_until > sp.latest_from;
  DELETE FROM gtas_period_total;
  INSERT INTO gtas_period_total
  SELECT fiscal_year, fiscal_period, coalesce(sum(total_budgetary_resources_cpe), 0) FROM gtas_sf133_balances GROUP BY 1, 2;
  UPDATE agency_summary_state SET stale = false WHERE id = 1;
END $$;

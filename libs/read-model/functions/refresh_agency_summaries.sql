-- Rebuilds the agency profile summaries (agency_submission_balance, agency_submission_defc, gtas_period_total) when
-- a write to the account tables marked them stale; the agency endpoints call it before reading.
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
  DELETE FROM gtas_period_total;
  INSERT INTO gtas_period_total
  SELECT fiscal_year, fiscal_period, coalesce(sum(total_budgetary_resources_cpe), 0) FROM gtas_sf133_balances GROUP BY 1, 2;
  UPDATE agency_summary_state SET stale = false WHERE id = 1;
END $$;

-- Rebuilds the account summaries (account_period_submission, account_fy_tas_balance, account_fy_tas_category,
-- account_object_class) from Files A and B and the submission schedule; whatever writes account data calls it afterwards. Returns the rows written.
CREATE OR REPLACE FUNCTION refresh_account_summaries() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint := 0;
  k bigint;
BEGIN
  TRUNCATE account_period_submission, account_fy_tas_balance, account_fy_tas_category, account_object_class;

  INSERT INTO account_period_submission
  WITH revealed AS (
    SELECT submission_fiscal_year AS fy, submission_fiscal_month AS period, is_quarter
    FROM dabs_submission_window_schedule WHERE submission_reveal_date <= now()
  ), one_per_period AS (
    SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
      s.submission_id, s.toptier_code, s.reporting_fiscal_year AS fy, s.reporting_fiscal_quarter AS fq,
      s.reporting_fiscal_period AS period, s.quarter_format_flag AS is_quarter, s.reporting_period_start, s.reporting_period_end
    FROM submission_attributes s
    JOIN revealed r ON r.fy = s.reporting_fiscal_year AND r.period = s.reporting_fiscal_period AND r.is_quarter = s.quarter_format_flag
    WHERE coalesce(s.certified_date, s.published_date) IS NOT NULL
    ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period, s.quarter_format_flag,
      coalesce(s.certified_date, s.published_date) DESC, s.submission_id DESC
  )
  SELECT submission_id, toptier_code, fy, fq, period, is_quarter,
    period = max(period) OVER (PARTITION BY toptier_code, fy),
    period = max(period) OVER (PARTITION BY toptier_code, fy, fq),
    reporting_period_start, reporting_period_end
  FROM one_per_period;
  GET DIAGNOSTICS k = ROW_COUNT; n := n + k;

  INSERT INTO account_fy_tas_balance
  SELECT a.treasury_account_identifier, s.fiscal_year, t.federal_account_id, t.funding_toptier_agency_id, min(a.submission_id),
    coalesce(sum(a.total_budgetary_resources_amount_cpe), 0), coalesce(sum(a.budget_authority_appropriated_amount_cpe), 0),
    coalesce(sum(a.other_budgetary_resources_amount_cpe), 0),
    coalesce(sum(coalesce(a.budget_authority_unobligated_balance_brought_forward_fyb, 0)
      + coalesce(a.adjustments_to_unobligated_balance_brought_forward_cpe, 0)), 0),
    coalesce(sum(a.obligations_incurred_total_by_tas_cpe), 0), coalesce(sum(a.gross_outlay_amount_by_tas_cpe), 0),
    coalesce(sum(a.unobligated_balance_cpe), 0)
  FROM appropriation_account_balances a
  JOIN account_period_submission s ON s.submission_id = a.submission_id AND s.is_latest_of_year
  JOIN treasury_appropriation_account t ON t.treasury_account_identifier = a.treasury_account_identifier
  GROUP BY 1, 2, 3, 4;
  GET DIAGNOSTICS k = ROW_COUNT; n := n + k;

  INSERT INTO account_fy_tas_category
  SELECT b.treasury_account_id, s.fiscal_year, t.federal_account_id, t.funding_toptier_agency_id, b.program_activity_id,
    b.object_class_id, coalesce(sum(b.obligations_incurred_by_program_object_class_cpe), 0),
    coalesce(sum(b.gross_outlay_amount_by_program_object_class_cpe), 0)
  FROM financial_accounts_by_program_activity_object_class b
  JOIN account_period_submission s ON s.submission_id = b.submission_id AND s.is_latest_of_year
  JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_id
  GROUP BY 1, 2, 3, 4, 5, 6;
  GET DIAGNOSTICS k = ROW_COUNT; n := n + k;
  INSERT INTO account_object_class
  SELECT DISTINCT c.federal_account_id, oc.major_object_class, oc.major_object_class_name, oc.object_class, oc.object_class_name
  FROM account_fy_tas_category c JOIN object_class oc ON oc.id = c.object_class_id
  WHERE c.federal_account_id IS NOT NULL;
  GET DIAGNOSTICS k = ROW_COUNT; n := n + k;
  ANALYZE account_period_submission;
  ANALYZE account_fy_tas_balance;
  ANALYZE account_fy_tas_category;
  ANALYZE account_object_class;
  RETURN n;
END $$;

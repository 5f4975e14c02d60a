-- Up Migration
-- Account summaries of the federal account, Treasury account and financial_* endpoints (apps/profile/src/accounts).
--
-- Account balances are fiscal-year-to-date (CPE): a fiscal year's figures are those of the latest submission of
-- each agency in that year, and summing several submissions of one year would count the same money twice. The
-- "latest" submission of an agency and period is its latest certified (else published) one in a window the DABS
-- schedule has revealed; the year's figures come from the latest period so chosen (monthly before quarterly when
-- both exist for one period).
--
-- `account_latest_submission` holds one row per agency and fiscal year (the year's latest submission) and
-- `account_period_submission` one per agency and period (for the quarterly endpoints); the two summaries
-- below aggregate File A and File B to the Treasury account and fiscal year over them. They are rebuilt by
-- `refresh_account_summaries()`, which whatever writes account data calls afterwards (the demo data generator does).

CREATE TABLE account_period_submission (
  submission_id      integer PRIMARY KEY,
  toptier_code       text NOT NULL,
  fiscal_year        integer NOT NULL,
  fiscal_quarter     integer NOT NULL,
  fiscal_period      integer NOT NULL,
  is_quarter         boolean NOT NULL,
  -- the latest period of the agency's fiscal year
  is_latest_of_year  boolean NOT NULL,
  -- the latest period of its fiscal quarter (the one whose balances close the quarter)
  is_latest_of_quarter boolean NOT NULL,
  period_start       date,
  period_end         date
);
CREATE INDEX account_period_submission_fy_idx ON account_period_submission (fiscal_year, toptier_code);

-- File A per Treasury account and fiscal year (latest submission of the year).
CREATE TABLE account_fy_tas_balance (
  treasury_account_identifier integer NOT NULL,
  fiscal_year                 integer NOT NULL,
  federal_account_id          integer,
  funding_toptier_agency_id   integer,
  submission_id               integer NOT NULL,
  budget_authority            numeric(23, 2) NOT NULL,
  appropriations              numeric(23, 2) NOT NULL,
  other_budgetary_resources   numeric(23, 2) NOT NULL,
  balance_brought_forward     numeric(23, 2) NOT NULL,
  obligations                 numeric(23, 2) NOT NULL,
  outlays                     numeric(23, 2) NOT NULL,
  unobligated                 numeric(23, 2) NOT NULL,
  PRIMARY KEY (treasury_account_identifier, fiscal_year)
);
CREATE INDEX account_fy_tas_balance_fa_idx ON account_fy_tas_balance (federal_account_id, fiscal_year);
CREATE INDEX account_fy_tas_balance_agency_idx ON account_fy_tas_balance (funding_toptier_agency_id, fiscal_year);

-- File B per Treasury account, fiscal year, program activity and object class (latest submission of the year;
-- DEF codes summed together).
CREATE TABLE account_fy_tas_category (
  treasury_account_identifier integer NOT NULL,
  fiscal_year                 integer NOT NULL,
  federal_account_id          integer,
  funding_toptier_agency_id   integer,
  program_activity_id         integer,
  object_class_id             integer,
  obligations                 numeric(23, 2) NOT NULL,
  outlays                     numeric(23, 2) NOT NULL
);
CREATE INDEX account_fy_tas_category_tas_idx ON account_fy_tas_category (treasury_account_identifier, fiscal_year);
CREATE INDEX account_fy_tas_category_fa_idx ON account_fy_tas_category (federal_account_id, fiscal_year);
CREATE INDEX account_fy_tas_category_agency_idx ON account_fy_tas_category (funding_toptier_agency_id, fiscal_year);

-- Lookups of the base tables by account and submission (the v1 aggregations and the quarterly endpoints).
CREATE INDEX IF NOT EXISTS aab_tas_submission_idx ON appropriation_account_balances (treasury_account_identifier, submission_id);
CREATE INDEX IF NOT EXISTS fabpaoc_tas_submission_idx ON financial_accounts_by_program_activity_object_class (treasury_account_id, submission_id);

CREATE OR REPLACE FUNCTION refresh_account_summaries() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint := 0;
  k bigint;
BEGIN
  TRUNCATE account_period_submission, account_fy_tas_balance, account_fy_tas_category;

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
  ANALYZE account_period_submission;
  ANALYZE account_fy_tas_balance;
  ANALYZE account_fy_tas_category;
  RETURN n;
END $$;

-- Down Migration
DROP FUNCTION IF EXISTS refresh_account_summaries();
DROP INDEX IF EXISTS fabpaoc_tas_submission_idx;
DROP INDEX IF EXISTS aab_tas_submission_idx;
DROP TABLE IF EXISTS account_fy_tas_category;
DROP TABLE IF EXISTS account_fy_tas_balance;
DROP TABLE IF EXISTS account_period_submission;

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

-- Up Migration
-- Agency profile pre-aggregations. The agency overview and budgetary-resources pages read File A, File B and
-- GTAS totals per agency and submission; these small tables hold exactly those sums so the pages do not scan
-- the account files. They are keyed by submission (not by "latest"), because which submission is the latest
-- depends on today's date (submission windows reveal over time): the endpoints pick the latest at query time
-- from submission_attributes, which is small.
--
-- Freshness: statement-level triggers on every source table mark the summaries stale; the profile app calls
-- refresh_agency_summaries() before reading when they are stale (one refresher at a time, under an advisory
-- lock). Bulk loads pay one flag update per statement.

CREATE INDEX IF NOT EXISTS aab_submission_idx ON appropriation_account_balances (submission_id);
CREATE INDEX IF NOT EXISTS fabpaoc_submission_idx ON financial_accounts_by_program_activity_object_class (submission_id);
CREATE INDEX IF NOT EXISTS submission_attributes_fy_idx ON submission_attributes (reporting_fiscal_year, toptier_code);

CREATE TABLE agency_summary_state (
  id    integer PRIMARY KEY CHECK (id = 1),
  stale boolean NOT NULL
);
INSERT INTO agency_summary_state VALUES (1, true);

-- File A per funding toptier agency and submission.
CREATE TABLE agency_submission_balance (
  toptier_agency_id         integer NOT NULL,
  submission_id             integer NOT NULL,
  total_budgetary_resources numeric(23, 2) NOT NULL,
  obligated                 numeric(23, 2) NOT NULL,
  outlay                    numeric(23, 2) NOT NULL,
  PRIMARY KEY (toptier_agency_id, submission_id)
);

-- DEF codes present in File B per funding toptier agency and submission.
CREATE TABLE agency_submission_defc (
  toptier_agency_id integer NOT NULL,
  submission_id     integer NOT NULL,
  defc              text NOT NULL,
  PRIMARY KEY (toptier_agency_id, submission_id, defc)
);

-- Government-wide GTAS total budgetary resources per fiscal year and period.
CREATE TABLE gtas_period_total (
  fiscal_year               integer NOT NULL,
  fiscal_period             integer NOT NULL,
  total_budgetary_resources numeric(23, 2) NOT NULL,
  PRIMARY KEY (fiscal_year, fiscal_period)
);

CREATE TRIGGER agency_summaries_aab AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appropriation_account_balances
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_fabpaoc AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON financial_accounts_by_program_activity_object_class
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_gtas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gtas_sf133_balances
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_taa AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON treasury_appropriation_account
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();

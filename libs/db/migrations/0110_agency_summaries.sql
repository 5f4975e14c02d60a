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

CREATE FUNCTION mark_agency_summaries_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agency_summary_state SET stale = true WHERE id = 1 AND NOT stale;
  RETURN NULL;
END $$;

CREATE FUNCTION refresh_agency_summaries() RETURNS void LANGUAGE plpgsql AS $$
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

CREATE TRIGGER agency_summaries_aab AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appropriation_account_balances
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_fabpaoc AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON financial_accounts_by_program_activity_object_class
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_gtas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gtas_sf133_balances
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_taa AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON treasury_appropriation_account
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();

-- Down Migration
DROP TRIGGER agency_summaries_taa ON treasury_appropriation_account;
DROP TRIGGER agency_summaries_gtas ON gtas_sf133_balances;
DROP TRIGGER agency_summaries_fabpaoc ON financial_accounts_by_program_activity_object_class;
DROP TRIGGER agency_summaries_aab ON appropriation_account_balances;
DROP FUNCTION refresh_agency_summaries();
DROP FUNCTION mark_agency_summaries_stale();
DROP TABLE gtas_period_total;
DROP TABLE agency_submission_defc;
DROP TABLE agency_submission_balance;
DROP TABLE agency_summary_state;
DROP INDEX submission_attributes_fy_idx;
DROP INDEX fabpaoc_submission_idx;
DROP INDEX aab_submission_idx;

-- Up Migration
-- Disaster (COVID-19 etc.) pre-aggregations. The disaster endpoints count File C and File B rows of the latest
-- submission per agency and period in the revealed submission windows, from FY2020 P7 on; computing that per request
-- means scanning the account files and deduplicating submissions every time. These tables hold the rows already
-- chosen and summed, so a request reads a few hundred rows:
--
-- - disaster_award_row: counted File C rows summed per DEF code, award key, Treasury account, object class and
--   row kind, with the linked award's id and type, and `award_codes` (every DEF code the award key has);
-- - disaster_award_rollup: per endpoint dimension (agency, federal account, ..., geography layer) the File C sums,
--   counted awards and loan face value per result, child and in total. Rows are keyed by `included` (the DEF codes
--   whose rows were summed) and `excluded` (the award's other codes): a request for codes S reads the rows with
--   included <@ S and no excluded code in S, which is each award's sum over exactly its codes in S, so distinct award
--   counts stay exact for any set of codes. The (included, excluded) pairs present are numbered in
--   disaster_code_set (a few dozen), and the rollup rows of a dimension are read by those numbers. Each disaster
--   group (COVID-19, infrastructure) also has its own number, the sum of its subsets' rows (each award is in one),
--   read when a request asks for exactly the group's codes. Rows are per award type and for all types (`*`);
-- - disaster_account_balance: counted File B rows per DEF code, Treasury account and object class: sums of the
--   submissions holding each year's latest balances, and whether any counted row is not zero (the counts);
-- - disaster_gtas_balance: GTAS sums per DEF code and Treasury account of the periods the overview counts;
-- - disaster_account_rollup: the File B and GTAS sums per total spending dimension, result and child.
--
-- Which submissions count depends on the date (windows reveal over time): the state row keeps `valid_until`, the
-- next reveal date after the build, and the tables are rebuilt when it has passed. Statement triggers on every
-- source table mark them stale; the search app calls refresh_disaster_summaries() before reading.

CREATE TABLE disaster_summary_state (
  id          integer PRIMARY KEY CHECK (id = 1),
  stale       boolean NOT NULL,
  valid_until timestamptz
);
INSERT INTO disaster_summary_state VALUES (1, true, NULL);

CREATE TABLE disaster_award_row (
  def_code            text NOT NULL,
  award_key           text,
  award_id            bigint,
  award_type          text,
  treasury_account_id integer,
  object_class_id     integer,
  procurement         boolean NOT NULL,
  assistance          boolean NOT NULL,
  award_codes         text[] NOT NULL,
  obligation          numeric NOT NULL,
  outlay              numeric NOT NULL,
  -- some row had a transaction_obligated_amount (the overview's obligation is null without one)
  has_obligation      boolean NOT NULL,
  -- some row had a non-zero obligation or gross outlay (the account counts)
  has_nonzero         boolean NOT NULL
);
CREATE INDEX disaster_award_row_def_code_idx ON disaster_award_row (def_code);

CREATE TABLE disaster_code_set (
  set_id   integer PRIMARY KEY,
  kind     text NOT NULL CHECK (kind IN ('subset', 'group')),
  included text[] NOT NULL,
  excluded text[] NOT NULL
);

CREATE TABLE disaster_award_rollup (
  dimension          text NOT NULL,
  set_id             integer NOT NULL,
  award_type         text,
  level              text NOT NULL,
  p_id               text,
  c_id               text,
  p_code             text,
  p_desc             text,
  c_code             text,
  c_desc             text,
  extra              text,
  fips               text,
  award_count        integer NOT NULL,
  obligation         numeric NOT NULL,
  outlay             numeric NOT NULL,
  face_value_of_loan numeric NOT NULL
);
CREATE INDEX disaster_award_rollup_set_idx ON disaster_award_rollup (dimension, set_id, award_type, level, p_id);

CREATE TABLE disaster_account_balance (
  def_code            text NOT NULL,
  treasury_account_id integer NOT NULL,
  object_class_id     integer,
  obligation          numeric NOT NULL,
  outlay              numeric NOT NULL,
  has_latest          boolean NOT NULL,
  has_nonzero         boolean NOT NULL
);
CREATE INDEX disaster_account_balance_def_code_idx ON disaster_account_balance (def_code);

-- GTAS (SF 133) balances per DEF code and Treasury account over the latest period of each fiscal year from FY2020 P7.
CREATE TABLE disaster_gtas_balance (
  def_code                    text NOT NULL,
  treasury_account_identifier integer,
  total_budgetary_resources   numeric NOT NULL,
  obligations                 numeric NOT NULL,
  outlays                     numeric NOT NULL
);
CREATE INDEX disaster_gtas_balance_def_code_idx ON disaster_gtas_balance (def_code);

-- File B (and GTAS budgetary resources) per total spending dimension (funding agency, federal account, object class),
-- result, child and in total, per DEF code (`code_key` the code) and per disaster group (`code_key` '#' and the
-- group's disaster_code_set number: the sum of its codes' rows). Sums only, so the rows add up over codes.
CREATE TABLE disaster_account_rollup (
  dimension                 text NOT NULL,
  code_key                  text NOT NULL,
  level                     text NOT NULL,
  p_id                      text,
  c_id                      text,
  p_code                    text,
  p_desc                    text,
  c_code                    text,
  c_desc                    text,
  obligation                numeric NOT NULL,
  outlay                    numeric NOT NULL,
  total_budgetary_resources numeric NOT NULL,
  -- some GTAS row fell in the result (else its total_budgetary_resources is null)
  has_gtas                  boolean NOT NULL
);
CREATE INDEX disaster_account_rollup_code_idx ON disaster_account_rollup (dimension, code_key, level, p_id);

CREATE TRIGGER disaster_summaries_fabpaoc AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON financial_accounts_by_program_activity_object_class
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_faba AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON financial_accounts_by_awards
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_gtas AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gtas_sf133_balances
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_submission AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON submission_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_window AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dabs_submission_window_schedule
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_award AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON award_search
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_taa AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON treasury_appropriation_account
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_fa AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON federal_account
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_toptier AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON toptier_agency
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_subtier AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subtier_agency
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_object_class AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON object_class
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_cfda AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON references_cfda
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_def_code AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON disaster_emergency_fund_code
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();
CREATE TRIGGER disaster_summaries_state_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON state_data
  FOR EACH STATEMENT EXECUTE FUNCTION mark_disaster_summaries_stale();

-- Up Migration
-- Summaries for the two array dimensions of transaction_search that 0043 left to the base table: DEF codes
-- (the defc category and every request with a def_codes filter) and federal accounts (the federal_account
-- category). Same shape rule as 0041: base column names, per-group sums, row_count.
--
-- DEF codes. The def_codes filter (libs/filters def-codes.filter.ts) compares action_date with the
-- enactment date of the COVID-19 / IIJA public laws, which do not fall on month boundaries. The DEF
-- summaries therefore group transactions by a *step date* instead of the first day of the month: the
-- latest of the month's first day and the enactment dates on or before the transaction's action_date.
-- For every enactment date e, "action_date >= e" holds exactly when "step date >= e" does, and the step
-- date stays in the transaction's month, so month-aligned time periods and month / quarter / fiscal-year
-- groupings also select and group the same rows. The codes array is kept whole (one group per distinct
-- array), so the filter's overlap test and the defc category's unnest see what they see in the base rows.
-- Only transactions with at least one code are kept: the planner reads these tables only for requests
-- with a def_codes filter, which no transaction without codes passes.
--
-- Federal accounts. One row per (fiscal year, award type, account) with federal_account_ids holding that
-- single account: the federal_account category unnests the array into its grouping key, so summing the
-- per-account rows gives the same groups as unnesting the base rows. The planner reads this table only
-- for requests that group by the unnested account (never to filter or sum over whole rows).
--
-- Enactment dates live in disaster_emergency_fund_code, so a change there also advances
-- search_base_version (row triggers: an unchanged reload writes no row and keeps the summaries fresh).

CREATE TABLE search_summary_txn_defc_month (
  action_date date NOT NULL, -- step date: first day of the month, or a later enactment date in that month
  type text,
  award_category text,
  disaster_emergency_fund_codes text[] NOT NULL,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_month_date_idx ON search_summary_txn_defc_month (action_date);

CREATE TABLE search_summary_txn_defc_awarding_month (
  action_date date NOT NULL, -- step date, as above
  type text,
  award_category text,
  disaster_emergency_fund_codes text[] NOT NULL,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_awarding_month_date_idx ON search_summary_txn_defc_awarding_month (action_date);

CREATE TABLE search_summary_txn_federal_account_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  federal_account_ids integer[] NOT NULL, -- exactly one element
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_federal_account_fy_date_idx ON search_summary_txn_federal_account_fy (action_date);

CREATE FUNCTION search_enactment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_base_version');
  RETURN NULL;
END
$$;
CREATE TRIGGER disaster_emergency_fund_code_enactment_inserted AFTER INSERT OR DELETE ON disaster_emergency_fund_code
  FOR EACH ROW EXECUTE FUNCTION search_enactment_changed();
CREATE TRIGGER disaster_emergency_fund_code_enactment_updated AFTER UPDATE ON disaster_emergency_fund_code
  FOR EACH ROW
  WHEN (OLD.code IS DISTINCT FROM NEW.code OR OLD.group_name IS DISTINCT FROM NEW.group_name
        OR OLD.earliest_public_law_enactment_date IS DISTINCT FROM NEW.earliest_public_law_enactment_date)
  EXECUTE FUNCTION search_enactment_changed();
CREATE TRIGGER disaster_emergency_fund_code_truncated AFTER TRUNCATE ON disaster_emergency_fund_code
  FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();

-- The summaries of 0043/0046 keep their builder under a new name; refresh_search_summaries() runs it and
-- then builds the tables above in the same transaction (the state row is only visible at commit).
ALTER FUNCTION refresh_search_summaries() RENAME TO refresh_search_summaries_core;

CREATE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
SET client_min_messages = warning
AS $$
DECLARE
  enacted date[];
  started timestamptz := clock_timestamp();
BEGIN
  PERFORM refresh_search_summaries_core();
  TRUNCATE search_summary_txn_defc_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  -- The enactment dates the filter compiler uses (codes with a disaster group and a date).
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

  DROP TABLE IF EXISTS search_summary_defc_rows;
  CREATE TEMP TABLE search_summary_defc_rows ON COMMIT DROP AS
  SELECT greatest(date_trunc('month', t.action_date)::date,
                  (SELECT max(e) FROM unnest(enacted) AS e WHERE e <= t.action_date)) AS action_date,
         t.type, t.award_category, t.disaster_emergency_fund_codes,
         t.awarding_agency_id, t.awarding_toptier_agency_id, t.awarding_toptier_agency_name, t.awarding_toptier_agency_code,
         t.awarding_toptier_agency_abbreviation, t.awarding_subtier_agency_name, t.awarding_subtier_agency_code,
         t.awarding_subtier_agency_abbreviation, t.generated_pragmatic_obligation
  FROM transaction_search AS t
  WHERE cardinality(t.disaster_emergency_fund_codes) > 0;

  INSERT INTO search_summary_txn_defc_awarding_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes,
         awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code,
         awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code,
         awarding_subtier_agency_abbreviation, sum(generated_pragmatic_obligation), count(*)
  FROM search_summary_defc_rows
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;

  INSERT INTO search_summary_txn_defc_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month
  GROUP BY 1, 2, 3, 4;

  INSERT INTO search_summary_txn_federal_account_fy
  SELECT (date_trunc('year', t.action_date + interval '3 months') - interval '3 months')::date, t.type, t.award_category,
         ARRAY[u.federal_account_id], sum(t.generated_pragmatic_obligation), count(*)
  FROM transaction_search AS t
  CROSS JOIN LATERAL unnest(t.federal_account_ids) AS u(federal_account_id)
  GROUP BY 1, 2, 3, u.federal_account_id;

  ANALYZE search_summary_txn_defc_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;
  UPDATE search_summary_state SET seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

-- New tables are empty: the planner must not trust the summaries until the next refresh.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Down Migration
DROP FUNCTION refresh_search_summaries();
ALTER FUNCTION refresh_search_summaries_core() RENAME TO refresh_search_summaries;
DROP TRIGGER disaster_emergency_fund_code_truncated ON disaster_emergency_fund_code;
DROP TRIGGER disaster_emergency_fund_code_enactment_updated ON disaster_emergency_fund_code;
DROP TRIGGER disaster_emergency_fund_code_enactment_inserted ON disaster_emergency_fund_code;
DROP FUNCTION search_enactment_changed();
DROP TABLE search_summary_txn_federal_account_fy, search_summary_txn_defc_awarding_month, search_summary_txn_defc_month;

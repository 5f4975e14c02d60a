-- Up Migration
-- DEF codes by awarding agency per fiscal year. search_summary_txn_defc_awarding_month (0048) holds ~1M
-- groups at bench scale, so a DEF code filter without a time period (the common "spending of this DEF code
-- by agency" question) aggregated all of them (~185 ms). The same step-date rule works at fiscal-year grain:
-- a transaction is stored at the latest of its fiscal year's first day and the enactment dates on or before
-- its action date, which keeps every enactment comparison exact and every fiscal-year period and grouping
-- the same; month-aligned periods keep using the monthly table (the planner checks the grain).

CREATE TABLE search_summary_txn_defc_awarding_fy (
  action_date date NOT NULL, -- step date: first day of the fiscal year, or a later enactment date in it
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
CREATE INDEX search_summary_txn_defc_awarding_fy_date_idx ON search_summary_txn_defc_awarding_fy (action_date);

CREATE OR REPLACE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
SET client_min_messages = warning
AS $$
DECLARE
  enacted date[];
  started timestamptz := clock_timestamp();
BEGIN
  PERFORM refresh_search_summaries_core();
  TRUNCATE search_summary_txn_defc_month, search_summary_txn_defc_awarding_month, search_summary_txn_defc_awarding_fy, search_summary_txn_federal_account_fy;

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
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ORDER BY 1, 2;

  INSERT INTO search_summary_txn_defc_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2;

  -- Fiscal-year step dates from the monthly ones: the latest enactment date on or before a transaction's
  -- date is also the latest one on or before its month step date, so no second pass over the base table.
  INSERT INTO search_summary_txn_defc_awarding_fy
  SELECT greatest((date_trunc('year', action_date + interval '3 months') - interval '3 months')::date,
                  (SELECT max(e) FROM unnest(enacted) AS e WHERE e <= m.action_date)),
         type, award_category, disaster_emergency_fund_codes,
         awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code,
         awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code,
         awarding_subtier_agency_abbreviation, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month AS m
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ORDER BY 1, 2;

  INSERT INTO search_summary_txn_federal_account_fy
  SELECT (date_trunc('year', t.action_date + interval '3 months') - interval '3 months')::date, t.type, t.award_category,
         ARRAY[u.federal_account_id], sum(t.generated_pragmatic_obligation), count(*)
  FROM transaction_search AS t
  CROSS JOIN LATERAL unnest(t.federal_account_ids) AS u(federal_account_id)
  GROUP BY 1, 2, 3, u.federal_account_id
  ORDER BY 1, 2;

  ANALYZE search_summary_txn_defc_month, search_summary_txn_defc_awarding_month, search_summary_txn_defc_awarding_fy, search_summary_txn_federal_account_fy;

  PERFORM refresh_search_rankings();
  UPDATE search_summary_state SET seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;


-- The new table is empty: the planner must not trust the summaries until the next refresh.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Down Migration
CREATE OR REPLACE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
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
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ORDER BY 1, 2;

  INSERT INTO search_summary_txn_defc_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2;

  INSERT INTO search_summary_txn_federal_account_fy
  SELECT (date_trunc('year', t.action_date + interval '3 months') - interval '3 months')::date, t.type, t.award_category,
         ARRAY[u.federal_account_id], sum(t.generated_pragmatic_obligation), count(*)
  FROM transaction_search AS t
  CROSS JOIN LATERAL unnest(t.federal_account_ids) AS u(federal_account_id)
  GROUP BY 1, 2, 3, u.federal_account_id
  ORDER BY 1, 2;

  ANALYZE search_summary_txn_defc_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  PERFORM refresh_search_rankings();
  UPDATE search_summary_state SET seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;


DROP TABLE search_summary_txn_defc_awarding_fy;

-- Up Migration
-- Ranked recipients: the recipient category answered by an index range instead of a grouping.
--
-- At bench scale a fiscal year of contracts has ~100k recipients; even from search_summary_txn_recipient_fy
-- the category groups them all to return a page of ten (~170 ms against ~6 ms at demo scale). The most
-- common request, one whole fiscal year and one award type group (or no award type filter), is therefore
-- pre-ranked: one row per (fiscal year, award type group, recipient hash, preferred recipient level) with
-- the amount and fallback name the category query computes, indexed in the query's order (amount
-- descending, hash, level), so a page is a LIMIT/OFFSET over an index range. The search app reads it only
-- for exactly that request shape (apps/search/src/planner/ranking.ts) and only when the summaries are fresh.
-- It is rebuilt from search_summary_txn_recipient_fy, in the same refresh.

-- Award type groups as libs/filters AWARD_TYPE_GROUPS (a test checks they agree).
CREATE TABLE search_award_type_group (
  type text PRIMARY KEY,
  award_type_group text NOT NULL
);
INSERT INTO search_award_type_group (type, award_type_group) VALUES
  ('A', 'contracts'), ('B', 'contracts'), ('C', 'contracts'), ('D', 'contracts'),
  ('IDV_A', 'idvs'), ('IDV_B', 'idvs'), ('IDV_B_A', 'idvs'), ('IDV_B_B', 'idvs'), ('IDV_B_C', 'idvs'), ('IDV_C', 'idvs'), ('IDV_D', 'idvs'), ('IDV_E', 'idvs'),
  ('02', 'grants'), ('03', 'grants'), ('04', 'grants'), ('05', 'grants'), ('F001', 'grants'), ('F002', 'grants'),
  ('06', 'direct_payments'), ('10', 'direct_payments'), ('F006', 'direct_payments'), ('F007', 'direct_payments'),
  ('07', 'loans'), ('08', 'loans'), ('F003', 'loans'), ('F004', 'loans'),
  ('09', 'other_financial_assistance'), ('11', 'other_financial_assistance'), ('-1', 'other_financial_assistance'), ('F005', 'other_financial_assistance'), ('F008', 'other_financial_assistance'), ('F009', 'other_financial_assistance'), ('F010', 'other_financial_assistance');

CREATE TABLE search_ranking_recipient_fy (
  action_date date NOT NULL,        -- first day of the fiscal year (October 1)
  award_type_group text NOT NULL,   -- a group of search_award_type_group, or 'all' (no award type filter)
  recipient_hash uuid NOT NULL,
  recipient_level text,             -- child, then parent, then recipient without parent (as the category query)
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_recipient_fy_page_idx
  ON search_ranking_recipient_fy (action_date, award_type_group, amount DESC, recipient_hash, recipient_level);

CREATE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
AS $$
BEGIN
  TRUNCATE search_ranking_recipient_fy;
  INSERT INTO search_ranking_recipient_fy
  SELECT s.action_date, g.award_type_group, s.recipient_hash,
         CASE WHEN 'C' = ANY(s.recipient_levels) THEN 'C' WHEN 'P' = ANY(s.recipient_levels) THEN 'P'
              WHEN 'R' = ANY(s.recipient_levels) THEN 'R' END,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.recipient_name)
  FROM search_summary_txn_recipient_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.recipient_hash IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  ANALYZE search_ranking_recipient_fy;
END
$$;

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

DROP FUNCTION refresh_search_rankings();
DROP TABLE search_ranking_recipient_fy, search_award_type_group;

-- Up Migration
-- Ranked federal accounts, as the ranked recipients of 0055: one row per (fiscal year, award type group or
-- 'all', federal account) with the category's amount, indexed in the category query's order. At bench scale
-- a fiscal year of contracts still unnests and groups ~5k rows of search_summary_txn_federal_account_fy
-- (~23 ms); the ranking reads a page from an index range. Built from that summary in the same refresh.

CREATE TABLE search_ranking_federal_account_fy (
  action_date date NOT NULL,        -- first day of the fiscal year (October 1)
  award_type_group text NOT NULL,   -- a group of search_award_type_group, or 'all'
  federal_account_id integer NOT NULL,
  amount numeric NOT NULL
);
CREATE INDEX search_ranking_federal_account_fy_page_idx
  ON search_ranking_federal_account_fy (action_date, award_type_group, amount DESC, federal_account_id);

CREATE OR REPLACE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
AS $$
BEGIN
  TRUNCATE search_ranking_recipient_fy, search_ranking_federal_account_fy;
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

  INSERT INTO search_ranking_federal_account_fy
  SELECT s.action_date, g.award_type_group, u.federal_account_id, coalesce(sum(s.generated_pragmatic_obligation), 0)
  FROM search_summary_txn_federal_account_fy AS s
  CROSS JOIN LATERAL unnest(s.federal_account_ids) AS u(federal_account_id)
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE u.federal_account_id IS NOT NULL
  GROUP BY 1, 2, 3;
  ANALYZE search_ranking_recipient_fy, search_ranking_federal_account_fy;
END
$$;

-- The new table is empty: the planner must not trust the summaries until the next refresh.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Down Migration
CREATE OR REPLACE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
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
DROP TABLE search_ranking_federal_account_fy;

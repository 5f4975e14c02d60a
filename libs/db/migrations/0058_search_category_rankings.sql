-- Up Migration
-- More ranking tables, as the recipients' of 0055: federal accounts, awarding/funding agencies and subagencies,
-- place-of-performance counties and PSC codes. Each holds, per (fiscal year, award type group or 'all', key),
-- the amount and the fallback columns the category's grouped query computes, indexed in that query's order,
-- so a page of the common one-fiscal-year / one-group request is an index range. At bench scale these
-- categories otherwise grouped several thousand summary rows per request (10-23 ms against 2-7 ms at demo
-- scale). All are built from the fiscal-year summaries in the same refresh (refresh_search_rankings()).

CREATE TABLE search_ranking_federal_account_fy (
  action_date date NOT NULL,        -- first day of the fiscal year (October 1)
  award_type_group text NOT NULL,   -- a group of search_award_type_group, or 'all'
  federal_account_id integer NOT NULL,
  amount numeric NOT NULL
);
CREATE INDEX search_ranking_federal_account_fy_page_idx
  ON search_ranking_federal_account_fy (action_date, award_type_group, amount DESC, federal_account_id);


CREATE TABLE search_ranking_awarding_agency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  awarding_toptier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_awarding_agency_fy_page_idx
  ON search_ranking_awarding_agency_fy (action_date, award_type_group, amount DESC, awarding_toptier_agency_code);

CREATE TABLE search_ranking_awarding_subagency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  awarding_subtier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text,
  fallback_code text,
  fallback_agency_name text,
  fallback_agency_abbreviation text
);
CREATE INDEX search_ranking_awarding_subagency_fy_page_idx
  ON search_ranking_awarding_subagency_fy (action_date, award_type_group, amount DESC, awarding_subtier_agency_code);

CREATE TABLE search_ranking_funding_agency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  funding_toptier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_funding_agency_fy_page_idx
  ON search_ranking_funding_agency_fy (action_date, award_type_group, amount DESC, funding_toptier_agency_code);

CREATE TABLE search_ranking_funding_subagency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  funding_subtier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text,
  fallback_code text,
  fallback_agency_name text,
  fallback_agency_abbreviation text
);
CREATE INDEX search_ranking_funding_subagency_fy_page_idx
  ON search_ranking_funding_subagency_fy (action_date, award_type_group, amount DESC, funding_subtier_agency_code);


CREATE TABLE search_ranking_county_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  pop_state_code text NOT NULL,
  pop_county_code text NOT NULL,
  amount numeric NOT NULL,
  fips text,
  fallback_name text
);
CREATE INDEX search_ranking_county_fy_page_idx
  ON search_ranking_county_fy (action_date, award_type_group, amount DESC, pop_state_code, pop_county_code);

CREATE TABLE search_ranking_psc_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  product_or_service_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_psc_fy_page_idx
  ON search_ranking_psc_fy (action_date, award_type_group, amount DESC, product_or_service_code);

CREATE OR REPLACE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
AS $$
BEGIN
  TRUNCATE search_ranking_recipient_fy, search_ranking_federal_account_fy, search_ranking_awarding_agency_fy,
    search_ranking_awarding_subagency_fy, search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy,
    search_ranking_county_fy, search_ranking_psc_fy;
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

  INSERT INTO search_ranking_awarding_agency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_toptier_agency_name)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_toptier_agency_code IS NOT NULL
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_awarding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_subtier_agency_name),
         max(s.awarding_subtier_agency_abbreviation), max(s.awarding_toptier_agency_name), max(s.awarding_toptier_agency_abbreviation)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_subtier_agency_code IS NOT NULL
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_funding_agency_fy
  SELECT s.action_date, g.award_type_group, s.funding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_toptier_agency_name)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_toptier_agency_code IS NOT NULL
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_funding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.funding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_subtier_agency_name),
         max(s.funding_subtier_agency_abbreviation), max(s.funding_toptier_agency_name), max(s.funding_toptier_agency_abbreviation)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_subtier_agency_code IS NOT NULL
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_county_fy
  SELECT s.action_date, g.award_type_group, s.pop_state_code, s.pop_county_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.pop_state_fips), max(s.pop_county_name)
  FROM search_summary_txn_pop_county_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.pop_state_code IS NOT NULL AND s.pop_county_code IS NOT NULL
  GROUP BY 1, 2, 3, 4;

  INSERT INTO search_ranking_psc_fy
  SELECT s.action_date, g.award_type_group, s.product_or_service_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.product_or_service_description)
  FROM search_summary_txn_psc_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.product_or_service_code IS NOT NULL
  GROUP BY 1, 2, 3;

  ANALYZE search_ranking_recipient_fy, search_ranking_federal_account_fy, search_ranking_awarding_agency_fy,
    search_ranking_awarding_subagency_fy, search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy,
    search_ranking_county_fy, search_ranking_psc_fy;
END
$$;

-- The new tables are empty: the planner must not trust the summaries until the next refresh.
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
DROP TABLE search_ranking_federal_account_fy, search_ranking_awarding_agency_fy, search_ranking_awarding_subagency_fy,
  search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy, search_ranking_county_fy, search_ranking_psc_fy;

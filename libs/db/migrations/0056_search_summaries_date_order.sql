-- Up Migration
-- Summary rows in date order. The refresh of 0046 inserted each summary in hash-aggregate order, so the
-- rows of one fiscal year lay scattered over the whole table: at bench scale a fiscal year of
-- search_summary_txn_awarding_fy (16.5k rows) touched 5,260 pages, and reading them was most of a category
-- request's 20-30 ms. The same builder now inserts every summary ordered by date and award type (a sort
-- of the already aggregated rows), so a period's rows sit on neighbouring pages. Same groups, same sums.
-- (The function keeps its 0047 memory setting and its 0048 name.)

CREATE OR REPLACE FUNCTION refresh_search_summaries_core() RETURNS void LANGUAGE plpgsql
SET work_mem = '3GB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;

  TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  DROP TABLE IF EXISTS search_summary_txn_sets;
  CREATE TEMP TABLE search_summary_txn_sets ON COMMIT DROP AS
  SELECT GROUPING(month_start) AS g_month,
      GROUPING(awarding_subtier_agency_code) AS g_awarding,
      GROUPING(funding_subtier_agency_code) AS g_funding,
      GROUPING(pop_state_code) AS g_pop_state,
      GROUPING(pop_county_code) AS g_pop_county,
      GROUPING(pop_congressional_code_current) AS g_pop_district,
      GROUPING(recipient_location_state_code) AS g_rloc_state,
      GROUPING(recipient_location_county_code) AS g_rloc_county,
      GROUPING(recipient_location_congressional_code_current) AS g_rloc_district,
      GROUPING(naics_code) AS g_naics,
      GROUPING(product_or_service_code) AS g_psc,
      GROUPING(cfda_number) AS g_cfda,
      GROUPING(recipient_hash) AS g_recipient,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name,
      sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, count(*) AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start, *
    FROM transaction_search
  ) AS t
  GROUP BY GROUPING SETS (
      (hash_only, month_start, type, award_category),
      (hash_only, fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current),
      (hash_only, fy_start, type, award_category, naics_code, naics_description),
      (hash_only, fy_start, type, award_category, product_or_service_code, product_or_service_description),
      (hash_only, fy_start, type, award_category, cfda_number, cfda_title),
      (hash_only, fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name)
  );

  INSERT INTO search_summary_txn_month
  SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0 ORDER BY month_start, type;
  INSERT INTO search_summary_txn_awarding_fy
  SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_funding_fy
  SELECT fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_funding = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_pop_state_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_state = 0 AND g_pop_county = 1 AND g_pop_district = 1 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_pop_county_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_county = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_pop_district_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_district = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_rloc_state_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_state = 0 AND g_rloc_county = 1 AND g_rloc_district = 1 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_rloc_county_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_county = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_rloc_district_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_district = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_naics_fy
  SELECT fy_start, type, award_category, naics_code, naics_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_naics = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_psc_fy
  SELECT fy_start, type, award_category, product_or_service_code, product_or_service_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_psc = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_cfda_fy
  SELECT fy_start, type, award_category, cfda_number, cfda_title, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_cfda = 0 ORDER BY fy_start, type;
  INSERT INTO search_summary_txn_recipient_fy
  SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0 ORDER BY fy_start, type;

  INSERT INTO search_summary_award_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, (date_trunc('year', date_signed + interval '3 months') - interval '3 months')::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

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

-- The DEF and federal account summaries of 0048 in date order too, and the fiscal-year DEF summary above.
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
-- The 0046 builder (without the ORDER BY clauses), under the name 0048 gave it.
CREATE OR REPLACE FUNCTION refresh_search_summaries_core() RETURNS void LANGUAGE plpgsql
SET work_mem = '3GB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;

  TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  DROP TABLE IF EXISTS search_summary_txn_sets;
  CREATE TEMP TABLE search_summary_txn_sets ON COMMIT DROP AS
  SELECT GROUPING(month_start) AS g_month,
      GROUPING(awarding_subtier_agency_code) AS g_awarding,
      GROUPING(funding_subtier_agency_code) AS g_funding,
      GROUPING(pop_state_code) AS g_pop_state,
      GROUPING(pop_county_code) AS g_pop_county,
      GROUPING(pop_congressional_code_current) AS g_pop_district,
      GROUPING(recipient_location_state_code) AS g_rloc_state,
      GROUPING(recipient_location_county_code) AS g_rloc_county,
      GROUPING(recipient_location_congressional_code_current) AS g_rloc_district,
      GROUPING(naics_code) AS g_naics,
      GROUPING(product_or_service_code) AS g_psc,
      GROUPING(cfda_number) AS g_cfda,
      GROUPING(recipient_hash) AS g_recipient,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name,
      sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, count(*) AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start, *
    FROM transaction_search
  ) AS t
  GROUP BY GROUPING SETS (
      (hash_only, month_start, type, award_category),
      (hash_only, fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name),
      (hash_only, fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name),
      (hash_only, fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current),
      (hash_only, fy_start, type, award_category, naics_code, naics_description),
      (hash_only, fy_start, type, award_category, product_or_service_code, product_or_service_description),
      (hash_only, fy_start, type, award_category, cfda_number, cfda_title),
      (hash_only, fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name)
  );

  INSERT INTO search_summary_txn_month
  SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0;
  INSERT INTO search_summary_txn_awarding_fy
  SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0;
  INSERT INTO search_summary_txn_funding_fy
  SELECT fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_funding = 0;
  INSERT INTO search_summary_txn_pop_state_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_state = 0 AND g_pop_county = 1 AND g_pop_district = 1;
  INSERT INTO search_summary_txn_pop_county_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_county = 0;
  INSERT INTO search_summary_txn_pop_district_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_district = 0;
  INSERT INTO search_summary_txn_rloc_state_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_state = 0 AND g_rloc_county = 1 AND g_rloc_district = 1;
  INSERT INTO search_summary_txn_rloc_county_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_county = 0;
  INSERT INTO search_summary_txn_rloc_district_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_district = 0;
  INSERT INTO search_summary_txn_naics_fy
  SELECT fy_start, type, award_category, naics_code, naics_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_naics = 0;
  INSERT INTO search_summary_txn_psc_fy
  SELECT fy_start, type, award_category, product_or_service_code, product_or_service_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_psc = 0;
  INSERT INTO search_summary_txn_cfda_fy
  SELECT fy_start, type, award_category, cfda_number, cfda_title, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_cfda = 0;
  INSERT INTO search_summary_txn_recipient_fy
  SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0;

  INSERT INTO search_summary_award_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, (date_trunc('year', date_signed + interval '3 months') - interval '3 months')::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
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
DROP TABLE search_summary_txn_defc_awarding_fy;

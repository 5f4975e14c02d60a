-- Up Migration
-- recipient_id filters from the recipient summary. The filter compiles to `recipient_hash = X AND parent_uei
-- IS [NOT] NULL` (levels C and R) or `parent_recipient_hash = X` (level P), so search_summary_txn_recipient_fy
-- keeps both parent columns as grouping keys: exact for every level. A recipient's parent rarely changes, so
-- the groups barely multiply (not at all in the generated data: 1.47M groups at bench scale either way), and
-- the refresh adds two keys to a grouping set of the scan it already makes. A request reads one recipient's
-- rows in its period (a few dozen per fiscal year) through a btree on either hash and the date, instead of
-- all of the recipient's transactions: at bench scale a busy recipient has ~300k of them. (On the hash alone
-- the planner ANDs it with the date index, reading a whole fiscal year's entries: ~100k at bench scale.)

ALTER TABLE search_summary_txn_recipient_fy ADD COLUMN parent_recipient_hash uuid, ADD COLUMN parent_uei text;
-- The refresh below drops and rebuilds these two (keep the definitions in step). Only rows with a parent can
-- match a P-level id.
CREATE INDEX search_summary_txn_recipient_fy_recipient_idx ON search_summary_txn_recipient_fy (recipient_hash, action_date);
CREATE INDEX search_summary_txn_recipient_fy_parent_idx ON search_summary_txn_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;

CREATE OR REPLACE FUNCTION refresh_search_summaries_core() RETURNS void LANGUAGE plpgsql
SET work_mem = '3GB'
SET maintenance_work_mem = '512MB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
  enacted date[];
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  -- The enactment dates the filter compiler uses (codes with a disaster group and a date), for the DEF step dates.
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

  TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

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
      GROUPING(defc_step) AS g_defc,
      GROUPING(federal_account_ids) AS g_federal_account,
      defc_step, has_defc, disaster_emergency_fund_codes, federal_account_ids,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
      sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, count(*) AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start,
      cardinality(disaster_emergency_fund_codes) > 0 AS has_defc,
      CASE WHEN cardinality(disaster_emergency_fund_codes) > 0
        THEN greatest(date_trunc('month', action_date)::date, (SELECT max(e) FROM unnest(enacted) AS e WHERE e <= action_date)) END AS defc_step, *
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
      (hash_only, fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei),
      (hash_only, has_defc, defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, federal_account_ids)
  );

  INSERT INTO search_summary_txn_month
  SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0 ORDER BY month_start, type;
  INSERT INTO search_summary_txn_awarding_fy
  SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0 AND g_defc = 1 ORDER BY fy_start, type;
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
  -- With the parent columns the recipient_id filter reads (0065). Its hash indexes are built after the insert:
  -- kept up row by row in date order they cost ~10 s at bench scale, built afterwards ~1.2 s.
  DROP INDEX search_summary_txn_recipient_fy_recipient_idx, search_summary_txn_recipient_fy_parent_idx;
  INSERT INTO search_summary_txn_recipient_fy (action_date, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, generated_pragmatic_obligation, row_count)
  SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0 ORDER BY fy_start, type;
  CREATE INDEX search_summary_txn_recipient_fy_recipient_idx ON search_summary_txn_recipient_fy (recipient_hash, action_date);
  CREATE INDEX search_summary_txn_recipient_fy_parent_idx ON search_summary_txn_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;

  -- DEF codes by awarding agency and month step date (0048), rows with codes only.
  INSERT INTO search_summary_txn_defc_awarding_month
  SELECT defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_defc = 0 AND has_defc ORDER BY defc_step, type;
  -- One federal account per row (0048): the account lists grouped above, unnested and summed again.
  INSERT INTO search_summary_txn_federal_account_fy
  SELECT fy_start, type, award_category, ARRAY[u.federal_account_id], sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_sets CROSS JOIN LATERAL unnest(federal_account_ids) AS u(federal_account_id)
  WHERE g_federal_account = 0
  GROUP BY fy_start, type, award_category, u.federal_account_id
  ORDER BY 1, 2;

  INSERT INTO search_summary_award_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, (date_trunc('year', date_signed + interval '3 months') - interval '3 months')::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

-- The rows built without the parent columns would answer recipient_id filters wrongly: rebuild first.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Down Migration
CREATE OR REPLACE FUNCTION refresh_search_summaries_core() RETURNS void LANGUAGE plpgsql
SET work_mem = '3GB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
  enacted date[];
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  -- The enactment dates the filter compiler uses (codes with a disaster group and a date), for the DEF step dates.
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

  TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

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
      GROUPING(defc_step) AS g_defc,
      GROUPING(federal_account_ids) AS g_federal_account,
      defc_step, has_defc, disaster_emergency_fund_codes, federal_account_ids,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name,
      sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, count(*) AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start,
      cardinality(disaster_emergency_fund_codes) > 0 AS has_defc,
      CASE WHEN cardinality(disaster_emergency_fund_codes) > 0
        THEN greatest(date_trunc('month', action_date)::date, (SELECT max(e) FROM unnest(enacted) AS e WHERE e <= action_date)) END AS defc_step, *
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
      (hash_only, fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name),
      (hash_only, has_defc, defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, federal_account_ids)
  );

  INSERT INTO search_summary_txn_month
  SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0 ORDER BY month_start, type;
  INSERT INTO search_summary_txn_awarding_fy
  SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0 AND g_defc = 1 ORDER BY fy_start, type;
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

  -- DEF codes by awarding agency and month step date (0048), rows with codes only.
  INSERT INTO search_summary_txn_defc_awarding_month
  SELECT defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_defc = 0 AND has_defc ORDER BY defc_step, type;
  -- One federal account per row (0048): the account lists grouped above, unnested and summed again.
  INSERT INTO search_summary_txn_federal_account_fy
  SELECT fy_start, type, award_category, ARRAY[u.federal_account_id], sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_sets CROSS JOIN LATERAL unnest(federal_account_ids) AS u(federal_account_id)
  WHERE g_federal_account = 0
  GROUP BY fy_start, type, award_category, u.federal_account_id
  ORDER BY 1, 2;

  INSERT INTO search_summary_award_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, (date_trunc('year', date_signed + interval '3 months') - interval '3 months')::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

DROP INDEX search_summary_txn_recipient_fy_parent_idx, search_summary_txn_recipient_fy_recipient_idx;
ALTER TABLE search_summary_txn_recipient_fy DROP COLUMN parent_uei, DROP COLUMN parent_recipient_hash;

UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Up Migration
-- Two changes to the search summaries and their refresh.
--
-- 1. recipient_id filters from the recipient summary. The filter compiles to `recipient_hash = X AND parent_uei
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

-- 2. Refreshing only the fiscal years a load changed. Every summary and ranking row belongs to one fiscal year
-- through its date key (a month, a fiscal year, a DEF step date: all within the fiscal year of the base rows'
-- action dates), so the rows of one fiscal year can be deleted and rebuilt from that year's base rows alone.
-- A full refresh at bench scale scans 10M transactions (~140 s) whatever a load changed; a load of recent
-- data touches one or two fiscal years.
--
-- Which years changed is recorded by statement triggers with transition tables on award_search and
-- transaction_search: the fiscal years of the action dates of every inserted, deleted and updated row (old
-- and new values). They run inside the writing transaction, so a rolled-back load records nothing. What
-- cannot be placed in a year makes the next refresh a full one (dirty_all): a TRUNCATE, an award without an
-- action date, a change of the DEF enactment dates (they move step dates). The data generator disables the
-- row-recording triggers while it bulk-loads (it refreshes everything at the end; a TRUNCATE has set
-- dirty_all already); refresh_search_summaries() does a full refresh while any of them is disabled.
--
-- The refresh functions take an optional range [lo, hi) of whole fiscal years; without one they rebuild
-- everything as before (truncate, drop and rebuild indexes). refresh_search_summaries() picks: full when the
-- summaries were never built (or a migration reset them), when dirty_all is set, when a recording trigger is
-- off, or when more than a third of the fiscal years present changed; otherwise each changed fiscal year.


ALTER TABLE search_summary_state
  ADD COLUMN dirty_all boolean NOT NULL DEFAULT true,
  ADD COLUMN dirty_fiscal_years date[] NOT NULL DEFAULT '{}',
  ADD COLUMN last_scope text;

CREATE FUNCTION fiscal_year_start_of(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (date_trunc('year', d + interval '3 months') - interval '3 months')::date $$;

CREATE FUNCTION search_summary_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  years date[];
  undated boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fiscal_year_start_of(action_date)), bool_or(action_date IS NULL) INTO years, undated FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fiscal_year_start_of(action_date)), bool_or(action_date IS NULL) INTO years, undated FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT fiscal_year_start_of(d)), bool_or(d IS NULL) INTO years, undated
    FROM (SELECT action_date FROM old_rows UNION ALL SELECT action_date FROM new_rows) AS c(d);
  END IF;
  IF undated THEN
    UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  END IF;
  years := array_remove(years, NULL);
  IF cardinality(years) > 0 THEN
    UPDATE search_summary_state
    SET dirty_fiscal_years = ARRAY(SELECT DISTINCT y FROM unnest(dirty_fiscal_years || years) AS y ORDER BY 1)
    WHERE NOT dirty_fiscal_years @> years;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION search_summary_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$$;

-- Transition tables allow one event per trigger. The names end in _summary_rows_<event>: the refresh and the
-- generator find them by that.
CREATE TRIGGER award_search_summary_rows_inserted AFTER INSERT ON award_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER award_search_summary_rows_updated AFTER UPDATE ON award_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER award_search_summary_rows_deleted AFTER DELETE ON award_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER transaction_search_summary_rows_inserted AFTER INSERT ON transaction_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER transaction_search_summary_rows_updated AFTER UPDATE ON transaction_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER transaction_search_summary_rows_deleted AFTER DELETE ON transaction_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER award_search_summary_all_truncated AFTER TRUNCATE ON award_search
  FOR EACH STATEMENT EXECUTE FUNCTION search_summary_all_changed();
CREATE TRIGGER transaction_search_summary_all_truncated AFTER TRUNCATE ON transaction_search
  FOR EACH STATEMENT EXECUTE FUNCTION search_summary_all_changed();

-- DEF enactment dates move step dates across months: everything is rebuilt.
CREATE OR REPLACE FUNCTION search_enactment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_base_version');
  UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$$;

-- Deletes the rows of [lo, hi) (by their date key, action_date) from the given summary or ranking tables.
CREATE FUNCTION search_summaries_forget(lo date, hi date, tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format('DELETE FROM %I WHERE action_date >= $1 AND action_date < $2', t) USING lo, hi;
  END LOOP;
END
$$;

-- The recording triggers, off or on (the data generator turns them off while it bulk-loads and refreshes
-- everything after), and whether all six are on.
CREATE FUNCTION set_search_summary_recording(enabled boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgrelid::regclass AS relation, tgname FROM pg_trigger
    WHERE tgname LIKE '%\_summary\_rows\_%' AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', t.relation, CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END, t.tgname);
  END LOOP;
END
$$;

CREATE FUNCTION search_summary_recording() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT count(*) = 6 AND bool_and(tgenabled <> 'D') FROM pg_trigger
  WHERE tgname LIKE '%\_summary\_rows\_%' AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass)
$$;


DROP FUNCTION refresh_search_summaries_core(), refresh_search_summaries_main(), refresh_search_summaries_defc_code(),
  fill_search_rankings(), refresh_search_rankings();

CREATE FUNCTION refresh_search_summaries_core(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
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

  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
      search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_month', 'search_summary_txn_awarding_fy', 'search_summary_txn_funding_fy', 'search_summary_txn_pop_state_fy', 'search_summary_txn_pop_county_fy', 'search_summary_txn_pop_district_fy', 'search_summary_txn_rloc_state_fy', 'search_summary_txn_rloc_county_fy', 'search_summary_txn_rloc_district_fy', 'search_summary_txn_naics_fy', 'search_summary_txn_psc_fy', 'search_summary_txn_cfda_fy', 'search_summary_txn_recipient_fy', 'search_summary_award_fy', 'search_summary_award_month', 'search_summary_txn_defc_awarding_month', 'search_summary_txn_federal_account_fy']);
  END IF;

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
    WHERE lo IS NULL OR (action_date >= lo AND action_date < hi)
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
  IF lo IS NULL THEN
    DROP INDEX search_summary_txn_recipient_fy_recipient_idx, search_summary_txn_recipient_fy_parent_idx;
  END IF;
  INSERT INTO search_summary_txn_recipient_fy (action_date, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, generated_pragmatic_obligation, row_count)
  SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0 ORDER BY fy_start, type;
  IF lo IS NULL THEN
    CREATE INDEX search_summary_txn_recipient_fy_recipient_idx ON search_summary_txn_recipient_fy (recipient_hash, action_date);
    CREATE INDEX search_summary_txn_recipient_fy_parent_idx ON search_summary_txn_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;
  END IF;

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
  FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month, search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

CREATE FUNCTION refresh_search_summaries_main(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
SET client_min_messages = warning
AS $$
DECLARE
  enacted date[];
BEGIN
  PERFORM refresh_search_summaries_core(lo, hi);
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_defc_month, search_summary_txn_defc_awarding_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_defc_month', 'search_summary_txn_defc_awarding_fy']);
  END IF;

  -- The enactment dates the filter compiler uses (codes with a disaster group and a date).
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

  INSERT INTO search_summary_txn_defc_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month
  WHERE lo IS NULL OR (action_date >= lo AND action_date < hi)
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
  WHERE lo IS NULL OR (m.action_date >= lo AND m.action_date < hi)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ORDER BY 1, 2;

  ANALYZE search_summary_txn_defc_month, search_summary_txn_defc_awarding_fy;

  PERFORM refresh_search_rankings(lo, hi);
END
$$;

CREATE FUNCTION refresh_search_summaries_defc_code(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_defc_code_awarding_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_defc_code_awarding_fy']);
  END IF;
  INSERT INTO search_summary_txn_defc_code_awarding_fy
  SELECT f.action_date, ARRAY[u.code],
         f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation,
         sum(f.generated_pragmatic_obligation), sum(f.row_count)
  FROM search_summary_txn_defc_awarding_fy AS f
  CROSS JOIN LATERAL unnest(f.disaster_emergency_fund_codes) AS u(code)
  WHERE lo IS NULL OR (f.action_date >= lo AND f.action_date < hi)
  GROUP BY u.code, f.action_date,
           f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation
  ORDER BY u.code, f.action_date;
  ANALYZE search_summary_txn_defc_code_awarding_fy;
END
$$;

CREATE FUNCTION fill_search_rankings(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
AS $$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_ranking_recipient_fy, search_ranking_federal_account_fy, search_ranking_awarding_agency_fy,
      search_ranking_awarding_subagency_fy, search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy,
      search_ranking_county_fy, search_ranking_psc_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_ranking_recipient_fy', 'search_ranking_federal_account_fy', 'search_ranking_awarding_agency_fy', 'search_ranking_awarding_subagency_fy', 'search_ranking_funding_agency_fy', 'search_ranking_funding_subagency_fy', 'search_ranking_county_fy', 'search_ranking_psc_fy']);
  END IF;
  INSERT INTO search_ranking_recipient_fy
  SELECT s.action_date, g.award_type_group, s.recipient_hash,
         CASE WHEN 'C' = ANY(s.recipient_levels) THEN 'C' WHEN 'P' = ANY(s.recipient_levels) THEN 'P'
              WHEN 'R' = ANY(s.recipient_levels) THEN 'R' END,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.recipient_name)
  FROM search_summary_txn_recipient_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.recipient_hash IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3, 4;

  INSERT INTO search_ranking_federal_account_fy
  SELECT s.action_date, g.award_type_group, u.federal_account_id, coalesce(sum(s.generated_pragmatic_obligation), 0)
  FROM search_summary_txn_federal_account_fy AS s
  CROSS JOIN LATERAL unnest(s.federal_account_ids) AS u(federal_account_id)
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE u.federal_account_id IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_awarding_agency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_toptier_agency_name)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_toptier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_awarding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_subtier_agency_name),
         max(s.awarding_subtier_agency_abbreviation), max(s.awarding_toptier_agency_name), max(s.awarding_toptier_agency_abbreviation)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_subtier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_funding_agency_fy
  SELECT s.action_date, g.award_type_group, s.funding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_toptier_agency_name)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_toptier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_funding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.funding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_subtier_agency_name),
         max(s.funding_subtier_agency_abbreviation), max(s.funding_toptier_agency_name), max(s.funding_toptier_agency_abbreviation)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_subtier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  INSERT INTO search_ranking_county_fy
  SELECT s.action_date, g.award_type_group, s.pop_state_code, s.pop_county_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.pop_state_fips), max(s.pop_county_name)
  FROM search_summary_txn_pop_county_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.pop_state_code IS NOT NULL AND s.pop_county_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3, 4;

  INSERT INTO search_ranking_psc_fy
  SELECT s.action_date, g.award_type_group, s.product_or_service_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.product_or_service_description)
  FROM search_summary_txn_psc_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.product_or_service_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3;

  ANALYZE search_ranking_recipient_fy, search_ranking_federal_account_fy, search_ranking_awarding_agency_fy,
    search_ranking_awarding_subagency_fy, search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy,
    search_ranking_county_fy, search_ranking_psc_fy;
END
$$;

CREATE FUNCTION refresh_search_rankings(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET maintenance_work_mem = '512MB'
AS $$
DECLARE
  definitions text[];
  names text[];
  statement text;
BEGIN
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}'), coalesce(array_agg(quote_ident(x.relname)), '{}')
  INTO definitions, names
  FROM pg_index AS i
  JOIN pg_class AS t ON t.oid = i.indrelid
  JOIN pg_class AS x ON x.oid = i.indexrelid
  WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r' AND t.relname LIKE 'search\_ranking\_%';
  IF lo IS NULL AND cardinality(names) > 0 THEN
    EXECUTE 'DROP INDEX ' || array_to_string(names, ', ');
  END IF;
  PERFORM fill_search_rankings(lo, hi);
  IF lo IS NULL THEN
    FOREACH statement IN ARRAY definitions LOOP
      EXECUTE statement;
    END LOOP;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
DECLARE
  started timestamptz := clock_timestamp();
  state search_summary_state%ROWTYPE;
  recording boolean;
  present integer;
  fy date;
  scope text;
BEGIN
  -- Writers wait from here on, so the recorded years are all there are until the refresh commits.
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT * INTO state FROM search_summary_state;
  recording := search_summary_recording();
  SELECT count(DISTINCT action_date) INTO present FROM search_summary_award_fy;
  IF state.base_version IS NULL OR state.dirty_all OR NOT recording OR cardinality(state.dirty_fiscal_years) * 3 > greatest(present, 1) THEN
    scope := 'full';
    PERFORM refresh_search_summaries_main();
    PERFORM refresh_search_summaries_defc_code();
  ELSIF cardinality(state.dirty_fiscal_years) = 0 THEN
    -- Statements ran but changed no row (a reload of the same data): the summaries are current.
    scope := 'none';
    UPDATE search_summary_state SET base_version = (SELECT last_value FROM search_base_version), refreshed_at = clock_timestamp();
  ELSE
    scope := 'fiscal years ' || array_to_string(state.dirty_fiscal_years, ', ');
    FOREACH fy IN ARRAY state.dirty_fiscal_years LOOP
      PERFORM refresh_search_summaries_main(fy, (fy + interval '1 year')::date);
      PERFORM refresh_search_summaries_defc_code(fy, (fy + interval '1 year')::date);
    END LOOP;
  END IF;
  UPDATE search_summary_state
  SET dirty_all = false, dirty_fiscal_years = '{}', last_scope = scope,
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;


-- Summaries built before these functions lack the parent columns (they would answer recipient_id filters
-- wrongly) and no fiscal year was recorded for them: the next refresh rebuilds everything.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL, dirty_all = true;

-- Down Migration
-- Down Migration
DROP TRIGGER award_search_summary_rows_inserted ON award_search;
DROP TRIGGER award_search_summary_rows_updated ON award_search;
DROP TRIGGER award_search_summary_rows_deleted ON award_search;
DROP TRIGGER transaction_search_summary_rows_inserted ON transaction_search;
DROP TRIGGER transaction_search_summary_rows_updated ON transaction_search;
DROP TRIGGER transaction_search_summary_rows_deleted ON transaction_search;
DROP TRIGGER award_search_summary_all_truncated ON award_search;
DROP TRIGGER transaction_search_summary_all_truncated ON transaction_search;
DROP FUNCTION search_summary_rows_changed(), search_summary_all_changed(), search_summaries_forget(date, date, text[]), fiscal_year_start_of(date),
  set_search_summary_recording(boolean), search_summary_recording();
DROP FUNCTION refresh_search_summaries_core(date, date), refresh_search_summaries_main(date, date), refresh_search_summaries_defc_code(date, date),
  fill_search_rankings(date, date), refresh_search_rankings(date, date);
ALTER TABLE search_summary_state DROP COLUMN dirty_all, DROP COLUMN dirty_fiscal_years, DROP COLUMN last_scope;
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
CREATE FUNCTION refresh_search_summaries_main() RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
SET client_min_messages = warning
AS $$
DECLARE
  enacted date[];
BEGIN
  PERFORM refresh_search_summaries_core();
  TRUNCATE search_summary_txn_defc_month, search_summary_txn_defc_awarding_fy;

  -- The enactment dates the filter compiler uses (codes with a disaster group and a date).
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

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

  ANALYZE search_summary_txn_defc_month, search_summary_txn_defc_awarding_fy;

  PERFORM refresh_search_rankings();
END
$$;

CREATE FUNCTION refresh_search_summaries_defc_code() RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
BEGIN
  TRUNCATE search_summary_txn_defc_code_awarding_fy;
  INSERT INTO search_summary_txn_defc_code_awarding_fy
  SELECT f.action_date, ARRAY[u.code],
         f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation,
         sum(f.generated_pragmatic_obligation), sum(f.row_count)
  FROM search_summary_txn_defc_awarding_fy AS f
  CROSS JOIN LATERAL unnest(f.disaster_emergency_fund_codes) AS u(code)
  GROUP BY u.code, f.action_date,
           f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation
  ORDER BY u.code, f.action_date;
  ANALYZE search_summary_txn_defc_code_awarding_fy;
END
$$;

CREATE FUNCTION fill_search_rankings() RETURNS void LANGUAGE plpgsql
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

CREATE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
SET maintenance_work_mem = '512MB'
AS $$
DECLARE
  definitions text[];
  names text[];
  statement text;
BEGIN
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}'), coalesce(array_agg(quote_ident(x.relname)), '{}')
  INTO definitions, names
  FROM pg_index AS i
  JOIN pg_class AS t ON t.oid = i.indrelid
  JOIN pg_class AS x ON x.oid = i.indexrelid
  WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r' AND t.relname LIKE 'search\_ranking\_%';
  IF cardinality(names) > 0 THEN
    EXECUTE 'DROP INDEX ' || array_to_string(names, ', ');
  END IF;
  PERFORM fill_search_rankings();
  FOREACH statement IN ARRAY definitions LOOP
    EXECUTE statement;
  END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  PERFORM refresh_search_summaries_main();
  PERFORM refresh_search_summaries_defc_code();
  UPDATE search_summary_state SET seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

CREATE OR REPLACE FUNCTION search_enactment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_base_version');
  RETURN NULL;
END
$$;


DROP INDEX search_summary_txn_recipient_fy_parent_idx, search_summary_txn_recipient_fy_recipient_idx;
ALTER TABLE search_summary_txn_recipient_fy DROP COLUMN parent_uei, DROP COLUMN parent_recipient_hash;

UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

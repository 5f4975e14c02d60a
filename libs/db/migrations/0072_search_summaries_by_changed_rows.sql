-- Up Migration
-- Search summaries refreshed from the rows that changed, not from whole fiscal years.
--
-- 0065 rebuilds each fiscal year a load touched. At bench scale one fiscal year is ~730k transactions and
-- its rebuild takes ~18 s, nearly all of it the grouping-sets aggregate over those rows; a 1,000-row import
-- touching three fiscal years spent 73 s there. Every transaction summary is a sum and a count per group,
-- so it can be kept up by adding what a load wrote and subtracting what it replaced.
--
-- The statement trigger that records fiscal years (search_summary_rows_changed) now also logs, for
-- transaction_search, the summary columns of the rows a statement changed: inserted rows with sign +1,
-- deleted rows with sign -1, and for an update the old rows that are not among the new ones (-1) and the
-- new rows that are not among the old ones (+1), compared as multisets (EXCEPT ALL) on those columns only.
-- An update of columns no summary reads (signing dates, File C lists) logs nothing. The log is
-- search_summary_txn_delta; its columns are what the aggregate reads, and the trigger takes its column
-- list from the table, so the two stay in step.
--
-- refresh_search_summaries() then has three ways, in this order:
--   * full, for the reasons of 0065 (never built, dirty_all, a recording trigger off, over a third of the
--     fiscal years changed);
--   * changed rows: when the log is complete since the last refresh and holds at most a quarter of the
--     rows of the changed fiscal years. The grouping-sets aggregate runs over the log (sum of amount times
--     sign, sum of signs as the count) and each group is merged into its summary row: the row and the
--     group are summed again and the row is deleted when its count reaches 0. The tables built from other
--     summaries (DEF by fiscal year and by code, rankings) are rebuilt for the fiscal years of the logged
--     rows, and the award summaries (one row per award: small) for the fiscal years of the award_search
--     rows written (recorded apart now). An import of recent transactions changes its awards' rollups,
--     and those awards' latest dates can lie in later fiscal years than the transactions;
--   * each changed fiscal year, as 0065 did, otherwise.
-- The log stops (and is marked incomplete) once it would exceed a tenth of transaction_search's rows (at
-- least 10,000): past that, logging costs more than the fiscal-year rebuild saves. A large first import
-- therefore logs nothing. Each refresh empties the log and starts it again if the triggers are on.
--
-- Every path leaves the tables as a full rebuild would (apps/search/test/summary-refresh.int.test.ts).
--
-- A refresh made while the recording triggers are off now leaves dirty_all set (it cleared it): rows
-- written after it and before the triggers are turned on again were recorded nowhere.
--
-- To share one definition of the aggregate and of the 17 tables it fills between the paths, the aggregate
-- takes its source table (search_summary_build_txn_sets) and the tables are written by one function that
-- inserts or merges (search_summary_write_txn_sets). refresh_search_summaries_core and _main keep their
-- signatures; their parts are split into search_summaries_awards (award summaries of a range) and
-- refresh_search_summaries_derived (DEF by fiscal year and the rankings, from other summaries). The award
-- fiscal-year summary is now summed from the award months, so award_search is read once instead of twice.
-- The merge itself (merge_group_changes) and the log's statement and cap (change_log_statement,
-- change_log_cap) are general: the recipient grouping of 0073 is kept up with them too.

CREATE TABLE search_summary_txn_delta AS
SELECT action_date, type, award_category,
  awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation,
  awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation,
  funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation,
  funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation,
  pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current,
  recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips,
  recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current,
  naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title,
  recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
  disaster_emergency_fund_codes, federal_account_ids, generated_pragmatic_obligation,
  1::smallint AS sign
FROM transaction_search WITH NO DATA;

ALTER TABLE search_summary_state
  -- rows in search_summary_txn_delta
  ADD COLUMN delta_rows bigint NOT NULL DEFAULT 0,
  -- every transaction_search change since the last refresh is in search_summary_txn_delta
  ADD COLUMN delta_complete boolean NOT NULL DEFAULT false,
  -- the fiscal years of award_search rows written since the last refresh (a subset of dirty_fiscal_years)
  ADD COLUMN award_fiscal_years date[] NOT NULL DEFAULT '{}';
-- Summaries that are current (nothing recorded since their refresh) have an empty, complete log.
UPDATE search_summary_state
SET delta_complete = base_version IS NOT NULL AND NOT dirty_all AND cardinality(dirty_fiscal_years) = 0 AND search_summary_recording();

-- The statement that appends the rows the running statement changed to a change log (the log's columns but
-- `sign`, read from its definition): inserted rows +1, deleted rows -1, and for an update the old rows not
-- among the new ones -1 and the new rows not among the old ones +1, as multisets (EXCEPT ALL). For trigger
-- functions whose transition tables are new_rows and old_rows (only they can read them).
CREATE FUNCTION change_log_statement(log regclass, op text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT format(CASE op
      WHEN 'INSERT' THEN 'INSERT INTO %1$s (%2$s, sign) SELECT %2$s, 1 FROM new_rows'
      WHEN 'DELETE' THEN 'INSERT INTO %1$s (%2$s, sign) SELECT %2$s, -1 FROM old_rows'
      ELSE 'INSERT INTO %1$s (%2$s, sign) SELECT *, -1 FROM (SELECT %2$s FROM old_rows EXCEPT ALL SELECT %2$s FROM new_rows) AS gone '
           'UNION ALL SELECT *, 1 FROM (SELECT %2$s FROM new_rows EXCEPT ALL SELECT %2$s FROM old_rows) AS came' END,
    log, string_agg(quote_ident(attname), ', ' ORDER BY attnum))
  FROM pg_attribute WHERE attrelid = log AND attnum > 0 AND NOT attisdropped AND attname <> 'sign'
$$;

-- Rows a change log of transaction_search may hold: past a tenth of the table (at least 10,000), logging
-- costs more than rebuilding from the table saves.
CREATE FUNCTION change_log_cap() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT greatest(10000, (SELECT reltuples::bigint FROM pg_class WHERE oid = 'transaction_search'::regclass) / 10)
$$;

-- Merges signed changes (`changes`: the target's key columns, sums and count, one row per changed group)
-- into a table of sums and a count per group (`target`): a row and the change of its group are summed, and
-- a row whose count reaches 0 is deleted. Keys may be NULL, so a row and a group are matched on the text of
-- their keys as a record (NULL and '' print differently there), which can be hashed. The target rows are
-- reached through `narrow_by`, a key column never NULL in the changes: its values are given as constants,
-- so the planner knows how many rows they hold and uses the column's index.
CREATE FUNCTION merge_group_changes(target text, changes text, keys text[], sums text[], count_column text, narrow_by text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_list text := (SELECT string_agg(quote_ident(k), ', ') FROM unnest(keys) AS k);
  measure_list text := (SELECT string_agg(quote_ident(m), ', ') FROM unnest(sums || count_column) AS m);
  narrow_type text;
  narrow_values text;
  has_null boolean;
BEGIN
  SELECT format_type(atttypid, atttypmod) INTO narrow_type FROM pg_attribute WHERE attrelid = target::regclass AND attname = narrow_by;
  EXECUTE format('SELECT array_agg(DISTINCT %1$I)::text, bool_or(%1$I IS NULL) FROM %2$I', narrow_by, changes) INTO narrow_values, has_null;
  IF has_null THEN
    RAISE EXCEPTION 'merge_group_changes: % has NULL values in %', narrow_by, changes;
  END IF;
  IF narrow_values IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format($sql$
    WITH gone AS (
      DELETE FROM %1$I AS t
      WHERE t.%2$I = ANY (%3$L::%4$s[])
        AND ROW(%5$s)::text IN (SELECT ROW(%6$s)::text FROM %7$I)
      RETURNING %5$s, %8$s)
    INSERT INTO %1$I (%6$s, %9$s)
    SELECT %6$s, %10$s
    FROM (SELECT * FROM gone UNION ALL SELECT %6$s, %9$s FROM %7$I) AS u
    GROUP BY %6$s
    HAVING sum(%11$I) <> 0$sql$,
    target, narrow_by, narrow_values, narrow_type,
    (SELECT string_agg('t.' || quote_ident(k), ', ') FROM unnest(keys) AS k), key_list, changes,
    (SELECT string_agg('t.' || quote_ident(m), ', ') FROM unnest(sums || count_column) AS m), measure_list,
    (SELECT string_agg(format('sum(%I)', m), ', ') FROM unnest(sums || count_column) AS m), count_column);
END
$$;

CREATE OR REPLACE FUNCTION search_summary_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  years date[];
  undated boolean;
  state search_summary_state%ROWTYPE;
  n bigint;
  cap bigint;
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
    IF TG_TABLE_NAME = 'award_search' THEN
      UPDATE search_summary_state
      SET award_fiscal_years = ARRAY(SELECT DISTINCT y FROM unnest(award_fiscal_years || years) AS y ORDER BY 1)
      WHERE NOT award_fiscal_years @> years;
    END IF;
  END IF;

  -- The changed rows of transaction_search, while the log is complete and a full refresh is not due anyway.
  IF TG_TABLE_NAME <> 'transaction_search' OR cardinality(years) IS NULL OR cardinality(years) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT * INTO state FROM search_summary_state;
  IF NOT state.delta_complete OR state.dirty_all THEN
    RETURN NULL;
  END IF;
  cap := change_log_cap();
  -- the rows of the statement (the log gets at most twice as many for an update, usually far fewer)
  EXECUTE format('SELECT count(*) FROM %I', CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END) INTO n;
  IF state.delta_rows + n > cap THEN
    UPDATE search_summary_state SET delta_complete = false;
    RETURN NULL;
  END IF;
  EXECUTE change_log_statement('search_summary_txn_delta', TG_OP);
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    UPDATE search_summary_state SET delta_rows = delta_rows + n, delta_complete = (delta_rows + n <= cap);
  END IF;
  RETURN NULL;
END
$$;

-- The grouping-sets aggregate of 0065 (one scan for every transaction summary) into the temporary table
-- search_summary_txn_sets, over transaction_search in [lo, hi) (everything without lo) or, signed, over the
-- log of changed rows.
CREATE FUNCTION search_summary_build_txn_sets(source regclass, signed boolean, lo date, hi date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  enacted date[];
BEGIN
  -- The enactment dates the filter compiler uses (codes with a disaster group and a date), for the DEF step dates.
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);
  DROP TABLE IF EXISTS search_summary_txn_sets;
  EXECUTE format($sql$
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
      %2$s AS generated_pragmatic_obligation, %3$s AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start,
      cardinality(disaster_emergency_fund_codes) > 0 AS has_defc,
      CASE WHEN cardinality(disaster_emergency_fund_codes) > 0
        THEN greatest(date_trunc('month', action_date)::date, (SELECT max(e) FROM unnest(%4$L::date[]) AS e WHERE e <= action_date)) END AS defc_step, *
    FROM %1$s
    WHERE %5$L::date IS NULL OR (action_date >= %5$L::date AND action_date < %6$L::date)
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
  )$sql$,
    source,
    CASE WHEN signed THEN 'sum(generated_pragmatic_obligation * sign)' ELSE 'sum(generated_pragmatic_obligation)' END,
    CASE WHEN signed THEN 'sum(sign)::bigint' ELSE 'count(*)' END,
    enacted, lo, hi);
END
$$;

-- Writes search_summary_txn_sets into the 17 transaction summaries: inserted (the rows of their range were
-- deleted before), or merged (the sets are signed changes).
CREATE FUNCTION search_summary_write_txn_sets(merge boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  IF merge THEN
    -- The planner's row counts for the joins below (the sets are a few thousand rows at most).
    ANALYZE search_summary_txn_sets;
  END IF;
  FOR target IN SELECT * FROM (VALUES
    ('search_summary_txn_month', 'action_date, type, award_category',
     'SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0 ORDER BY month_start, type'),
    ('search_summary_txn_awarding_fy', 'action_date, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation',
     'SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0 AND g_defc = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_funding_fy', 'action_date, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation',
     'SELECT fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_funding = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_state_fy', 'action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name',
     'SELECT fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_state = 0 AND g_pop_county = 1 AND g_pop_district = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_county_fy', 'action_date, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name',
     'SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_county = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_district_fy', 'action_date, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current',
     'SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_district = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_state_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_state = 0 AND g_rloc_county = 1 AND g_rloc_district = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_county_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_county = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_district_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_district = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_naics_fy', 'action_date, type, award_category, naics_code, naics_description',
     'SELECT fy_start, type, award_category, naics_code, naics_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_naics = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_psc_fy', 'action_date, type, award_category, product_or_service_code, product_or_service_description',
     'SELECT fy_start, type, award_category, product_or_service_code, product_or_service_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_psc = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_cfda_fy', 'action_date, type, award_category, cfda_number, cfda_title',
     'SELECT fy_start, type, award_category, cfda_number, cfda_title, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_cfda = 0 ORDER BY fy_start, type'),
    -- with the parent columns the recipient_id filter reads (0065)
    ('search_summary_txn_recipient_fy', 'action_date, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei',
     'SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0 ORDER BY fy_start, type'),
    -- DEF codes by awarding agency and month step date (0048), rows with codes only
    ('search_summary_txn_defc_awarding_month', 'action_date, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation',
     'SELECT defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_defc = 0 AND has_defc ORDER BY defc_step, type'),
    -- one federal account per row (0048): the account lists grouped above, unnested and summed again
    ('search_summary_txn_federal_account_fy', 'action_date, type, award_category, federal_account_ids',
     'SELECT fy_start, type, award_category, ARRAY[u.federal_account_id], sum(generated_pragmatic_obligation), sum(row_count)
      FROM search_summary_txn_sets CROSS JOIN LATERAL unnest(federal_account_ids) AS u(federal_account_id)
      WHERE g_federal_account = 0
      GROUP BY fy_start, type, award_category, u.federal_account_id
      ORDER BY 1, 2')
  ) AS x(name, key_columns, rows_sql) LOOP
    IF NOT merge THEN
      EXECUTE format('INSERT INTO %I (%s, generated_pragmatic_obligation, row_count) %s', target.name, target.key_columns, target.rows_sql);
      CONTINUE;
    END IF;
    -- The changes of this table's groups, merged into it through its date index.
    DROP TABLE IF EXISTS search_summary_merge_rows;
    EXECUTE format('CREATE TEMP TABLE search_summary_merge_rows (%s, generated_pragmatic_obligation, row_count) ON COMMIT DROP AS %s',
      target.key_columns, target.rows_sql);
    ANALYZE search_summary_merge_rows;
    PERFORM merge_group_changes(target.name, 'search_summary_merge_rows', string_to_array(target.key_columns, ', '),
      ARRAY['generated_pragmatic_obligation'], 'row_count', 'action_date');
  END LOOP;
END
$$;

-- The award summaries of [lo, hi), everything without lo: the months from award_search, the fiscal years
-- from the months (a month lies in one fiscal year), so award_search is read once. work_mem: a fiscal year
-- is ~140k scattered awards at bench scale; with the default the bitmap goes lossy and the sort spills.
CREATE FUNCTION search_summaries_awards(lo date, hi date) RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
AS $$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_summary_award_fy, search_summary_award_month;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_award_fy', 'search_summary_award_month']);
  END IF;
  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_fy
  SELECT fiscal_year_start_of(action_date), fiscal_year_start_of(date_signed), type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), sum(row_count)
  FROM search_summary_award_month WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;
  ANALYZE search_summary_award_fy, search_summary_award_month;
END
$$;

CREATE OR REPLACE FUNCTION refresh_search_summaries_core(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET work_mem = '3GB'
SET maintenance_work_mem = '512MB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
      search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;
    -- The recipient summary's hash indexes are built after the insert: kept up row by row in date order
    -- they cost ~10 s at bench scale, built afterwards ~1.2 s.
    DROP INDEX search_summary_txn_recipient_fy_recipient_idx, search_summary_txn_recipient_fy_parent_idx;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_month', 'search_summary_txn_awarding_fy', 'search_summary_txn_funding_fy', 'search_summary_txn_pop_state_fy', 'search_summary_txn_pop_county_fy', 'search_summary_txn_pop_district_fy', 'search_summary_txn_rloc_state_fy', 'search_summary_txn_rloc_county_fy', 'search_summary_txn_rloc_district_fy', 'search_summary_txn_naics_fy', 'search_summary_txn_psc_fy', 'search_summary_txn_cfda_fy', 'search_summary_txn_recipient_fy', 'search_summary_txn_defc_awarding_month', 'search_summary_txn_federal_account_fy']);
  END IF;

  PERFORM search_summary_build_txn_sets('transaction_search', false, lo, hi);
  PERFORM search_summary_write_txn_sets(false);
  IF lo IS NULL THEN
    CREATE INDEX search_summary_txn_recipient_fy_recipient_idx ON search_summary_txn_recipient_fy (recipient_hash, action_date);
    CREATE INDEX search_summary_txn_recipient_fy_parent_idx ON search_summary_txn_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;
  END IF;
  PERFORM search_summaries_awards(lo, hi);

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

-- The tables built from other summaries for [lo, hi): DEF codes by month and by fiscal year step date, and
-- the rankings (formerly the second half of refresh_search_summaries_main).
CREATE FUNCTION refresh_search_summaries_derived(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
SET work_mem = '1GB'
SET client_min_messages = warning
AS $$
DECLARE
  enacted date[];
BEGIN
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

CREATE OR REPLACE FUNCTION refresh_search_summaries_main(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_search_summaries_core(lo, hi);
  PERFORM refresh_search_summaries_derived(lo, hi);
END
$$;

-- The transaction summaries from the log of changed rows.
CREATE FUNCTION refresh_search_summaries_changed_rows() RETURNS void LANGUAGE plpgsql
SET work_mem = '512MB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  PERFORM search_summary_build_txn_sets('search_summary_txn_delta', true, NULL, NULL);
  PERFORM search_summary_write_txn_sets(true);
  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
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
  year_rows numeric := 0;
  fy date;
  transaction_years date[];
  scope text;
BEGIN
  -- Writers wait from here on, so the recorded years and rows are all there are until the refresh commits.
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
    IF state.delta_complete THEN
      SELECT coalesce(sum(row_count), 0) INTO year_rows FROM search_summary_txn_month
      WHERE fiscal_year_start_of(action_date) = ANY (state.dirty_fiscal_years);
    END IF;
    IF state.delta_complete AND state.delta_rows * 4 <= year_rows THEN
      scope := 'changed rows in fiscal years ' || array_to_string(state.dirty_fiscal_years, ', ');
      -- The tables built from transaction summaries change only in the fiscal years of the logged rows (an
      -- update of columns no summary reads logs none); the award summaries in those of award_search's rows.
      transaction_years := ARRAY(SELECT DISTINCT fiscal_year_start_of(action_date) FROM search_summary_txn_delta ORDER BY 1);
      PERFORM refresh_search_summaries_changed_rows();
      FOREACH fy IN ARRAY state.award_fiscal_years LOOP
        PERFORM search_summaries_awards(fy, (fy + interval '1 year')::date);
      END LOOP;
      FOREACH fy IN ARRAY transaction_years LOOP
        PERFORM refresh_search_summaries_derived(fy, (fy + interval '1 year')::date);
        PERFORM refresh_search_summaries_defc_code(fy, (fy + interval '1 year')::date);
      END LOOP;
    ELSE
      scope := 'fiscal years ' || array_to_string(state.dirty_fiscal_years, ', ');
      FOREACH fy IN ARRAY state.dirty_fiscal_years LOOP
        PERFORM refresh_search_summaries_main(fy, (fy + interval '1 year')::date);
        PERFORM refresh_search_summaries_defc_code(fy, (fy + interval '1 year')::date);
      END LOOP;
    END IF;
  END IF;
  IF state.delta_rows > 0 THEN
    TRUNCATE search_summary_txn_delta;
  END IF;
  -- From here on every change is recorded and logged, if the triggers are on; if they are off, what is
  -- written before they are turned on is not, and the next refresh must be a full one.
  UPDATE search_summary_state
  SET dirty_all = NOT recording, dirty_fiscal_years = '{}', award_fiscal_years = '{}', last_scope = scope, delta_rows = 0, delta_complete = recording,
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

-- Down Migration
-- The definitions of 0065.
DROP FUNCTION refresh_search_summaries_changed_rows(), refresh_search_summaries_derived(date, date), search_summaries_awards(date, date),
  search_summary_write_txn_sets(boolean), search_summary_build_txn_sets(regclass, boolean, date, date), change_log_statement(regclass, text), change_log_cap(),
  merge_group_changes(text, text, text[], text[], text, text);
DROP TABLE search_summary_txn_delta;
ALTER TABLE search_summary_state DROP COLUMN delta_rows, DROP COLUMN delta_complete, DROP COLUMN award_fiscal_years;

CREATE OR REPLACE FUNCTION search_summary_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION refresh_search_summaries_core(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
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

CREATE OR REPLACE FUNCTION refresh_search_summaries_main(lo date DEFAULT NULL, hi date DEFAULT NULL) RETURNS void LANGUAGE plpgsql
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

-- Writes search_summary_txn_sets into the transaction summaries: inserted (the rows of their range were
-- deleted before), or merged (the sets are signed changes).
CREATE OR REPLACE FUNCTION search_summary_write_txn_sets(merge boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  target record;
BEGIN
  IF merge THEN
    -- The planner's row counts for the joins below (the sets are a few thousand rows at most).
    ANALYZE search_summary_txn_sets;
  END IF;
  FOR target IN SELECT * FROM (VALUES
    ('search_summary_txn_month', 'action_date, type, award_category',
     'SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_month = 0 ORDER BY month_start, type'),
    ('search_summary_txn_awarding_fy', 'action_date, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation',
     'SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_awarding = 0 AND g_defc = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_funding_fy', 'action_date, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation',
     'SELECT fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_funding = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_state_fy', 'action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name',
     'SELECT fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_pop_state = 0 AND g_pop_county = 1 AND g_pop_district = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_county_fy', 'action_date, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name',
     'SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_pop_county = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_pop_district_fy', 'action_date, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current',
     'SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_pop_district = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_state_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_rloc_state = 0 AND g_rloc_county = 1 AND g_rloc_district = 1 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_county_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_rloc_county = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_rloc_district_fy', 'action_date, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current',
     'SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_rloc_district = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_naics_fy', 'action_date, type, award_category, naics_code, naics_description',
     'SELECT fy_start, type, award_category, naics_code, naics_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_naics = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_psc_fy', 'action_date, type, award_category, product_or_service_code, product_or_service_description',
     'SELECT fy_start, type, award_category, product_or_service_code, product_or_service_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_psc = 0 ORDER BY fy_start, type'),
    ('search_summary_txn_cfda_fy', 'action_date, type, award_category, cfda_number, cfda_title',
     'SELECT fy_start, type, award_category, cfda_number, cfda_title, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_cfda = 0 ORDER BY fy_start, type'),
    -- with the parent columns the recipient_id filter reads and the key of recipient_search_text (0192)
    ('search_summary_txn_recipient_fy', 'action_date, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key',
     'SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_recipient = 0 ORDER BY fy_start, type'),
    -- DEF codes by awarding agency and month step date, rows with codes only
    ('search_summary_txn_defc_awarding_month', 'action_date, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation',
     'SELECT defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 3 AND g_defc = 0 AND has_defc ORDER BY defc_step, type'),
    -- one federal account per row: the account lists grouped above, unnested and summed again
    ('search_summary_txn_federal_account_fy', 'action_date, type, award_category, federal_account_ids',
     'SELECT fy_start, type, award_category, ARRAY[u.federal_account_id], sum(generated_pragmatic_obligation), sum(row_count)
      FROM search_summary_txn_sets CROSS JOIN LATERAL unnest(federal_account_ids) AS u(federal_account_id)
      WHERE g_pair = 3 AND g_federal_account = 0
      GROUP BY fy_start, type, award_category, u.federal_account_id
      ORDER BY 1, 2'),
    -- pair summaries (0170): by month and a common filter (awarding agency, place of performance state)
    ('search_summary_txn_awarding_month', 'action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation',
     'SELECT month_start, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 1 ORDER BY month_start, type'),
    ('search_summary_txn_pop_state_month', 'action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name',
     'SELECT month_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pair = 2 ORDER BY month_start, type')
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
  -- The recipient text keys met here and their values (migration 0192), for the recipient_search_text filter.
  INSERT INTO search_recipient_text (recipient_text_key, recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id)
  SELECT DISTINCT recipient_text_key, recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id
  FROM search_summary_txn_sets WHERE g_pair = 3 AND g_recipient = 0
  ON CONFLICT (recipient_text_key) DO NOTHING;
END
$function$;

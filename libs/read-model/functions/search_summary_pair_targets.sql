-- The filter pair summaries (migration 0191): each keeps transaction sums by one filter most requests carry
-- (awarding toptier agency, place-of-performance state, NAICS code) and a second dimension, per fiscal year
-- (NAICS also per month), and the recipient text key (0192) by CFDA, PSC, county and month, with the date
-- column its rows are bucketed by in search_summary_pair_rows and the key columns besides action_date, type and
-- award_category. apps/search/src/planner/summary-tables.ts
-- describes the same tables to the planner.
CREATE OR REPLACE FUNCTION search_summary_pair_targets()
 RETURNS TABLE(name text, date_column text, key_columns text)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  VALUES
    ('search_summary_txn_awarding_pop_state_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name'),
    ('search_summary_txn_awarding_naics_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, naics_code, naics_description'),
    ('search_summary_txn_awarding_psc_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, product_or_service_code, product_or_service_description'),
    ('search_summary_txn_awarding_cfda_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, cfda_number, cfda_title'),
    ('search_summary_txn_awarding_pop_county_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name'),
    ('search_summary_txn_awarding_recipient_fy', 'fy_start', 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key'),
    ('search_summary_txn_pop_state_naics_fy', 'fy_start', 'pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, naics_code, naics_description'),
    ('search_summary_txn_pop_state_psc_fy', 'fy_start', 'pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, product_or_service_code, product_or_service_description'),
    ('search_summary_txn_pop_state_cfda_fy', 'fy_start', 'pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, cfda_number, cfda_title'),
    ('search_summary_txn_pop_state_recipient_fy', 'fy_start', 'pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key'),
    ('search_summary_txn_naics_psc_fy', 'fy_start', 'naics_code, naics_description, product_or_service_code, product_or_service_description'),
    ('search_summary_txn_naics_cfda_fy', 'fy_start', 'naics_code, naics_description, cfda_number, cfda_title'),
    ('search_summary_txn_naics_pop_county_fy', 'fy_start', 'naics_code, naics_description, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name'),
    ('search_summary_txn_naics_recipient_fy', 'fy_start', 'naics_code, naics_description, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key'),
    ('search_summary_txn_naics_month', 'month_start', 'naics_code, naics_description'),
    -- the key of recipient_search_text (0192) beside the dimensions its recipient pairs above do not have
    ('search_summary_txn_recipient_text_cfda_fy', 'fy_start', 'recipient_text_key, cfda_number, cfda_title'),
    ('search_summary_txn_recipient_text_psc_fy', 'fy_start', 'recipient_text_key, product_or_service_code, product_or_service_description'),
    ('search_summary_txn_recipient_text_pop_county_fy', 'fy_start', 'recipient_text_key, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name'),
    ('search_summary_txn_recipient_text_month', 'month_start', 'recipient_text_key')
$function$;

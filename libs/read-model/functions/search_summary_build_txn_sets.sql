-- The grouping-sets aggregate (one scan of transaction_search for every transaction summary) into the temporary
-- table search_summary_txn_sets, for [lo, hi) or everything. g_pair tells the pair summaries' sets (0170) apart.
CREATE OR REPLACE FUNCTION search_summary_build_txn_sets(source regclass, signed boolean, lo date, hi date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
      -- 3 on the sets of the single-subject summaries; the pair summaries' sets clear one bit each (their pair_<n> marker).
      GROUPING(pair_0, pair_1) AS g_pair,
      defc_step, has_defc, disaster_emergency_fund_codes, federal_account_ids,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
      parent_recipient_name, recipient_uei, recipient_unique_id, parent_recipient_unique_id,
      -- The recipient text key hashes six values of the recipient set's key: computed once per group, not per row.
      CASE WHEN GROUPING(recipient_hash) = 0 THEN recipient_text_key(recipient_name, parent_recipient_name, recipient_uei,
        recipient_unique_id, parent_uei, parent_recipient_unique_id) END AS recipient_text_key,
      %2$s AS generated_pragmatic_obligation, %3$s AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start,
      CASE WHEN action_date IS NULL THEN '1'::xid ELSE '0'::xid END AS hash_only, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start,
      cardinality(disaster_emergency_fund_codes) > 0 AS has_defc, 1 AS pair_0, 1 AS pair_1,
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
      (hash_only, fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
        parent_recipient_name, recipient_uei, recipient_unique_id, parent_recipient_unique_id),
      (hash_only, has_defc, defc_step, type, award_category, disaster_emergency_fund_codes, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (hash_only, fy_start, type, award_category, federal_account_ids),
      -- pair summaries (migration 0170)
      (hash_only, pair_0, month_start, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation),
      (hash_only, pair_1, month_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name)
  )$sql$,
    source,
    CASE WHEN signed THEN 'sum(generated_pragmatic_obligation * sign)' ELSE 'sum(generated_pragmatic_obligation)' END,
    CASE WHEN signed THEN 'sum(sign)::bigint' ELSE 'count(*)' END,
    enacted, lo, hi);
END
$function$;

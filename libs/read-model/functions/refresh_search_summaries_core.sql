-- Rebuilds the transaction summaries (and their base version) for [lo, hi), or all of them, in one grouping-sets
-- scan of transaction_search, and the filter pair summaries in one more (unless a bulk build writes those apart).
-- hash_mem_multiplier: the grouping-sets aggregate limits its groups by the planner's width of a group (~1.7 kB
-- at bench scale), about three times what a group takes. With the default 2 it spilled 4.7 GB of groups to
-- temporary files at bench scale (6.1M groups, 1.8 GB in memory) and read them back; with 5 it keeps them, 3.0 GB
-- (174 against 163 core-seconds alone), and the count it stops at stands for ~4.5 GB.
CREATE OR REPLACE FUNCTION refresh_search_summaries_core(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '3GB'
 SET hash_mem_multiplier TO '5'
 SET maintenance_work_mem TO '512MB'
 SET client_min_messages TO 'warning'
AS $function$
DECLARE
  version bigint;
  recipient_indexes text[];
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
      search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy,
      search_summary_txn_awarding_month, search_summary_txn_pop_state_month, search_recipient_text;
    -- The recipient summary's indexes are built after the insert: its hash and key indexes, kept up row by row
    -- in date order, cost ~10 s at bench scale, built afterwards ~1.2 s.
    recipient_indexes := drop_table_indexes('search_summary_txn_recipient_fy');
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_month', 'search_summary_txn_awarding_fy', 'search_summary_txn_funding_fy', 'search_summary_txn_pop_state_fy', 'search_summary_txn_pop_county_fy', 'search_summary_txn_pop_district_fy', 'search_summary_txn_rloc_state_fy', 'search_summary_txn_rloc_county_fy', 'search_summary_txn_rloc_district_fy', 'search_summary_txn_naics_fy', 'search_summary_txn_psc_fy', 'search_summary_txn_cfda_fy', 'search_summary_txn_recipient_fy', 'search_summary_txn_defc_awarding_month', 'search_summary_txn_federal_account_fy',
      'search_summary_txn_awarding_month', 'search_summary_txn_pop_state_month']);
  END IF;

  PERFORM search_summary_build_txn_sets('transaction_search', false, lo, hi);
  PERFORM search_summary_write_txn_sets(false);
  -- A bulk build may write the pair summaries beside this one, on a connection of its own
  -- (refresh_search_summary_pairs; `usas.summary_pairs` = 'apart', only for a full rebuild).
  IF lo IS NOT NULL OR coalesce(current_setting('usas.summary_pairs', true), '') <> 'apart' THEN
    PERFORM search_summary_write_pairs('transaction_search', false, lo, hi);
  END IF;
  IF lo IS NULL THEN
    PERFORM create_indexes(recipient_indexes);
  END IF;
  PERFORM search_summaries_awards(lo, hi);

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_txn_defc_awarding_month, search_summary_txn_federal_account_fy,
    search_summary_txn_awarding_month, search_summary_txn_pop_state_month;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$function$;

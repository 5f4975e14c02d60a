-- A full rebuild of the filter pair summaries and their all-years companions on their own. A bulk build runs it on
-- one connection while another runs refresh_search_summaries() with `usas.summary_pairs` = 'apart' (which then
-- leaves them out): both only read transaction_search, under SHARE locks that do not conflict, and write different
-- tables, so the two halves of a full rebuild take two cores (libs/read-model/src/refresh.ts,
-- refreshSearchSummariesInTwoLanes).
CREATE OR REPLACE FUNCTION refresh_search_summary_pairs()
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '3GB'
 SET maintenance_work_mem TO '512MB'
 SET client_min_messages TO 'warning'
AS $function$
BEGIN
  LOCK TABLE transaction_search IN SHARE MODE;
  -- The other half (refresh_search_summaries with the pairs apart) would refuse: refuse before the work, not after.
  IF NOT search_summary_full_rebuild_due() THEN
    RAISE EXCEPTION 'refresh_search_summary_pairs is for a full rebuild only, and the summaries need less';
  END IF;
  PERFORM search_summary_write_pairs('transaction_search', false, NULL, NULL);
END
$function$;

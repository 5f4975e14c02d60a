-- The transaction summaries from the log of changed rows (search_summary_txn_delta): signed sums per group
-- merged into each summary, then the tables built from them for the fiscal years involved.
CREATE OR REPLACE FUNCTION refresh_search_summaries_changed_rows()
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
 SET client_min_messages TO 'warning'
AS $function$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;
  PERFORM search_summary_build_txn_sets('search_summary_txn_delta', true, NULL, NULL);
  PERFORM search_summary_write_txn_sets(true);
  PERFORM search_summary_write_pairs('search_summary_txn_delta', true, NULL, NULL);
  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$function$;

-- The all-years companions of filter pair summaries (migration 0194): each holds its fiscal-year table's rows
-- summed over every year (its key columns as in search_summary_pair_targets, without action_date), written in
-- the order of `cluster_column`, the filter column requests narrow it by. search_summary_write_pairs keeps them.
CREATE OR REPLACE FUNCTION search_summary_pair_all_years()
 RETURNS TABLE(name text, source text, cluster_column text)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  VALUES
    ('search_summary_txn_awarding_recipient_all', 'search_summary_txn_awarding_recipient_fy', 'awarding_toptier_agency_name'),
    ('search_summary_txn_pop_state_recipient_all', 'search_summary_txn_pop_state_recipient_fy', 'pop_state_code')
$function$;

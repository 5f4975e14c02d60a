-- Whether the next refresh_search_summaries() rebuilds everything: the summaries were never built, are marked
-- dirty as a whole, change recording is off (writes since then are not logged), or more than a third of the
-- fiscal years present changed. refresh_search_summary_pairs refuses to run otherwise.
CREATE OR REPLACE FUNCTION search_summary_full_rebuild_due()
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.base_version IS NULL OR s.dirty_all OR NOT search_summary_recording()
    OR cardinality(s.dirty_fiscal_years) * 3 > greatest((SELECT count(DISTINCT action_date) FROM search_summary_award_fy), 1)
  FROM search_summary_state AS s
$function$;

-- Statistics of summary and ranking tables a refresh step has just written. A merge of logged changed rows
-- (refresh_search_summaries sets usas.summary_statistics to 'kept' for it) changes a bounded share of their
-- rows, so the statistics they have stay close and autovacuum's analyze catches up; analyzing ~60 tables would
-- cost most of such a refresh (5-6 s of ~8.5 s for 1,000 changed rows at demo scale). Rebuilds analyze.
CREATE OR REPLACE FUNCTION analyze_search_summaries(VARIADIC tables regclass[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('usas.summary_statistics', true) = 'kept' THEN
    RETURN;
  END IF;
  EXECUTE 'ANALYZE ' || (SELECT string_agg(t::text, ', ') FROM unnest(tables) AS t);
END
$function$;

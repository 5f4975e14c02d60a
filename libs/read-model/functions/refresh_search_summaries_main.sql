-- Transaction summaries, then the tables built from them, for [lo, hi) or everything.
CREATE OR REPLACE FUNCTION refresh_search_summaries_main(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refresh_search_summaries_core(lo, hi);
  PERFORM refresh_search_summaries_derived(lo, hi);
END
$function$;

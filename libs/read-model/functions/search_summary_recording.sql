-- Whether the triggers that record changed fiscal years and rows for the summaries are all present and enabled.
CREATE OR REPLACE FUNCTION search_summary_recording()
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(*) = 6 AND bool_and(tgenabled <> 'D') FROM pg_trigger
  WHERE tgname LIKE '%\_summary\_rows\_%' AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass)
$function$;

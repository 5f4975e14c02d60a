-- The change-recording triggers of the search tables as they are now (the fiscal years for the summaries, the
-- recipient hashes for the recipient profiles): what set_change_recording turns off and on and
-- drop_change_recording_triggers drops. PL/pgSQL, so that the table names are looked up when it runs, not when the
-- function files are applied before the migrations that create the tables.
CREATE OR REPLACE FUNCTION change_recording_triggers()
 RETURNS TABLE(relation regclass, trigger_name name, definition text)
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN QUERY
  SELECT t.tgrelid::regclass, t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger AS t
  WHERE t.tgname ~ '_(summary|recipient)_rows_(inserted|updated|deleted)$'
    AND t.tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
  ORDER BY 1, 2;
END
$function$;

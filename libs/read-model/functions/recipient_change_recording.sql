-- Whether the triggers that record changed recipient hashes are all present and enabled (a scoped recipient
-- derive needs a complete record).
CREATE OR REPLACE FUNCTION recipient_change_recording()
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(*) = 9 AND bool_and(tgenabled <> 'D') FROM pg_trigger
  WHERE tgname ~ '_recipient_rows_(inserted|updated|deleted)$'
    AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
$function$;

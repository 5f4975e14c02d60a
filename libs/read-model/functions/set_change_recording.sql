-- Turns the change-recording triggers of the search tables off (bulk loads: the next refresh and derive rebuild
-- everything) or on.
CREATE OR REPLACE FUNCTION set_change_recording(enabled boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgrelid::regclass AS relation, tgname FROM pg_trigger
    WHERE tgname ~ '_(summary|recipient)_rows_(inserted|updated|deleted)$'
      AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', t.relation, CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END, t.tgname);
  END LOOP;
  IF NOT enabled THEN
    UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
    UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  END IF;
END
$function$;

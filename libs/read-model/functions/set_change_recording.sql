-- Turns the change-recording triggers of the search tables off (bulk loads: the next refresh and derive rebuild
-- everything) or on; on also creates again those a bulk load dropped (drop_change_recording_triggers).
CREATE OR REPLACE FUNCTION set_change_recording(enabled boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  t record;
BEGIN
  IF enabled THEN
    FOR t IN DELETE FROM change_recording_dropped_trigger RETURNING table_name, trigger_name, definition LOOP
      IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t.trigger_name AND tgrelid = to_regclass(t.table_name)) THEN
        EXECUTE t.definition;
      END IF;
    END LOOP;
  END IF;
  FOR t IN SELECT * FROM change_recording_triggers() LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', t.relation, CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END, t.trigger_name);
  END LOOP;
  IF NOT enabled THEN
    UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
    UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  END IF;
END
$function$;

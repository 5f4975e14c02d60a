-- For a bulk load that truncated the search tables (the data generator): turns change recording off
-- (set_change_recording(false): the next refresh and derive rebuild everything), then drops the triggers, which
-- that only disables, and keeps their definitions in change_recording_dropped_trigger;
-- set_change_recording(true) creates them again, also after an interrupted load. A disabled trigger with a
-- transition table still has every inserted row copied into that table (temporary files past work_mem).
-- DROP TRIGGER locks its table against reads until the transaction ends, so an import into a database that serves
-- requests disables them instead. Returns the number dropped.
CREATE OR REPLACE FUNCTION drop_change_recording_triggers()
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  t record;
  n integer := 0;
BEGIN
  PERFORM set_change_recording(false);
  FOR t IN SELECT * FROM change_recording_triggers() LOOP
    INSERT INTO change_recording_dropped_trigger (table_name, trigger_name, definition)
    VALUES (t.relation::text, t.trigger_name, t.definition)
    ON CONFLICT (table_name, trigger_name) DO UPDATE SET definition = EXCLUDED.definition;
    EXECUTE format('DROP TRIGGER %I ON %s', t.trigger_name, t.relation);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$function$;

-- Statement trigger of the reference tables: records that this transaction changed a table, so readers that
-- keep reference answers in memory (apps/reference, libs/downloads) know to reload them.
CREATE OR REPLACE FUNCTION note_reference_data_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO reference_data_change (txid, table_name) VALUES (pg_current_xact_id(), TG_TABLE_NAME)
  ON CONFLICT (txid) DO NOTHING;
  RETURN NULL;
END
$function$;

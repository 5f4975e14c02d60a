CREATE OR REPLACE FUNCTION recipient_rows_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$function$;

-- A TRUNCATE of a search table leaves no record of what changed: the next recipient derive rebuilds everything.
CREATE OR REPLACE FUNCTION recipient_rows_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$function$;

-- A TRUNCATE of a search table: the next summary refresh rebuilds everything.
CREATE OR REPLACE FUNCTION search_summary_all_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$function$;

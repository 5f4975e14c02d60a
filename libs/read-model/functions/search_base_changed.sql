-- Statement trigger of the search tables: moves search_base_version on, so a summary built from older rows is
-- known to be stale.
CREATE OR REPLACE FUNCTION search_base_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('search_base_version');
  RETURN NULL;
END
$function$;

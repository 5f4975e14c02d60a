CREATE OR REPLACE FUNCTION search_base_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('search_base_version');
  RETURN NULL;
END
$function$;

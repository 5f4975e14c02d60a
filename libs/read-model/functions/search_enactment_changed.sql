-- DEF enactment dates move step dates across months: everything is rebuilt.
CREATE OR REPLACE FUNCTION search_enactment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('search_base_version');
  UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$function$;

-- Runs the index definitions that drop_table_indexes returned.
CREATE OR REPLACE FUNCTION create_indexes(definitions text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  definition text;
BEGIN
  FOREACH definition IN ARRAY coalesce(definitions, '{}') LOOP
    EXECUTE definition;
  END LOOP;
END
$function$;

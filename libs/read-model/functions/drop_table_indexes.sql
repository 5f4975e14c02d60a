-- Drops every index of the given tables and returns their definitions, for a rebuild that fills the tables
-- first and builds the indexes once afterwards (create_indexes): one sorted build per index instead of an
-- index entry per inserted row. The tables' indexes must not back a constraint (the summaries have none).
CREATE OR REPLACE FUNCTION drop_table_indexes(VARIADIC tables regclass[])
 RETURNS text[]
 LANGUAGE plpgsql
AS $function$
DECLARE
  definitions text[];
  index_name regclass;
BEGIN
  SELECT array_agg(pg_get_indexdef(i.indexrelid) ORDER BY i.indexrelid::regclass::text) INTO definitions
  FROM pg_index AS i WHERE i.indrelid = ANY (tables);
  FOR index_name IN SELECT i.indexrelid::regclass FROM pg_index AS i WHERE i.indrelid = ANY (tables) LOOP
    EXECUTE format('DROP INDEX %s', index_name);
  END LOOP;
  RETURN coalesce(definitions, '{}');
END
$function$;

-- The ranking tables for [lo, hi), or all of them with their indexes dropped during the fill and rebuilt after.
CREATE OR REPLACE FUNCTION refresh_search_rankings(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET maintenance_work_mem TO '512MB'
AS $function$
DECLARE
  definitions text[];
  names text[];
  statement text;
BEGIN
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}'), coalesce(array_agg(quote_ident(x.relname)), '{}')
  INTO definitions, names
  FROM pg_index AS i
  JOIN pg_class AS t ON t.oid = i.indrelid
  JOIN pg_class AS x ON x.oid = i.indexrelid
  WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r' AND t.relname LIKE 'search\_ranking\_%';
  IF lo IS NULL AND cardinality(names) > 0 THEN
    EXECUTE 'DROP INDEX ' || array_to_string(names, ', ');
  END IF;
  PERFORM fill_search_rankings(lo, hi);
  IF lo IS NULL THEN
    FOREACH statement IN ARRAY definitions LOOP
      EXECUTE statement;
    END LOOP;
  END IF;
END
$function$;

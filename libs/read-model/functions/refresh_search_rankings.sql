-- The ranking tables for [lo, hi), or all of them with their indexes dropped during the fill and rebuilt after.
CREATE OR REPLACE FUNCTION refresh_search_rankings(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET maintenance_work_mem TO '512MB'
AS $function$
DECLARE
  definitions text[];
BEGIN
  IF lo IS NULL THEN
    definitions := drop_table_indexes(VARIADIC ARRAY(
      SELECT t.oid::regclass FROM pg_class AS t
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r' AND t.relname LIKE 'search\_ranking\_%'));
  END IF;
  PERFORM fill_search_rankings(lo, hi);
  IF lo IS NULL THEN
    PERFORM create_indexes(definitions);
  END IF;
END
$function$;

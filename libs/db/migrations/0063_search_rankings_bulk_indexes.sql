-- Up Migration
-- The ranking tables are refilled without their page indexes, which are built afterwards. Keeping the
-- index while inserting cost more than the aggregation itself: at bench scale the 2.0M recipient ranking
-- rows took ~27 s to insert with the index in place and ~11 s as insert plus CREATE INDEX. The index
-- definitions are read from the catalog, so a ranking table added later needs nothing here. It all
-- happens inside the refresh's transaction; TRUNCATE already kept readers of these tables waiting.
ALTER FUNCTION refresh_search_rankings() RENAME TO fill_search_rankings;

CREATE FUNCTION refresh_search_rankings() RETURNS void LANGUAGE plpgsql
SET maintenance_work_mem = '512MB'
AS $$
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
  IF cardinality(names) > 0 THEN
    EXECUTE 'DROP INDEX ' || array_to_string(names, ', ');
  END IF;
  PERFORM fill_search_rankings();
  FOREACH statement IN ARRAY definitions LOOP
    EXECUTE statement;
  END LOOP;
END
$$;

-- Down Migration
DROP FUNCTION refresh_search_rankings();
ALTER FUNCTION fill_search_rankings() RENAME TO refresh_search_rankings;

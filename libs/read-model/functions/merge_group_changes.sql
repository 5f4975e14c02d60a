-- Merges signed changes (`changes`: the target's key columns, sums and count, one row per changed group)
-- into a table of sums and a count per group (`target`): a row and the change of its group are summed, and
-- a row whose count reaches 0 is deleted. Keys may be NULL, so a row and a group are matched on the text of
-- their keys as a record (NULL and '' print differently there), which can be hashed. The target rows are
-- reached through `narrow_by`, a key column: its values in the changes are given as constants, so the planner
-- knows how many rows they hold and uses the column's index (with NULL among them, the rows where it is NULL too).
CREATE OR REPLACE FUNCTION merge_group_changes(target text, changes text, keys text[], sums text[], count_column text, narrow_by text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  key_list text := (SELECT string_agg(quote_ident(k), ', ') FROM unnest(keys) AS k);
  measure_list text := (SELECT string_agg(quote_ident(m), ', ') FROM unnest(sums || count_column) AS m);
  narrow_type text;
  narrow_values text;
  has_null boolean;
BEGIN
  SELECT format_type(atttypid, atttypmod) INTO narrow_type FROM pg_attribute WHERE attrelid = target::regclass AND attname = narrow_by;
  EXECUTE format('SELECT array_agg(DISTINCT %1$I)::text, bool_or(%1$I IS NULL) FROM %2$I', narrow_by, changes) INTO narrow_values, has_null;
  IF narrow_values IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format($sql$
    WITH gone AS (
      DELETE FROM %1$I AS t
      WHERE (t.%2$I = ANY (%3$L::%4$s[])%12$s)
        AND ROW(%5$s)::text IN (SELECT ROW(%6$s)::text FROM %7$I)
      RETURNING %5$s, %8$s)
    INSERT INTO %1$I (%6$s, %9$s)
    SELECT %6$s, %10$s
    FROM (SELECT * FROM gone UNION ALL SELECT %6$s, %9$s FROM %7$I) AS u
    GROUP BY %6$s
    HAVING sum(%11$I) <> 0$sql$,
    target, narrow_by, narrow_values, narrow_type,
    (SELECT string_agg('t.' || quote_ident(k), ', ') FROM unnest(keys) AS k), key_list, changes,
    (SELECT string_agg('t.' || quote_ident(m), ', ') FROM unnest(sums || count_column) AS m), measure_list,
    (SELECT string_agg(format('sum(%I)', m), ', ') FROM unnest(sums || count_column) AS m), count_column,
    CASE WHEN has_null THEN format(' OR t.%I IS NULL', narrow_by) ELSE '' END);
END
$function$;

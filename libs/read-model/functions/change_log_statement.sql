-- The statement that appends the rows the running statement changed to a change log (the log's columns but
-- `sign`, read from its definition): inserted rows +1, deleted rows -1, and for an update the old rows not
-- among the new ones -1 and the new rows not among the old ones +1, as multisets (EXCEPT ALL). For trigger
-- functions whose transition tables are new_rows and old_rows (only they can read them).
CREATE OR REPLACE FUNCTION change_log_statement(log regclass, op text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT format(CASE op
      WHEN 'INSERT' THEN 'INSERT INTO %1$s (%2$s, sign) SELECT %2$s, 1 FROM new_rows'
      WHEN 'DELETE' THEN 'INSERT INTO %1$s (%2$s, sign) SELECT %2$s, -1 FROM old_rows'
      ELSE 'INSERT INTO %1$s (%2$s, sign) SELECT *, -1 FROM (SELECT %2$s FROM old_rows EXCEPT ALL SELECT %2$s FROM new_rows) AS gone '
           'UNION ALL SELECT *, 1 FROM (SELECT %2$s FROM new_rows EXCEPT ALL SELECT %2$s FROM old_rows) AS came' END,
    log, string_agg(quote_ident(attname), ', ' ORDER BY attnum))
  FROM pg_attribute WHERE attrelid = log AND attnum > 0 AND NOT attisdropped AND attname <> 'sign'
$function$;

-- Deletes the rows of [lo, hi) (by their date key, action_date) from the given summary or ranking tables.
CREATE OR REPLACE FUNCTION search_summaries_forget(lo date, hi date, tables text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format('DELETE FROM %I WHERE action_date >= $1 AND action_date < $2', t) USING lo, hi;
  END LOOP;
END
$function$;

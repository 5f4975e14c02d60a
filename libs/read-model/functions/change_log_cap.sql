-- Rows a change log of transaction_search may hold: past a tenth of the table (at least 10,000), logging
-- costs more than rebuilding from the table saves.
CREATE OR REPLACE FUNCTION change_log_cap()
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT greatest(10000, (SELECT reltuples::bigint FROM pg_class WHERE oid = 'transaction_search'::regclass) / 10)
$function$;

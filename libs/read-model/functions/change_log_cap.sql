-- Rows a change log of transaction_search may hold: past a tenth of the table (at least 10,000), logging
-- stops and the log is marked incomplete (a refresh then rebuilds instead of merging).
CREATE OR REPLACE FUNCTION change_log_cap()
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT greatest(10000, (SELECT reltuples::bigint FROM pg_class WHERE oid = 'transaction_search'::regclass) / 10)
$function$;

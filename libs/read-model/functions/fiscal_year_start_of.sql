-- October 1 that starts the fiscal year of a date: the date key of the fiscal-year summaries.
CREATE OR REPLACE FUNCTION fiscal_year_start_of(d date)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT (date_trunc('year', d + interval '3 months') - interval '3 months')::date $function$;

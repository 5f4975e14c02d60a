-- Fiscal year of a date: FY N runs from October 1 of N-1 to September 30 of N.
CREATE OR REPLACE FUNCTION fiscal_year_of(d date)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN (EXTRACT(year FROM (d + '3 mons'::interval)))::integer;

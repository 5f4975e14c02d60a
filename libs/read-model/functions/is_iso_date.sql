-- A `YYYY-MM-DD` text that is a real calendar date (imports check values before casting them).
CREATE OR REPLACE FUNCTION is_iso_date(v text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN (v ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'::text) THEN (((substr(v, 9, 2))::integer)::numeric <= EXTRACT(day FROM (make_date((substr(v, 1, 4))::integer, (substr(v, 6, 2))::integer, 1) + '1 mon -1 days'::interval))) ELSE false END;

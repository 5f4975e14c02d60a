-- The agency row that stands for a toptier agency itself, whose id is the `agency_id` of toptier lists and
-- profiles (references/toptier_agencies, agency/{code}, reporting/agencies, and the awarding and funding agency
-- categories): the row marked toptier_flag, else (reference data without that mark) the agency's lowest row id.
CREATE OR REPLACE FUNCTION toptier_agency_row_id(p_toptier_agency_id integer)
 RETURNS integer
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  SELECT a.id FROM agency a WHERE a.toptier_agency_id = p_toptier_agency_id ORDER BY a.toptier_flag DESC, a.id LIMIT 1
$function$;

-- The scoped awards with their parents and grandparents as award_search links them now.
CREATE OR REPLACE FUNCTION parent_award_reach(scope bigint[])
 RETURNS bigint[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(array_agg(DISTINCT id), '{}') FROM (
    SELECT unnest(scope) AS id
    UNION ALL
    SELECT a.parent_award_id FROM award_search a WHERE a.award_id = ANY (scope) AND a.parent_award_id IS NOT NULL
    UNION ALL
    SELECT g.parent_award_id FROM award_search a JOIN award_search g ON g.award_id = a.parent_award_id
    WHERE a.award_id = ANY (scope) AND g.parent_award_id IS NOT NULL) x
$function$;

-- Subaward count and total per prime award.
CREATE OR REPLACE FUNCTION derive_award_subawards(scoped boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
DECLARE
  scope bigint[];
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  WITH s AS (
    SELECT award_id, count(*)::integer AS subaward_count, sum(subaward_amount)::numeric(23, 2) AS total_subaward_amount
    FROM subaward_search
    WHERE award_id IS NOT NULL AND (NOT scoped OR award_id = ANY (scope))
    GROUP BY award_id
  )
  UPDATE award_search a SET subaward_count = s.subaward_count, total_subaward_amount = s.total_subaward_amount
  FROM s
  WHERE a.award_id = s.award_id
    AND (a.subaward_count, a.total_subaward_amount) IS DISTINCT FROM (s.subaward_count, s.total_subaward_amount);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE award_search a SET subaward_count = 0, total_subaward_amount = NULL
  WHERE (a.subaward_count <> 0 OR a.total_subaward_amount IS NOT NULL)
    AND (NOT scoped OR a.award_id = ANY (scope))
    AND NOT EXISTS (SELECT 1 FROM subaward_search s WHERE s.award_id = a.award_id);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $function$;

-- Parent links that only exist as keys (imports): IDV children to their parent IDV, subawards to their prime.
CREATE OR REPLACE FUNCTION derive_award_links(scoped boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  scope bigint[];
  n bigint;
  m bigint;
  k bigint := 0;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  UPDATE award_search c SET parent_award_id = p.award_id
  FROM award_search p
  WHERE c.parent_generated_unique_award_id IS NOT NULL
    AND p.generated_unique_award_id = c.parent_generated_unique_award_id
    AND c.parent_award_id IS DISTINCT FROM p.award_id
    AND (NOT scoped OR c.award_id = ANY (scope));
  GET DIAGNOSTICS n = ROW_COUNT;
  IF scoped THEN
    -- children outside the scope whose parent is in it (the parent came after them)
    UPDATE award_search c SET parent_award_id = p.award_id
    FROM award_search p
    WHERE p.award_id = ANY (scope)
      AND c.parent_award_id IS NULL AND c.parent_generated_unique_award_id IS NOT NULL
      AND c.parent_generated_unique_award_id = p.generated_unique_award_id
      AND c.award_id <> p.award_id;
    GET DIAGNOSTICS k = ROW_COUNT;
  END IF;
  UPDATE subaward_search s SET award_id = a.award_id
  FROM award_search a
  WHERE s.unique_award_key = a.generated_unique_award_id AND s.award_id IS DISTINCT FROM a.award_id
    AND (NOT scoped OR a.award_id = ANY (scope));
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + k + m;
END $function$;

-- The whole derive in one call (imports): every derive step in order for the awards in derive_scope, or for
-- every award; returns each step's changed rows and seconds. A scoped run derives the recipients the way the
-- recorded changes allow.
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT CURRENT_DATE)
 RETURNS TABLE(step text, changed bigint, seconds numeric)
 LANGUAGE plpgsql
AS $function$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
  reach_before bigint[];
BEGIN
  IF scoped THEN
    PERFORM derive_ensure_scope();
    reach_before := parent_award_reach(ARRAY(SELECT award_id FROM derive_scope));
  END IF;
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
      WHEN 'award_keyword_text' THEN derive_award_keyword_text(scoped)
      WHEN 'award_file_c' THEN derive_award_file_c(scoped, as_of)
      WHEN 'search_file_c' THEN derive_search_file_c(scoped)
      WHEN 'award_subawards' THEN derive_award_subawards(scoped)
      WHEN 'recipients' THEN derive_recipients(as_of, true, scoped)
      WHEN 'parent_award' THEN CASE WHEN scoped
        THEN derive_parent_award(reach_before || parent_award_reach(ARRAY(SELECT award_id FROM derive_scope)))
        ELSE derive_parent_award() END
      END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $function$;

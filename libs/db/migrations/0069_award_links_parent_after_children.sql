-- Up Migration
-- An IDV imported after its child awards gets its children. The scoped link step (0021) only looked up
-- parents for the awards a load touched, so children loaded by an earlier file stayed unlinked
-- (parent_award_id NULL) when their parent arrived later. They are now found through a partial index
-- on the keys of unlinked children: it holds only awards whose parent is not loaded (none after a
-- generation), so it costs nothing to build or keep.

CREATE INDEX award_search_unlinked_parent_key_idx ON award_search (parent_generated_unique_award_id)
WHERE parent_award_id IS NULL AND parent_generated_unique_award_id IS NOT NULL;

CREATE OR REPLACE FUNCTION derive_award_links(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  m bigint;
  k bigint := 0;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE award_search c SET parent_award_id = p.award_id
  FROM award_search p
  WHERE c.parent_generated_unique_award_id IS NOT NULL
    AND p.generated_unique_award_id = c.parent_generated_unique_award_id
    AND c.parent_award_id IS DISTINCT FROM p.award_id
    AND (NOT scoped OR c.award_id IN (SELECT award_id FROM derive_scope));
  GET DIAGNOSTICS n = ROW_COUNT;
  IF scoped THEN
    -- children outside the scope whose parent is in it (the parent came after them)
    UPDATE award_search c SET parent_award_id = p.award_id
    FROM award_search p
    WHERE p.award_id IN (SELECT award_id FROM derive_scope)
      AND c.parent_award_id IS NULL AND c.parent_generated_unique_award_id IS NOT NULL
      AND c.parent_generated_unique_award_id = p.generated_unique_award_id
      AND c.award_id <> p.award_id;
    GET DIAGNOSTICS k = ROW_COUNT;
  END IF;
  UPDATE subaward_search s SET award_id = a.award_id
  FROM award_search a
  WHERE s.unique_award_key = a.generated_unique_award_id AND s.award_id IS DISTINCT FROM a.award_id;
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + k + m;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION derive_award_links(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE award_search c SET parent_award_id = p.award_id
  FROM award_search p
  WHERE c.parent_generated_unique_award_id IS NOT NULL
    AND p.generated_unique_award_id = c.parent_generated_unique_award_id
    AND c.parent_award_id IS DISTINCT FROM p.award_id
    AND (NOT scoped OR c.award_id IN (SELECT award_id FROM derive_scope));
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE subaward_search s SET award_id = a.award_id
  FROM award_search a
  WHERE s.unique_award_key = a.generated_unique_award_id AND s.award_id IS DISTINCT FROM a.award_id;
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;
DROP INDEX award_search_unlinked_parent_key_idx;

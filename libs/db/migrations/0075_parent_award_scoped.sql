-- Up Migration
-- A scoped derive (an import) rebuilds the IDV rollups (parent_award) of the IDVs its awards reach instead of
-- every IDV's. An IDV's row is read from its own award (type, key, parent), its children (direct counts and
-- sums) and its IDV children's direct figures (the rollup); the awards a scoped derive changes are the scoped
-- awards and the children linked to them. So the rows to rebuild are those of the scoped awards, of their
-- parents and grandparents before the derive (links may move them) and after it, and of the IDV children of
-- all of these (their parent link may now lead to an IDV). At bench scale (about 100k IDVs) the full rebuild
-- took about 2.5 s of every import. A test checks that a scoped derive leaves the table as a full one does.

-- The scoped awards with their parents and grandparents as award_search links them now.
CREATE FUNCTION parent_award_reach(scope bigint[]) RETURNS bigint[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT id), '{}') FROM (
    SELECT unnest(scope) AS id
    UNION ALL
    SELECT a.parent_award_id FROM award_search a WHERE a.award_id = ANY (scope) AND a.parent_award_id IS NOT NULL
    UNION ALL
    SELECT g.parent_award_id FROM award_search a JOIN award_search g ON g.award_id = a.parent_award_id
    WHERE a.award_id = ANY (scope) AND g.parent_award_id IS NOT NULL) x
$$;

-- The rows of these awards and of their IDV children (every IDV's when ids is null). The plans of a call
-- with ids keep `= ANY (<ids>)` as an index condition; those of a call without drop the condition (0071).
CREATE FUNCTION derive_parent_award(ids bigint[]) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  scoped boolean := ids IS NOT NULL;
BEGIN
  IF scoped THEN
    ids := ARRAY(
      SELECT unnest(ids)
      UNION SELECT c.award_id FROM award_search c WHERE c.parent_award_id = ANY (ids) AND c.type LIKE 'IDV%'
      ORDER BY 1);
    DELETE FROM parent_award WHERE award_id = ANY (ids);
  ELSE
    TRUNCATE parent_award;
  END IF;
  INSERT INTO parent_award (award_id, generated_unique_award_id, parent_award_id)
  SELECT c.award_id, c.generated_unique_award_id, p.award_id
  FROM award_search c
  LEFT JOIN award_search p ON p.award_id = c.parent_award_id AND p.type LIKE 'IDV%' AND p.award_id <> c.award_id
  WHERE c.type LIKE 'IDV%' AND (NOT scoped OR c.award_id = ANY (ids))
  ORDER BY c.award_id;
  GET DIAGNOSTICS n = ROW_COUNT;

  WITH d AS (
    SELECT c.parent_award_id AS award_id,
      count(*) FILTER (WHERE c.type LIKE 'IDV%')::integer AS idv_count,
      count(*) FILTER (WHERE c.type NOT LIKE 'IDV%')::integer AS contract_count,
      coalesce(sum(c.total_obligation) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS obligation,
      coalesce(sum(c.base_and_all_options_value) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS all_options,
      coalesce(sum(c.base_exercised_options_val) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS exercised
    FROM award_search c
    WHERE c.parent_award_id IS NOT NULL AND c.parent_award_id <> c.award_id AND (NOT scoped OR c.parent_award_id = ANY (ids))
    GROUP BY c.parent_award_id
  )
  UPDATE parent_award p SET
    direct_idv_count = d.idv_count, direct_contract_count = d.contract_count,
    direct_total_obligation = d.obligation, direct_base_and_all_options_value = d.all_options,
    direct_base_exercised_options_val = d.exercised,
    rollup_idv_count = d.idv_count, rollup_contract_count = d.contract_count,
    rollup_total_obligation = d.obligation, rollup_base_and_all_options_value = d.all_options,
    rollup_base_exercised_options_val = d.exercised
  FROM d WHERE p.award_id = d.award_id;

  WITH t AS (
    SELECT parent_award_id AS award_id,
      sum(direct_idv_count)::integer AS idv_count, sum(direct_contract_count)::integer AS contract_count,
      sum(direct_total_obligation) AS obligation, sum(direct_base_and_all_options_value) AS all_options,
      sum(direct_base_exercised_options_val) AS exercised
    FROM parent_award WHERE parent_award_id IS NOT NULL AND (NOT scoped OR parent_award_id = ANY (ids)) GROUP BY parent_award_id
  )
  UPDATE parent_award p SET
    rollup_idv_count = p.direct_idv_count + t.idv_count,
    rollup_contract_count = p.direct_contract_count + t.contract_count,
    rollup_total_obligation = p.direct_total_obligation + t.obligation,
    rollup_base_and_all_options_value = p.direct_base_and_all_options_value + t.all_options,
    rollup_base_exercised_options_val = p.direct_base_exercised_options_val + t.exercised
  FROM t WHERE p.award_id = t.award_id;
  RETURN n;
END $$;

-- Every row: the data generator's derive and an unscoped derive_award_data.
CREATE OR REPLACE FUNCTION derive_parent_award() RETURNS bigint
LANGUAGE sql
RETURN derive_parent_award(NULL::bigint[]);

CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
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
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
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
      ELSE derive_parent_award() END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $$;
-- derive_parent_award() as 0021 defined it.
CREATE OR REPLACE FUNCTION derive_parent_award() RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  TRUNCATE parent_award;
  INSERT INTO parent_award (award_id, generated_unique_award_id, parent_award_id)
  SELECT c.award_id, c.generated_unique_award_id, p.award_id
  FROM award_search c
  LEFT JOIN award_search p ON p.award_id = c.parent_award_id AND p.type LIKE 'IDV%' AND p.award_id <> c.award_id
  WHERE c.type LIKE 'IDV%'
  ORDER BY c.award_id;
  GET DIAGNOSTICS n = ROW_COUNT;

  WITH d AS (
    SELECT c.parent_award_id AS award_id,
      count(*) FILTER (WHERE c.type LIKE 'IDV%')::integer AS idv_count,
      count(*) FILTER (WHERE c.type NOT LIKE 'IDV%')::integer AS contract_count,
      coalesce(sum(c.total_obligation) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS obligation,
      coalesce(sum(c.base_and_all_options_value) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS all_options,
      coalesce(sum(c.base_exercised_options_val) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS exercised
    FROM award_search c
    WHERE c.parent_award_id IS NOT NULL AND c.parent_award_id <> c.award_id
    GROUP BY c.parent_award_id
  )
  UPDATE parent_award p SET
    direct_idv_count = d.idv_count, direct_contract_count = d.contract_count,
    direct_total_obligation = d.obligation, direct_base_and_all_options_value = d.all_options,
    direct_base_exercised_options_val = d.exercised,
    rollup_idv_count = d.idv_count, rollup_contract_count = d.contract_count,
    rollup_total_obligation = d.obligation, rollup_base_and_all_options_value = d.all_options,
    rollup_base_exercised_options_val = d.exercised
  FROM d WHERE p.award_id = d.award_id;

  WITH t AS (
    SELECT parent_award_id AS award_id,
      sum(direct_idv_count)::integer AS idv_count, sum(direct_contract_count)::integer AS contract_count,
      sum(direct_total_obligation) AS obligation, sum(direct_base_and_all_options_value) AS all_options,
      sum(direct_base_exercised_options_val) AS exercised
    FROM parent_award WHERE parent_award_id IS NOT NULL GROUP BY parent_award_id
  )
  UPDATE parent_award p SET
    rollup_idv_count = p.direct_idv_count + t.idv_count,
    rollup_contract_count = p.direct_contract_count + t.contract_count,
    rollup_total_obligation = p.direct_total_obligation + t.obligation,
    rollup_base_and_all_options_value = p.direct_base_and_all_options_value + t.all_options,
    rollup_base_exercised_options_val = p.direct_base_exercised_options_val + t.exercised
  FROM t WHERE p.award_id = t.award_id;
  RETURN n;
END $$;
DROP FUNCTION derive_parent_award(bigint[]);
DROP FUNCTION parent_award_reach(bigint[]);

-- parent_award (IDV -> parent IDV links) for the given award ids and the IDVs under them, or for every row
-- when ids is NULL. The no-argument form (the data generator's, and an unscoped derive_award_data) is
-- defined after it: its SQL-standard body is parsed at creation and needs the array form to exist.
CREATE OR REPLACE FUNCTION derive_parent_award(ids bigint[])
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION derive_parent_award()
 RETURNS bigint
 LANGUAGE sql
RETURN derive_parent_award(NULL::bigint[]);

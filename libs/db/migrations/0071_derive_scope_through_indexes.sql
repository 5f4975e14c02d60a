-- Up Migration
-- Scoped derive steps read the scoped awards through indexes. Every step wrote its scope as
-- `(NOT scoped OR x.award_id IN (SELECT award_id FROM derive_scope))`. PostgreSQL turns an IN (subquery)
-- into a join only where it stands alone in the WHERE clause; under the OR it became a hashed subplan,
-- tested against every row of a sequential scan, even once the plan for scoped = true had folded the OR
-- away. At bench scale an import of 1,000 transactions spent about 45 s of its derive this way, scanning
-- transaction_search (10M rows) three times and award_search and subaward_search several times, to find
-- the ~500 awards it had touched. The scope is now read once into an array, and the steps test
-- `(NOT scoped OR x.award_id = ANY (scope))`: the plan for a scoped call keeps `award_id = ANY (<the ids>)`,
-- an index condition with the exact number of ids; the plan for an unscoped call drops the condition.
-- The subaward link of derive_award_links, which was not scoped at all, now links the subawards of the
-- scoped awards only (an imported subaward gets its award when it is written; a later award gets its
-- subawards here). The bodies are otherwise those of 0021, 0064 and 0069.

CREATE OR REPLACE FUNCTION derive_award_links(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE FUNCTION derive_award_rollups(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  WITH t AS (
    SELECT award_id,
      count(*)::integer AS transaction_count,
      coalesce(sum(federal_action_obligation), 0)::numeric(23, 2) AS total_obligation,
      sum(original_loan_subsidy_cost)::numeric(23, 2) AS total_subsidy_cost,
      sum(face_value_loan_guarantee)::numeric(23, 2) AS total_loan_value,
      coalesce(sum(generated_pragmatic_obligation), 0)::numeric(23, 2) AS generated_pragmatic_obligation,
      sum(base_and_all_options_value)::numeric(23, 2) AS base_and_all_options_value,
      sum(base_exercised_options_val)::numeric(23, 2) AS base_exercised_options_val,
      sum(total_funding_amount)::numeric(23, 2) AS total_funding_amount,
      sum(non_federal_funding_amount)::numeric(23, 2) AS non_federal_funding_amount,
      sum(indirect_federal_sharing)::numeric(23, 2) AS total_indirect_federal_sharing,
      max(last_modified_date) AS last_modified_date,
      max((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS latest_key,
      min((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS earliest_key
    FROM transaction_search
    WHERE NOT scoped OR award_id = ANY (scope)
    GROUP BY award_id
  ), r AS (
    SELECT t.*,
      split_part(latest_key, chr(1), 1)::date AS action_date,
      split_part(latest_key, chr(1), 4)::bigint AS latest_transaction_id,
      split_part(earliest_key, chr(1), 1)::date AS date_signed,
      split_part(earliest_key, chr(1), 4)::bigint AS earliest_transaction_id
    FROM t
  )
  UPDATE award_search a SET
    transaction_count = r.transaction_count,
    total_obligation = r.total_obligation,
    total_subsidy_cost = r.total_subsidy_cost,
    total_loan_value = r.total_loan_value,
    award_amount = CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
    generated_pragmatic_obligation = r.generated_pragmatic_obligation,
    base_and_all_options_value = r.base_and_all_options_value,
    base_exercised_options_val = r.base_exercised_options_val,
    total_funding_amount = r.total_funding_amount,
    non_federal_funding_amount = r.non_federal_funding_amount,
    total_indirect_federal_sharing = r.total_indirect_federal_sharing,
    last_modified_date = r.last_modified_date,
    action_date = r.action_date,
    fiscal_year = fiscal_year_of(r.action_date),
    date_signed = r.date_signed,
    latest_transaction_id = r.latest_transaction_id,
    earliest_transaction_id = r.earliest_transaction_id
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.transaction_count, a.total_obligation, a.total_subsidy_cost, a.total_loan_value, a.award_amount,
         a.generated_pragmatic_obligation, a.base_and_all_options_value, a.base_exercised_options_val,
         a.total_funding_amount, a.non_federal_funding_amount, a.total_indirect_federal_sharing,
         a.last_modified_date, a.action_date, a.fiscal_year, a.date_signed, a.latest_transaction_id,
         a.earliest_transaction_id)
      IS DISTINCT FROM
        (r.transaction_count, r.total_obligation, r.total_subsidy_cost, r.total_loan_value,
         CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
         r.generated_pragmatic_obligation, r.base_and_all_options_value, r.base_exercised_options_val,
         r.total_funding_amount, r.non_federal_funding_amount, r.total_indirect_federal_sharing,
         r.last_modified_date, r.action_date, fiscal_year_of(r.action_date), r.date_signed, r.latest_transaction_id,
         r.earliest_transaction_id);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_award_keyword_text(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  UPDATE award_search a SET transaction_keyword_text = w.text
  FROM (
    SELECT a.award_id, (
      SELECT string_agg(DISTINCT x.v COLLATE "C", E'\x1f' ORDER BY x.v COLLATE "C")
      FROM transaction_search t
      CROSS JOIN LATERAL unnest(ARRAY[t.piid, t.fain, t.uri, t.display_award_id, t.recipient_uei, t.recipient_unique_id, t.parent_uei,
        t.parent_recipient_unique_id, t.naics_code, t.product_or_service_code, t.recipient_name, t.parent_recipient_name,
        t.transaction_description, t.naics_description, t.product_or_service_description]) AS x(v)
      WHERE t.award_id = a.award_id AND x.v <> ''
        AND x.v <> ALL (ARRAY[coalesce(a.piid, ''), coalesce(a.fain, ''), coalesce(a.uri, ''), coalesce(a.display_award_id, ''),
          coalesce(a.recipient_uei, ''), coalesce(a.recipient_unique_id, ''), coalesce(a.parent_uei, ''),
          coalesce(a.parent_recipient_unique_id, ''), coalesce(a.naics_code, ''), coalesce(a.product_or_service_code, ''),
          coalesce(a.recipient_name, ''), coalesce(a.parent_recipient_name, ''), coalesce(a.description, ''),
          coalesce(a.naics_description, ''), coalesce(a.product_or_service_description, '')])
    ) AS text
    FROM award_search a
    WHERE NOT scoped OR a.award_id = ANY (scope)
  ) AS w
  WHERE a.award_id = w.award_id AND a.transaction_keyword_text IS DISTINCT FROM w.text;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_award_file_c(scoped boolean DEFAULT false, as_of date DEFAULT current_date) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  WITH tas AS (
    SELECT id, federal_account_id, tas_path, tas_component FROM treasury_account_search_path
  ), f AS (
    SELECT b.award_id, b.treasury_account_id, tas.federal_account_id, tas.tas_path, tas.tas_component,
      oc.object_class COLLATE "C" AS object_class, b.program_activity_id,
      pa.program_activity_code COLLATE "C" AS pa_code, pa.program_activity_name COLLATE "C" AS pa_name,
      b.disaster_emergency_fund_code COLLATE "C" AS defc, d.group_name,
      b.transaction_obligated_amount AS obligation,
      CASE WHEN s.is_final_balances_for_fy THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0)
        + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) END AS outlay
    FROM financial_accounts_by_awards b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    JOIN tas ON tas.id = b.treasury_account_id
    LEFT JOIN object_class oc ON oc.id = b.object_class_id
    LEFT JOIN ref_program_activity pa ON pa.id = b.program_activity_id
    LEFT JOIN disaster_emergency_fund_code d ON d.code = b.disaster_emergency_fund_code
    WHERE b.award_id IS NOT NULL
      AND (w.id IS NULL OR (w.submission_reveal_date AT TIME ZONE 'UTC')::date <= as_of)
      AND (NOT scoped OR b.award_id = ANY (scope))
  ), main AS (
    SELECT award_id,
      array_agg(DISTINCT treasury_account_id) AS treasury_account_identifiers,
      array_agg(DISTINCT federal_account_id) FILTER (WHERE federal_account_id IS NOT NULL) AS federal_account_ids,
      array_agg(DISTINCT tas_path) AS tas_paths,
      array_agg(DISTINCT tas_component) AS tas_components,
      array_agg(DISTINCT defc) FILTER (WHERE defc IS NOT NULL) AS disaster_emergency_fund_codes,
      sum(obligation) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_obligation,
      sum(outlay) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_outlay,
      sum(obligation) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_obligation,
      sum(outlay) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_outlay,
      array_agg(DISTINCT object_class) FILTER (WHERE object_class IS NOT NULL) AS object_classes,
      array_agg(DISTINCT program_activity_id) FILTER (WHERE program_activity_id IS NOT NULL) AS program_activity_ids,
      sum(outlay)::numeric(23, 2) AS total_outlays
    FROM f GROUP BY award_id
  ), per_defc AS (
    SELECT award_id, defc, coalesce(sum(obligation), 0)::numeric(23, 2) AS obligation, coalesce(sum(outlay), 0)::numeric(23, 2) AS outlay
    FROM f WHERE defc IS NOT NULL GROUP BY award_id, defc
  ), defc_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('defc', defc, 'obligation', obligation, 'outlay', outlay) ORDER BY defc) AS spending_by_defc
    FROM per_defc GROUP BY award_id
  ), pa_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('code', pa_code, 'name', pa_name) ORDER BY pa_code, pa_name) AS program_activities
    FROM (SELECT DISTINCT award_id, pa_code, pa_name FROM f WHERE pa_code IS NOT NULL) x GROUP BY award_id
  ), r AS (
    SELECT main.*, defc_json.spending_by_defc, pa_json.program_activities
    FROM main LEFT JOIN defc_json USING (award_id) LEFT JOIN pa_json USING (award_id)
  )
  UPDATE award_search a SET
    treasury_account_identifiers = r.treasury_account_identifiers,
    federal_account_ids = r.federal_account_ids,
    tas_paths = r.tas_paths,
    tas_components = r.tas_components,
    disaster_emergency_fund_codes = r.disaster_emergency_fund_codes,
    spending_by_defc = r.spending_by_defc,
    total_covid_obligation = r.total_covid_obligation,
    total_covid_outlay = r.total_covid_outlay,
    total_iija_obligation = r.total_iija_obligation,
    total_iija_outlay = r.total_iija_outlay,
    object_classes = r.object_classes,
    program_activity_ids = r.program_activity_ids,
    program_activities = r.program_activities,
    total_outlays = r.total_outlays
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.spending_by_defc, a.total_covid_obligation, a.total_covid_outlay,
         a.total_iija_obligation, a.total_iija_outlay, a.object_classes, a.program_activity_ids,
         a.program_activities, a.total_outlays)
      IS DISTINCT FROM
        (r.treasury_account_identifiers, r.federal_account_ids, r.tas_paths, r.tas_components,
         r.disaster_emergency_fund_codes, r.spending_by_defc, r.total_covid_obligation, r.total_covid_outlay,
         r.total_iija_obligation, r.total_iija_outlay, r.object_classes, r.program_activity_ids,
         r.program_activities, r.total_outlays);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_search_file_c(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  scope bigint[];
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
  UPDATE transaction_search t SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    federal_account_ids = a.federal_account_ids,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE t.award_id = a.award_id
    AND (NOT scoped OR a.award_id = ANY (scope))
    AND (t.treasury_account_identifiers, t.federal_account_ids, t.tas_paths, t.tas_components,
         t.disaster_emergency_fund_codes, t.object_classes, t.program_activity_ids, t.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE subaward_search s SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE s.award_id = a.award_id
    AND (NOT scoped OR a.award_id = ANY (scope))
    AND (s.treasury_account_identifiers, s.tas_paths, s.tas_components, s.disaster_emergency_fund_codes,
         s.object_classes, s.program_activity_ids, s.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.tas_paths, a.tas_components, a.disaster_emergency_fund_codes,
         a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

CREATE OR REPLACE FUNCTION derive_award_subawards(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
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
END $$;

-- Down Migration
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

CREATE OR REPLACE FUNCTION derive_award_rollups(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH t AS (
    SELECT award_id,
      count(*)::integer AS transaction_count,
      coalesce(sum(federal_action_obligation), 0)::numeric(23, 2) AS total_obligation,
      sum(original_loan_subsidy_cost)::numeric(23, 2) AS total_subsidy_cost,
      sum(face_value_loan_guarantee)::numeric(23, 2) AS total_loan_value,
      coalesce(sum(generated_pragmatic_obligation), 0)::numeric(23, 2) AS generated_pragmatic_obligation,
      sum(base_and_all_options_value)::numeric(23, 2) AS base_and_all_options_value,
      sum(base_exercised_options_val)::numeric(23, 2) AS base_exercised_options_val,
      sum(total_funding_amount)::numeric(23, 2) AS total_funding_amount,
      sum(non_federal_funding_amount)::numeric(23, 2) AS non_federal_funding_amount,
      sum(indirect_federal_sharing)::numeric(23, 2) AS total_indirect_federal_sharing,
      max(last_modified_date) AS last_modified_date,
      max((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS latest_key,
      min((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS earliest_key
    FROM transaction_search
    WHERE NOT scoped OR award_id IN (SELECT award_id FROM derive_scope)
    GROUP BY award_id
  ), r AS (
    SELECT t.*,
      split_part(latest_key, chr(1), 1)::date AS action_date,
      split_part(latest_key, chr(1), 4)::bigint AS latest_transaction_id,
      split_part(earliest_key, chr(1), 1)::date AS date_signed,
      split_part(earliest_key, chr(1), 4)::bigint AS earliest_transaction_id
    FROM t
  )
  UPDATE award_search a SET
    transaction_count = r.transaction_count,
    total_obligation = r.total_obligation,
    total_subsidy_cost = r.total_subsidy_cost,
    total_loan_value = r.total_loan_value,
    award_amount = CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
    generated_pragmatic_obligation = r.generated_pragmatic_obligation,
    base_and_all_options_value = r.base_and_all_options_value,
    base_exercised_options_val = r.base_exercised_options_val,
    total_funding_amount = r.total_funding_amount,
    non_federal_funding_amount = r.non_federal_funding_amount,
    total_indirect_federal_sharing = r.total_indirect_federal_sharing,
    last_modified_date = r.last_modified_date,
    action_date = r.action_date,
    fiscal_year = fiscal_year_of(r.action_date),
    date_signed = r.date_signed,
    latest_transaction_id = r.latest_transaction_id,
    earliest_transaction_id = r.earliest_transaction_id
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.transaction_count, a.total_obligation, a.total_subsidy_cost, a.total_loan_value, a.award_amount,
         a.generated_pragmatic_obligation, a.base_and_all_options_value, a.base_exercised_options_val,
         a.total_funding_amount, a.non_federal_funding_amount, a.total_indirect_federal_sharing,
         a.last_modified_date, a.action_date, a.fiscal_year, a.date_signed, a.latest_transaction_id,
         a.earliest_transaction_id)
      IS DISTINCT FROM
        (r.transaction_count, r.total_obligation, r.total_subsidy_cost, r.total_loan_value,
         CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
         r.generated_pragmatic_obligation, r.base_and_all_options_value, r.base_exercised_options_val,
         r.total_funding_amount, r.non_federal_funding_amount, r.total_indirect_federal_sharing,
         r.last_modified_date, r.action_date, fiscal_year_of(r.action_date), r.date_signed, r.latest_transaction_id,
         r.earliest_transaction_id);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_award_keyword_text(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE award_search a SET transaction_keyword_text = w.text
  FROM (
    SELECT a.award_id, (
      SELECT string_agg(DISTINCT x.v COLLATE "C", E'\x1f' ORDER BY x.v COLLATE "C")
      FROM transaction_search t
      CROSS JOIN LATERAL unnest(ARRAY[t.piid, t.fain, t.uri, t.display_award_id, t.recipient_uei, t.recipient_unique_id, t.parent_uei,
        t.parent_recipient_unique_id, t.naics_code, t.product_or_service_code, t.recipient_name, t.parent_recipient_name,
        t.transaction_description, t.naics_description, t.product_or_service_description]) AS x(v)
      WHERE t.award_id = a.award_id AND x.v <> ''
        AND x.v <> ALL (ARRAY[coalesce(a.piid, ''), coalesce(a.fain, ''), coalesce(a.uri, ''), coalesce(a.display_award_id, ''),
          coalesce(a.recipient_uei, ''), coalesce(a.recipient_unique_id, ''), coalesce(a.parent_uei, ''),
          coalesce(a.parent_recipient_unique_id, ''), coalesce(a.naics_code, ''), coalesce(a.product_or_service_code, ''),
          coalesce(a.recipient_name, ''), coalesce(a.parent_recipient_name, ''), coalesce(a.description, ''),
          coalesce(a.naics_description, ''), coalesce(a.product_or_service_description, '')])
    ) AS text
    FROM award_search a
    WHERE NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope)
  ) AS w
  WHERE a.award_id = w.award_id AND a.transaction_keyword_text IS DISTINCT FROM w.text;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_award_file_c(scoped boolean DEFAULT false, as_of date DEFAULT current_date) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH tas AS (
    SELECT id, federal_account_id, tas_path, tas_component FROM treasury_account_search_path
  ), f AS (
    SELECT b.award_id, b.treasury_account_id, tas.federal_account_id, tas.tas_path, tas.tas_component,
      oc.object_class COLLATE "C" AS object_class, b.program_activity_id,
      pa.program_activity_code COLLATE "C" AS pa_code, pa.program_activity_name COLLATE "C" AS pa_name,
      b.disaster_emergency_fund_code COLLATE "C" AS defc, d.group_name,
      b.transaction_obligated_amount AS obligation,
      CASE WHEN s.is_final_balances_for_fy THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0)
        + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) END AS outlay
    FROM financial_accounts_by_awards b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    JOIN tas ON tas.id = b.treasury_account_id
    LEFT JOIN object_class oc ON oc.id = b.object_class_id
    LEFT JOIN ref_program_activity pa ON pa.id = b.program_activity_id
    LEFT JOIN disaster_emergency_fund_code d ON d.code = b.disaster_emergency_fund_code
    WHERE b.award_id IS NOT NULL
      AND (w.id IS NULL OR (w.submission_reveal_date AT TIME ZONE 'UTC')::date <= as_of)
      AND (NOT scoped OR b.award_id IN (SELECT award_id FROM derive_scope))
  ), main AS (
    SELECT award_id,
      array_agg(DISTINCT treasury_account_id) AS treasury_account_identifiers,
      array_agg(DISTINCT federal_account_id) FILTER (WHERE federal_account_id IS NOT NULL) AS federal_account_ids,
      array_agg(DISTINCT tas_path) AS tas_paths,
      array_agg(DISTINCT tas_component) AS tas_components,
      array_agg(DISTINCT defc) FILTER (WHERE defc IS NOT NULL) AS disaster_emergency_fund_codes,
      sum(obligation) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_obligation,
      sum(outlay) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_outlay,
      sum(obligation) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_obligation,
      sum(outlay) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_outlay,
      array_agg(DISTINCT object_class) FILTER (WHERE object_class IS NOT NULL) AS object_classes,
      array_agg(DISTINCT program_activity_id) FILTER (WHERE program_activity_id IS NOT NULL) AS program_activity_ids,
      sum(outlay)::numeric(23, 2) AS total_outlays
    FROM f GROUP BY award_id
  ), per_defc AS (
    SELECT award_id, defc, coalesce(sum(obligation), 0)::numeric(23, 2) AS obligation, coalesce(sum(outlay), 0)::numeric(23, 2) AS outlay
    FROM f WHERE defc IS NOT NULL GROUP BY award_id, defc
  ), defc_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('defc', defc, 'obligation', obligation, 'outlay', outlay) ORDER BY defc) AS spending_by_defc
    FROM per_defc GROUP BY award_id
  ), pa_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('code', pa_code, 'name', pa_name) ORDER BY pa_code, pa_name) AS program_activities
    FROM (SELECT DISTINCT award_id, pa_code, pa_name FROM f WHERE pa_code IS NOT NULL) x GROUP BY award_id
  ), r AS (
    SELECT main.*, defc_json.spending_by_defc, pa_json.program_activities
    FROM main LEFT JOIN defc_json USING (award_id) LEFT JOIN pa_json USING (award_id)
  )
  UPDATE award_search a SET
    treasury_account_identifiers = r.treasury_account_identifiers,
    federal_account_ids = r.federal_account_ids,
    tas_paths = r.tas_paths,
    tas_components = r.tas_components,
    disaster_emergency_fund_codes = r.disaster_emergency_fund_codes,
    spending_by_defc = r.spending_by_defc,
    total_covid_obligation = r.total_covid_obligation,
    total_covid_outlay = r.total_covid_outlay,
    total_iija_obligation = r.total_iija_obligation,
    total_iija_outlay = r.total_iija_outlay,
    object_classes = r.object_classes,
    program_activity_ids = r.program_activity_ids,
    program_activities = r.program_activities,
    total_outlays = r.total_outlays
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.spending_by_defc, a.total_covid_obligation, a.total_covid_outlay,
         a.total_iija_obligation, a.total_iija_outlay, a.object_classes, a.program_activity_ids,
         a.program_activities, a.total_outlays)
      IS DISTINCT FROM
        (r.treasury_account_identifiers, r.federal_account_ids, r.tas_paths, r.tas_components,
         r.disaster_emergency_fund_codes, r.spending_by_defc, r.total_covid_obligation, r.total_covid_outlay,
         r.total_iija_obligation, r.total_iija_outlay, r.object_classes, r.program_activity_ids,
         r.program_activities, r.total_outlays);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION derive_search_file_c(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE transaction_search t SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    federal_account_ids = a.federal_account_ids,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE t.award_id = a.award_id
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND (t.treasury_account_identifiers, t.federal_account_ids, t.tas_paths, t.tas_components,
         t.disaster_emergency_fund_codes, t.object_classes, t.program_activity_ids, t.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE subaward_search s SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE s.award_id = a.award_id
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND (s.treasury_account_identifiers, s.tas_paths, s.tas_components, s.disaster_emergency_fund_codes,
         s.object_classes, s.program_activity_ids, s.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.tas_paths, a.tas_components, a.disaster_emergency_fund_codes,
         a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

CREATE OR REPLACE FUNCTION derive_award_subawards(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH s AS (
    SELECT award_id, count(*)::integer AS subaward_count, sum(subaward_amount)::numeric(23, 2) AS total_subaward_amount
    FROM subaward_search
    WHERE award_id IS NOT NULL AND (NOT scoped OR award_id IN (SELECT award_id FROM derive_scope))
    GROUP BY award_id
  )
  UPDATE award_search a SET subaward_count = s.subaward_count, total_subaward_amount = s.total_subaward_amount
  FROM s
  WHERE a.award_id = s.award_id
    AND (a.subaward_count, a.total_subaward_amount) IS DISTINCT FROM (s.subaward_count, s.total_subaward_amount);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE award_search a SET subaward_count = 0, total_subaward_amount = NULL
  WHERE (a.subaward_count <> 0 OR a.total_subaward_amount IS NOT NULL)
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND NOT EXISTS (SELECT 1 FROM subaward_search s WHERE s.award_id = a.award_id);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

-- Award columns derived from File C (financial_accounts_by_awards) rows of revealed submissions:
-- accounts, TAS paths, DEF codes, spending per DEF code, COVID-19 and IIJA totals, object classes, program
-- activities and total_outlays. Outlays count only rows of submissions that hold the final balances of their
-- fiscal year, as gross_outlay_amount_by_award_cpe + USSGL 487200 + USSGL 497200 (the CPE amounts are
-- fiscal-year-to-date). Awards without File C rows keep their values (an import carries them in the file).
CREATE OR REPLACE FUNCTION derive_award_file_c(scoped boolean DEFAULT false, as_of date DEFAULT CURRENT_DATE)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  -- (awards the importer wrote whole already hold what this step computes)
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope WHERE NOT whole ORDER BY award_id) END;
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
END $function$;

-- The DEF code by awarding agency and fiscal year summary (one row per code, unnested from the code arrays) for
-- [lo, hi), or all of it.
CREATE OR REPLACE FUNCTION refresh_search_summaries_defc_code(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET client_min_messages TO 'warning'
AS $function$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_defc_code_awarding_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_defc_code_awarding_fy']);
  END IF;
  INSERT INTO search_summary_txn_defc_code_awarding_fy
  SELECT f.action_date, ARRAY[u.code],
         f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation,
         sum(f.generated_pragmatic_obligation), sum(f.row_count)
  FROM search_summary_txn_defc_awarding_fy AS f
  CROSS JOIN LATERAL unnest(f.disaster_emergency_fund_codes) AS u(code)
  WHERE lo IS NULL OR (f.action_date >= lo AND f.action_date < hi)
  GROUP BY u.code, f.action_date,
           f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation
  ORDER BY u.code, f.action_date;
  PERFORM analyze_search_summaries('search_summary_txn_defc_code_awarding_fy');
END
$function$;

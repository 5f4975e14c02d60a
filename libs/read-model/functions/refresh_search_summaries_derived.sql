-- The tables built from other summaries for [lo, hi): DEF codes by month and by fiscal year step date, and
-- the rankings.
CREATE OR REPLACE FUNCTION refresh_search_summaries_derived(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '1GB'
 SET client_min_messages TO 'warning'
AS $function$
DECLARE
  enacted date[];
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_summary_txn_defc_month, search_summary_txn_defc_awarding_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_txn_defc_month', 'search_summary_txn_defc_awarding_fy']);
  END IF;

  -- The enactment dates the filter compiler uses (codes with a disaster group and a date).
  enacted := ARRAY(
    SELECT DISTINCT earliest_public_law_enactment_date FROM disaster_emergency_fund_code
    WHERE group_name IS NOT NULL AND earliest_public_law_enactment_date IS NOT NULL);

  INSERT INTO search_summary_txn_defc_month
  SELECT action_date, type, award_category, disaster_emergency_fund_codes, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month
  WHERE lo IS NULL OR (action_date >= lo AND action_date < hi)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2;

  -- Fiscal-year step dates from the monthly ones: the latest enactment date on or before a transaction's
  -- date is also the latest one on or before its month step date, so no second pass over the base table.
  INSERT INTO search_summary_txn_defc_awarding_fy
  SELECT greatest((date_trunc('year', action_date + interval '3 months') - interval '3 months')::date,
                  (SELECT max(e) FROM unnest(enacted) AS e WHERE e <= m.action_date)),
         type, award_category, disaster_emergency_fund_codes,
         awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code,
         awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code,
         awarding_subtier_agency_abbreviation, sum(generated_pragmatic_obligation), sum(row_count)
  FROM search_summary_txn_defc_awarding_month AS m
  WHERE lo IS NULL OR (m.action_date >= lo AND m.action_date < hi)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
  ORDER BY 1, 2;

  PERFORM analyze_search_summaries('search_summary_txn_defc_month', 'search_summary_txn_defc_awarding_fy');

  PERFORM refresh_search_rankings(lo, hi);
END
$function$;

-- The ranking tables (top recipients, accounts, agencies, counties, PSC per fiscal year and award type group)
-- for [lo, hi), or all of them, from the transaction summaries. Rows go in the order of the page indexes (date,
-- group, amount descending), so a slice's rows share pages: summing several slices reads them in a few pages
-- rather than one page per row (two fiscal years of recipients at bench scale: ~1,500 pages against 113k visits).
CREATE OR REPLACE FUNCTION fill_search_rankings(lo date DEFAULT NULL::date, hi date DEFAULT NULL::date)
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '1GB'
AS $function$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_ranking_recipient_fy, search_ranking_federal_account_fy, search_ranking_awarding_agency_fy,
      search_ranking_awarding_subagency_fy, search_ranking_funding_agency_fy, search_ranking_funding_subagency_fy,
      search_ranking_county_fy, search_ranking_psc_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_ranking_recipient_fy', 'search_ranking_federal_account_fy', 'search_ranking_awarding_agency_fy', 'search_ranking_awarding_subagency_fy', 'search_ranking_funding_agency_fy', 'search_ranking_funding_subagency_fy', 'search_ranking_county_fy', 'search_ranking_psc_fy']);
  END IF;
  INSERT INTO search_ranking_recipient_fy
  SELECT s.action_date, g.award_type_group, s.recipient_hash,
         CASE WHEN 'C' = ANY(s.recipient_levels) THEN 'C' WHEN 'P' = ANY(s.recipient_levels) THEN 'P'
              WHEN 'R' = ANY(s.recipient_levels) THEN 'R' END,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.recipient_name)
  FROM search_summary_txn_recipient_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.recipient_hash IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_federal_account_fy
  SELECT s.action_date, g.award_type_group, u.federal_account_id, coalesce(sum(s.generated_pragmatic_obligation), 0)
  FROM search_summary_txn_federal_account_fy AS s
  CROSS JOIN LATERAL unnest(s.federal_account_ids) AS u(federal_account_id)
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE u.federal_account_id IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_awarding_agency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_toptier_agency_name)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_toptier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_awarding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.awarding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.awarding_subtier_agency_name),
         max(s.awarding_subtier_agency_abbreviation), max(s.awarding_toptier_agency_name), max(s.awarding_toptier_agency_abbreviation)
  FROM search_summary_txn_awarding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.awarding_subtier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_funding_agency_fy
  SELECT s.action_date, g.award_type_group, s.funding_toptier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_toptier_agency_name)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_toptier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_funding_subagency_fy
  SELECT s.action_date, g.award_type_group, s.funding_subtier_agency_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.funding_subtier_agency_name),
         max(s.funding_subtier_agency_abbreviation), max(s.funding_toptier_agency_name), max(s.funding_toptier_agency_abbreviation)
  FROM search_summary_txn_funding_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.funding_subtier_agency_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_county_fy
  SELECT s.action_date, g.award_type_group, s.pop_state_code, s.pop_county_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.pop_state_fips), max(s.pop_county_name)
  FROM search_summary_txn_pop_county_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.pop_state_code IS NOT NULL AND s.pop_county_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  INSERT INTO search_ranking_psc_fy
  SELECT s.action_date, g.award_type_group, s.product_or_service_code,
         coalesce(sum(s.generated_pragmatic_obligation), 0), max(s.product_or_service_description)
  FROM search_summary_txn_psc_fy AS s
  CROSS JOIN LATERAL (
    SELECT 'all'::text UNION ALL SELECT m.award_type_group FROM search_award_type_group AS m WHERE m.type = s.type
  ) AS g(award_type_group)
  WHERE s.product_or_service_code IS NOT NULL AND (lo IS NULL OR (s.action_date >= lo AND s.action_date < hi))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, coalesce(sum(s.generated_pragmatic_obligation), 0) DESC;

  PERFORM analyze_search_summaries('search_ranking_recipient_fy', 'search_ranking_federal_account_fy', 'search_ranking_awarding_agency_fy',
    'search_ranking_awarding_subagency_fy', 'search_ranking_funding_agency_fy', 'search_ranking_funding_subagency_fy',
    'search_ranking_county_fy', 'search_ranking_psc_fy');
END
$function$;

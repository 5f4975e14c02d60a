-- The all-years slice of every ranking table: rows dated '-infinity' holding, per award type group and key, the
-- sums of the key's fiscal-year rows (their fallbacks are maxima, so the max of the years' maxima). Requests
-- without a time period read it (apps/search planner/ranking.ts). Rebuilt whole after any refresh that changed
-- a fiscal year: a fiscal-year refresh forgets and writes only its own dates.
CREATE OR REPLACE FUNCTION fill_search_rankings_all_years()
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '1GB'
AS $function$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('search_ranking_recipient_fy', 'recipient_hash, recipient_level', ARRAY['fallback_name']),
    ('search_ranking_federal_account_fy', 'federal_account_id', ARRAY[]::text[]),
    ('search_ranking_awarding_agency_fy', 'awarding_toptier_agency_code', ARRAY['fallback_name']),
    ('search_ranking_awarding_subagency_fy', 'awarding_subtier_agency_code', ARRAY['fallback_name', 'fallback_code', 'fallback_agency_name', 'fallback_agency_abbreviation']),
    ('search_ranking_funding_agency_fy', 'funding_toptier_agency_code', ARRAY['fallback_name']),
    ('search_ranking_funding_subagency_fy', 'funding_subtier_agency_code', ARRAY['fallback_name', 'fallback_code', 'fallback_agency_name', 'fallback_agency_abbreviation']),
    ('search_ranking_county_fy', 'pop_state_code, pop_county_code', ARRAY['fips', 'fallback_name']),
    ('search_ranking_psc_fy', 'product_or_service_code', ARRAY['fallback_name'])
  ) AS x(name, keys, fallbacks) LOOP
    EXECUTE format('DELETE FROM %I WHERE action_date = ''-infinity''', t.name);
    EXECUTE format(
      'INSERT INTO %1$I (action_date, award_type_group, %2$s, amount%3$s)
       SELECT ''-infinity''::date, award_type_group, %2$s, sum(amount)%4$s FROM %1$I
       WHERE action_date > ''-infinity'' GROUP BY award_type_group, %2$s ORDER BY award_type_group, sum(amount) DESC',
      t.name, t.keys,
      (SELECT coalesce(string_agg(', ' || quote_ident(f), ''), '') FROM unnest(t.fallbacks) AS f),
      (SELECT coalesce(string_agg(format(', max(%I)', f), ''), '') FROM unnest(t.fallbacks) AS f));
    PERFORM analyze_search_summaries(t.name::regclass);
  END LOOP;
END
$function$;

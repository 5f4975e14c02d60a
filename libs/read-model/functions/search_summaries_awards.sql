-- The award summaries of [lo, hi), everything without lo: the months from award_search, the fiscal years
-- from the months (a month lies in one fiscal year), so award_search is read once. work_mem: a fiscal year
-- is ~140k scattered awards at bench scale; with the default the bitmap goes lossy and the sort spills.
CREATE OR REPLACE FUNCTION search_summaries_awards(lo date, hi date)
 RETURNS void
 LANGUAGE plpgsql
 SET work_mem TO '1GB'
AS $function$
BEGIN
  IF lo IS NULL THEN
    TRUNCATE search_summary_award_fy, search_summary_award_month, search_summary_award_awarding_fy, search_summary_award_pop_state_fy,
      search_summary_award_naics_fy, search_summary_award_recipient_text_fy;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_award_fy', 'search_summary_award_month', 'search_summary_award_awarding_fy',
      'search_summary_award_pop_state_fy', 'search_summary_award_naics_fy', 'search_summary_award_recipient_text_fy']);
  END IF;
  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_fy
  SELECT fiscal_year_start_of(action_date), fiscal_year_start_of(date_signed), type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), sum(row_count)
  FROM search_summary_award_month WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  -- The award summaries by a common filter (migration 0170), in one more scan of the same rows: per fiscal
  -- year of action_date (lo and hi are fiscal year bounds), so a fiscal year's rows are forgotten by that date.
  DROP TABLE IF EXISTS search_summary_award_sets;
  CREATE TEMP TABLE search_summary_award_sets ON COMMIT DROP AS
  SELECT GROUPING(awarding_toptier_agency_name) AS g_awarding, GROUPING(pop_state_code) AS g_pop_state, GROUPING(naics_code) AS g_naics,
         GROUPING(recipient_name) AS g_recipient_text,
         action_fy, signed_fy, type, category, awarding_toptier_agency_name, pop_country_code, pop_state_code, naics_code,
         -- the key of the set's six values, hashed once per group rather than once per award
         CASE WHEN GROUPING(recipient_name) = 0 THEN recipient_text_key(recipient_name, parent_recipient_name, recipient_uei,
           recipient_unique_id, parent_uei, parent_recipient_unique_id) END AS recipient_text_key,
         recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
         sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, sum(total_outlays) AS total_outlays, count(*) AS row_count
  FROM (
    SELECT fiscal_year_start_of(action_date) AS action_fy, fiscal_year_start_of(date_signed) AS signed_fy, *
    FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi)
  ) AS a
  GROUP BY GROUPING SETS (
    (action_fy, signed_fy, type, category, awarding_toptier_agency_name),
    (action_fy, signed_fy, type, category, pop_country_code, pop_state_code),
    (action_fy, signed_fy, type, category, naics_code),
    -- the six values of the recipient text key (0192)
    (action_fy, signed_fy, type, category, recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id));
  INSERT INTO search_summary_award_awarding_fy
  SELECT action_fy, signed_fy, type, category, awarding_toptier_agency_name, generated_pragmatic_obligation, total_outlays, row_count
  FROM search_summary_award_sets WHERE g_awarding = 0 ORDER BY 1, 3;
  INSERT INTO search_summary_award_pop_state_fy
  SELECT action_fy, signed_fy, type, category, pop_country_code, pop_state_code, generated_pragmatic_obligation, total_outlays, row_count
  FROM search_summary_award_sets WHERE g_pop_state = 0 ORDER BY 1, 3;
  INSERT INTO search_summary_award_naics_fy
  SELECT action_fy, signed_fy, type, category, naics_code, generated_pragmatic_obligation, total_outlays, row_count
  FROM search_summary_award_sets WHERE g_naics = 0 ORDER BY 1, 3;
  INSERT INTO search_summary_award_recipient_text_fy
  SELECT action_fy, signed_fy, type, category, recipient_text_key, generated_pragmatic_obligation, total_outlays, row_count
  FROM search_summary_award_sets WHERE g_recipient_text = 0 ORDER BY 1, 3;
  INSERT INTO search_recipient_text (recipient_text_key, recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id)
  SELECT DISTINCT recipient_text_key, recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id
  FROM search_summary_award_sets WHERE g_recipient_text = 0
  ON CONFLICT (recipient_text_key) DO NOTHING;
  PERFORM analyze_search_summaries('search_summary_award_fy', 'search_summary_award_month', 'search_summary_award_awarding_fy',
    'search_summary_award_pop_state_fy', 'search_summary_award_naics_fy', 'search_summary_award_recipient_text_fy', 'search_recipient_text');
END
$function$;

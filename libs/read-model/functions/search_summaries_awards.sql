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
    TRUNCATE search_summary_award_fy, search_summary_award_month;
  ELSE
    PERFORM search_summaries_forget(lo, hi, ARRAY['search_summary_award_fy', 'search_summary_award_month']);
  END IF;
  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;

  INSERT INTO search_summary_award_fy
  SELECT fiscal_year_start_of(action_date), fiscal_year_start_of(date_signed), type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), sum(row_count)
  FROM search_summary_award_month WHERE lo IS NULL OR (action_date >= lo AND action_date < hi) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3;
  ANALYZE search_summary_award_fy, search_summary_award_month;
END
$function$;

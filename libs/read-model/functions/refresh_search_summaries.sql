-- The one refresh entry point (loader, generator, tests): brings every summary and ranking table up to date with
-- the search tables, choosing the cheapest correct way: nothing, merge the logged changed rows, rebuild the
-- changed fiscal years, or rebuild everything (see libs/read-model/README.md).
CREATE OR REPLACE FUNCTION refresh_search_summaries()
 RETURNS void
 LANGUAGE plpgsql
 SET client_min_messages TO 'warning'
AS $function$
DECLARE
  started timestamptz := clock_timestamp();
  state search_summary_state%ROWTYPE;
  recording boolean;
  year_rows numeric := 0;
  fy date;
  transaction_years date[];
  scope text;
  -- Whether some fiscal year's rankings were rewritten (their all-years slice is then rebuilt once, at the end).
  rankings_changed boolean := true;
  -- A bulk build writes the pair summaries on another connection meanwhile (refresh_search_summary_pairs): the
  -- summaries count as current only once that is done too, which the caller then records (see the end).
  pairs_apart boolean := coalesce(current_setting('usas.summary_pairs', true), '') = 'apart';
BEGIN
  -- Writers wait from here on, so the recorded years and rows are all there are until the refresh commits.
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT * INTO state FROM search_summary_state;
  recording := search_summary_recording();
  IF search_summary_full_rebuild_due() THEN
    scope := 'full';
    PERFORM refresh_search_summaries_main();
    PERFORM refresh_search_summaries_defc_code();
  ELSIF pairs_apart THEN
    RAISE EXCEPTION 'usas.summary_pairs = apart is for a full rebuild only (this one would be %)',
      CASE WHEN cardinality(state.dirty_fiscal_years) = 0 THEN 'none' ELSE 'partial' END;
  ELSIF cardinality(state.dirty_fiscal_years) = 0 THEN
    -- Statements ran but changed no row (a reload of the same data): the summaries are current.
    scope := 'none';
    rankings_changed := false;
    UPDATE search_summary_state SET base_version = (SELECT last_value FROM search_base_version), refreshed_at = clock_timestamp();
  ELSE
    IF state.delta_complete THEN
      SELECT coalesce(sum(row_count), 0) INTO year_rows FROM search_summary_txn_month
      WHERE fiscal_year_start_of(action_date) = ANY (state.dirty_fiscal_years);
    END IF;
    IF state.delta_complete AND state.delta_rows * 4 <= year_rows THEN
      scope := 'changed rows in fiscal years ' || array_to_string(state.dirty_fiscal_years, ', ');
      -- The tables built from transaction summaries change only in the fiscal years of the logged rows (an
      -- update of columns no summary reads logs none); the award summaries in those of award_search's rows.
      transaction_years := ARRAY(SELECT DISTINCT fiscal_year_start_of(action_date) FROM search_summary_txn_delta ORDER BY 1);
      -- A bounded share of rows changes: the tables keep their statistics (analyze_search_summaries).
      PERFORM set_config('usas.summary_statistics', 'kept', true);
      PERFORM refresh_search_summaries_changed_rows();
      -- With no transaction row in the log (only award_search changed), no ranking changed either.
      rankings_changed := cardinality(transaction_years) > 0;
      FOREACH fy IN ARRAY state.award_fiscal_years LOOP
        PERFORM search_summaries_awards(fy, (fy + interval '1 year')::date);
      END LOOP;
      FOREACH fy IN ARRAY transaction_years LOOP
        PERFORM refresh_search_summaries_derived(fy, (fy + interval '1 year')::date);
        PERFORM refresh_search_summaries_defc_code(fy, (fy + interval '1 year')::date);
      END LOOP;
    ELSE
      scope := 'fiscal years ' || array_to_string(state.dirty_fiscal_years, ', ');
      FOREACH fy IN ARRAY state.dirty_fiscal_years LOOP
        PERFORM refresh_search_summaries_main(fy, (fy + interval '1 year')::date);
        PERFORM refresh_search_summaries_defc_code(fy, (fy + interval '1 year')::date);
      END LOOP;
      -- The all-years companions of the filter pairs, from their fiscal-year tables as now written.
      PERFORM search_summary_write_pair_all_years(false);
    END IF;
  END IF;
  IF rankings_changed THEN
    PERFORM fill_search_rankings_all_years();
  END IF;
  PERFORM set_config('usas.summary_statistics', '', true);
  IF state.delta_rows > 0 THEN
    TRUNCATE search_summary_txn_delta;
  END IF;
  -- From here on every change is recorded and logged, if the triggers are on; if they are off, what is
  -- written before they are turned on is not, and the next refresh must be a full one. With the pair summaries
  -- written apart, it must be one too until the caller, with both done, clears dirty_all: a build cut off
  -- between the two leaves no summary claimed current that is not.
  UPDATE search_summary_state
  SET dirty_all = NOT recording OR pairs_apart, dirty_fiscal_years = '{}', award_fiscal_years = '{}', last_scope = scope, delta_rows = 0, delta_complete = recording,
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$function$;

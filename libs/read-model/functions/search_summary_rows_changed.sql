-- Row-set trigger of award_search and transaction_search: records the fiscal years a write touched (old and new
-- dates) and logs the summary columns of changed transaction rows, up to change_log_cap.
CREATE OR REPLACE FUNCTION search_summary_rows_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  years date[];
  undated boolean;
  state search_summary_state%ROWTYPE;
  n bigint;
  cap bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT fiscal_year_start_of(action_date)), bool_or(action_date IS NULL) INTO years, undated FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT fiscal_year_start_of(action_date)), bool_or(action_date IS NULL) INTO years, undated FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT fiscal_year_start_of(d)), bool_or(d IS NULL) INTO years, undated
    FROM (SELECT action_date FROM old_rows UNION ALL SELECT action_date FROM new_rows) AS c(d);
  END IF;
  IF undated THEN
    UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
  END IF;
  years := array_remove(years, NULL);
  IF cardinality(years) > 0 THEN
    UPDATE search_summary_state
    SET dirty_fiscal_years = ARRAY(SELECT DISTINCT y FROM unnest(dirty_fiscal_years || years) AS y ORDER BY 1)
    WHERE NOT dirty_fiscal_years @> years;
    IF TG_TABLE_NAME = 'award_search' THEN
      UPDATE search_summary_state
      SET award_fiscal_years = ARRAY(SELECT DISTINCT y FROM unnest(award_fiscal_years || years) AS y ORDER BY 1)
      WHERE NOT award_fiscal_years @> years;
    END IF;
  END IF;

  -- The changed rows of transaction_search, while the log is complete and a full refresh is not due anyway.
  IF TG_TABLE_NAME <> 'transaction_search' OR cardinality(years) IS NULL OR cardinality(years) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT * INTO state FROM search_summary_state;
  IF NOT state.delta_complete OR state.dirty_all THEN
    RETURN NULL;
  END IF;
  cap := change_log_cap();
  -- the rows of the statement (the log gets at most twice as many for an update, usually far fewer)
  EXECUTE format('SELECT count(*) FROM %I', CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END) INTO n;
  IF state.delta_rows + n > cap THEN
    UPDATE search_summary_state SET delta_complete = false;
    RETURN NULL;
  END IF;
  EXECUTE change_log_statement('search_summary_txn_delta', TG_OP);
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    UPDATE search_summary_state SET delta_rows = delta_rows + n, delta_complete = (delta_rows + n <= cap);
  END IF;
  RETURN NULL;
END
$function$;

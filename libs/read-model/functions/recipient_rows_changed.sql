-- Row-set trigger of the search tables: records the recipient hashes of the rows written (before and after),
-- and logs changed transaction rows for recipient_tx_summary. The hash columns to record are the trigger's
-- arguments.
CREATE OR REPLACE FUNCTION recipient_rows_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  hashes text := (SELECT string_agg(format('(%I)', c), ', ') FROM unnest(TG_ARGV) AS c);
  rows_table text;
  state recipient_derive_state%ROWTYPE;
  n bigint;
  cap bigint;
BEGIN
  FOREACH rows_table IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows']
                                         ELSE ARRAY['old_rows', 'new_rows'] END LOOP
    EXECUTE format('INSERT INTO recipient_derive_dirty (recipient_hash) SELECT DISTINCT h FROM %I CROSS JOIN LATERAL (VALUES %s) AS v(h) '
                   'WHERE h IS NOT NULL ON CONFLICT DO NOTHING', rows_table, hashes);
  END LOOP;

  -- The changed transaction rows, while the log is complete and the summary current.
  IF TG_TABLE_NAME <> 'transaction_search' THEN
    RETURN NULL;
  END IF;
  SELECT * INTO state FROM recipient_derive_state;
  IF state.dirty_all OR NOT state.tx_delta_complete OR state.tx_summary_as_of IS NULL THEN
    RETURN NULL;
  END IF;
  cap := change_log_cap();
  -- the rows of the statement (the log gets at most twice as many for an update, usually far fewer)
  EXECUTE format('SELECT count(*) FROM %I', CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END) INTO n;
  IF state.tx_delta_rows + n > cap THEN
    UPDATE recipient_derive_state SET tx_delta_complete = false;
    RETURN NULL;
  END IF;
  EXECUTE change_log_statement('recipient_tx_delta', TG_OP);
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    UPDATE recipient_derive_state SET tx_delta_rows = tx_delta_rows + n, tx_delta_complete = (tx_delta_rows + n <= cap);
  END IF;
  RETURN NULL;
END
$function$;

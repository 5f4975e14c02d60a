-- Up Migration
-- Partial recipient derives read the transactions that changed, not every transaction of the changed
-- recipients. A partial derive (0070) rebuilt the profiles of the recipient hashes a load wrote from all
-- the rows carrying those hashes. Recipients are Zipf-distributed: at bench scale a 1,000-row load touches
-- ~700 hashes, among them the busiest recipients and parents, whose rows are ~40% of transaction_search,
-- so the derive scanned the table (~25 s) to rebuild them.
--
-- The first step of the derive groups transactions by recipient, parent, their ids, award category and
-- whether the action date is in the last 12 months (of the derive's as_of day), with sums and counts. That
-- grouping is now kept: recipient_tx_summary holds it for every recipient, written by each full derive for
-- its as_of day (tx_summary_as_of). It is additive, so it is kept up like the search summaries (0072): the
-- recipient recording trigger on transaction_search also logs the summary's columns of the rows each
-- statement inserts, deletes or changes (recipient_tx_delta, signed; an update of other columns logs
-- nothing), and a partial derive merges the log into the summary, then reads the groups of the changed
-- hashes from it instead of from transaction_search.
--
-- The log is used only when it is complete: recording on since the last derive, no TRUNCATE (dirty_all),
-- the summary's day is the derive's, and the log stayed under a tenth of transaction_search's rows (at
-- least 10,000), past which it stops (change_log_statement and change_log_cap of 0072 write and bound both
-- logs). Otherwise a partial derive reads the transactions as before and replaces the summary's groups of
-- the changed hashes with what it read (no other group's transactions changed), so the next load can use
-- the log again. A full derive rewrites the summary. last_scope says
-- which source a partial derive used. The loader's test compares the result with a full derive.
--
-- A derive made while the recording triggers are off now leaves dirty_all set (it cleared it): rows
-- written after it and before the triggers are turned on again were recorded nowhere. (The data generator
-- derives with them off, so the first import after a generation derives every recipient once.)

CREATE TABLE recipient_tx_summary AS
SELECT recipient_hash, parent_recipient_hash, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  award_category AS category, true AS recent, 0::numeric AS amount, 0::bigint AS transactions
FROM transaction_search WITH NO DATA;
CREATE INDEX recipient_tx_summary_recipient_idx ON recipient_tx_summary (recipient_hash);
CREATE INDEX recipient_tx_summary_parent_idx ON recipient_tx_summary (parent_recipient_hash) WHERE parent_recipient_hash IS NOT NULL;

-- The partial derive's lookups of the changed hashes: each one's latest award as recipient and as parent,
-- latest subaward, and distinct names, by index (the rows of a busy recipient are ~40% of the table). The
-- first three replace the single-column indexes on the same hash, which they serve as well.
DROP INDEX award_search_recipient_hash_idx, award_search_parent_recipient_hash_idx, subaward_search_recipient_hash_idx;
CREATE INDEX award_search_recipient_hash_idx ON award_search (recipient_hash, action_date DESC NULLS LAST, award_id DESC);
CREATE INDEX award_search_parent_recipient_hash_idx ON award_search (parent_recipient_hash, action_date DESC NULLS LAST, award_id DESC);
CREATE INDEX subaward_search_recipient_hash_idx ON subaward_search (subaward_recipient_hash, sub_action_date DESC, broker_subaward_id DESC);
CREATE INDEX award_search_recipient_name_idx ON award_search (recipient_hash, recipient_name);

CREATE TABLE recipient_tx_delta AS
SELECT recipient_hash, parent_recipient_hash, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  award_category, action_date, generated_pragmatic_obligation, 1::smallint AS sign
FROM transaction_search WITH NO DATA;

ALTER TABLE recipient_derive_state
  -- the as_of day recipient_tx_summary was built for (NULL: not built)
  ADD COLUMN tx_summary_as_of date,
  -- rows in recipient_tx_delta, and whether it holds every transaction change since the last derive
  ADD COLUMN tx_delta_rows bigint NOT NULL DEFAULT 0,
  ADD COLUMN tx_delta_complete boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION recipient_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

  -- The changed transaction rows, while the log is complete and the summary current (0073).
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
$$;

CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean, scoped boolean) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  state recipient_derive_state%ROWTYPE;
  hs uuid[] := '{}';
  scope bigint[];
  partial boolean := false;
  from_log boolean := false;
  n bigint;
  m bigint;
BEGIN
  -- Writers wait from here on, so the recorded hashes are all the changes there are until this commits.
  LOCK TABLE award_search, transaction_search, subaward_search IN SHARE MODE;
  SELECT * INTO state FROM recipient_derive_state;
  IF scoped AND NOT state.dirty_all AND state.derived_as_of = as_of AND recipient_change_recording() THEN
    hs := ARRAY(SELECT recipient_hash FROM recipient_derive_dirty ORDER BY 1);
    partial := cardinality(hs) * 4 <= (SELECT count(*) FROM recipient_lookup);
  END IF;

  DROP TABLE IF EXISTS _recipient_tx;
  from_log := partial AND state.tx_summary_as_of = as_of AND state.tx_delta_complete AND recipient_change_recording();
  IF from_log THEN
    -- The logged changes, grouped as the summary is and signed, merged into it (merge_group_changes, 0072).
    DROP TABLE IF EXISTS _recipient_tx_change;
    CREATE TEMP TABLE _recipient_tx_change AS
    SELECT recipient_hash, parent_recipient_hash, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
      CASE WHEN award_category IN ('contract', 'idv') THEN 'contract'
           WHEN award_category IN ('grant', 'direct payment', 'loans') THEN award_category
           ELSE 'other' END AS category,
      action_date >= as_of - interval '1 year' AS recent,
      coalesce(sum(generated_pragmatic_obligation * sign), 0) AS amount,
      sum(sign)::bigint AS transactions
    FROM recipient_tx_delta
    WHERE recipient_hash IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
    ANALYZE _recipient_tx_change;
    PERFORM merge_group_changes('recipient_tx_summary', '_recipient_tx_change',
      ARRAY['recipient_hash', 'parent_recipient_hash', 'recipient_uei', 'recipient_unique_id', 'parent_uei', 'parent_recipient_unique_id', 'category', 'recent'],
      ARRAY['amount'], 'transactions', 'recipient_hash');
    DROP TABLE _recipient_tx_change;
    CREATE TEMP TABLE _recipient_tx AS
    SELECT * FROM recipient_tx_summary WHERE recipient_hash = ANY (hs) OR parent_recipient_hash = ANY (hs);
  ELSE
    CREATE TEMP TABLE _recipient_tx AS
    SELECT recipient_hash, parent_recipient_hash, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
      CASE WHEN award_category IN ('contract', 'idv') THEN 'contract'
           WHEN award_category IN ('grant', 'direct payment', 'loans') THEN award_category
           ELSE 'other' END AS category,
      action_date >= as_of - interval '1 year' AS recent,
      coalesce(sum(generated_pragmatic_obligation), 0) AS amount,
      count(*) AS transactions
    FROM transaction_search
    WHERE recipient_hash IS NOT NULL AND (NOT partial OR recipient_hash = ANY (hs) OR parent_recipient_hash = ANY (hs))
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
    -- The summary kept for the next loads: all of it after a full derive; after a partial one, the groups
    -- of the changed hashes (no other group's transactions changed), if it was current.
    IF NOT partial THEN
      TRUNCATE recipient_tx_summary;
      INSERT INTO recipient_tx_summary SELECT * FROM _recipient_tx ORDER BY recipient_hash;
      ANALYZE recipient_tx_summary;
    ELSIF state.tx_summary_as_of = as_of THEN
      DELETE FROM recipient_tx_summary WHERE recipient_hash = ANY (hs) OR parent_recipient_hash = ANY (hs);
      INSERT INTO recipient_tx_summary SELECT * FROM _recipient_tx;
    END IF;
  END IF;

  IF partial THEN
    DELETE FROM recipient_lookup WHERE recipient_hash = ANY (hs);
  ELSE
    TRUNCATE recipient_lookup RESTART IDENTITY;
  END IF;
  INSERT INTO recipient_lookup (recipient_hash, legal_business_name, duns, uei, parent_duns, parent_uei,
    parent_legal_business_name, address_line_1, city, state, zip5, country_code, congressional_district,
    business_categories, alternate_names, update_date)
  -- Each CTE has the full derive's form (one pass over the table, sorted) and a partial derive's (the
  -- changed hashes looked up in the indexes of this migration); only the one of the call runs.
  WITH RECURSIVE latest_of_all AS (
    SELECT DISTINCT ON (recipient_hash) recipient_hash, recipient_name, recipient_unique_id, recipient_uei,
      parent_recipient_unique_id, parent_uei, parent_recipient_name, recipient_location_address_line1,
      recipient_location_city_name, recipient_location_state_code, recipient_location_zip5,
      recipient_location_country_code, recipient_location_congressional_code, business_categories
    FROM award_search
    WHERE NOT partial AND recipient_hash IS NOT NULL
    ORDER BY recipient_hash, action_date DESC NULLS LAST, award_id DESC
  ), latest_of_changed AS (
    SELECT x.* FROM unnest(hs) AS h(recipient_hash)
    CROSS JOIN LATERAL (
      SELECT recipient_hash, recipient_name, recipient_unique_id, recipient_uei,
        parent_recipient_unique_id, parent_uei, parent_recipient_name, recipient_location_address_line1,
        recipient_location_city_name, recipient_location_state_code, recipient_location_zip5,
        recipient_location_country_code, recipient_location_congressional_code, business_categories
      FROM award_search a WHERE a.recipient_hash = h.recipient_hash
      ORDER BY a.action_date DESC NULLS LAST, a.award_id DESC LIMIT 1) AS x
    WHERE partial
  ), latest AS (
    SELECT * FROM latest_of_all UNION ALL SELECT * FROM latest_of_changed
  ), names_of_all AS (
    SELECT recipient_hash, array_agg(DISTINCT recipient_name COLLATE "C") AS names
    FROM award_search WHERE NOT partial AND recipient_hash IS NOT NULL AND recipient_name IS NOT NULL
    GROUP BY recipient_hash
  ), name_walk AS (
    -- the distinct names of each changed hash, one index probe each (a loose index scan)
    SELECT h.recipient_hash, (SELECT min(a.recipient_name) FROM award_search a WHERE a.recipient_hash = h.recipient_hash) AS name
    FROM unnest(hs) AS h(recipient_hash) WHERE partial
    UNION ALL
    SELECT w.recipient_hash, (SELECT min(a.recipient_name) FROM award_search a WHERE a.recipient_hash = w.recipient_hash AND a.recipient_name > w.name)
    FROM name_walk w WHERE w.name IS NOT NULL
  ), names AS (
    SELECT * FROM names_of_all
    UNION ALL
    SELECT recipient_hash, array_agg(name COLLATE "C") FROM name_walk WHERE name IS NOT NULL GROUP BY recipient_hash
  ), parents AS (
    (SELECT DISTINCT ON (parent_recipient_hash) parent_recipient_hash AS recipient_hash, parent_recipient_name,
      parent_uei, parent_recipient_unique_id
    FROM award_search
    WHERE NOT partial AND parent_recipient_hash IS NOT NULL
    ORDER BY parent_recipient_hash, action_date DESC NULLS LAST, award_id DESC)
    UNION ALL
    SELECT x.* FROM unnest(hs) AS h(recipient_hash)
    CROSS JOIN LATERAL (
      SELECT parent_recipient_hash AS recipient_hash, parent_recipient_name, parent_uei, parent_recipient_unique_id
      FROM award_search a WHERE a.parent_recipient_hash = h.recipient_hash
      ORDER BY a.action_date DESC NULLS LAST, a.award_id DESC LIMIT 1) AS x
    WHERE partial
  ), subs AS (
    (SELECT DISTINCT ON (subaward_recipient_hash) subaward_recipient_hash AS recipient_hash,
      sub_awardee_or_recipient_legal, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu,
      sub_ultimate_parent_uei, sub_ultimate_parent_legal_enti, sub_legal_entity_city_name,
      sub_legal_entity_state_code, sub_legal_entity_zip5, sub_legal_entity_country_code, sub_legal_entity_congressional
    FROM subaward_search
    WHERE NOT partial AND subaward_recipient_hash IS NOT NULL
    ORDER BY subaward_recipient_hash, sub_action_date DESC, broker_subaward_id DESC)
    UNION ALL
    SELECT x.* FROM unnest(hs) AS h(recipient_hash)
    CROSS JOIN LATERAL (
      SELECT subaward_recipient_hash AS recipient_hash,
        sub_awardee_or_recipient_legal, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu,
        sub_ultimate_parent_uei, sub_ultimate_parent_legal_enti, sub_legal_entity_city_name,
        sub_legal_entity_state_code, sub_legal_entity_zip5, sub_legal_entity_country_code, sub_legal_entity_congressional
      FROM subaward_search b WHERE b.subaward_recipient_hash = h.recipient_hash
      ORDER BY b.sub_action_date DESC, b.broker_subaward_id DESC LIMIT 1) AS x
    WHERE partial
  ), everyone AS (
    SELECT l.recipient_hash, l.recipient_name, l.recipient_unique_id, l.recipient_uei, l.parent_recipient_unique_id,
      l.parent_uei, l.parent_recipient_name, l.recipient_location_address_line1, l.recipient_location_city_name,
      l.recipient_location_state_code, l.recipient_location_zip5, l.recipient_location_country_code,
      l.recipient_location_congressional_code, l.business_categories,
      array(SELECT x FROM unnest(nm.names) x WHERE x IS DISTINCT FROM l.recipient_name ORDER BY x COLLATE "C") AS alternate_names
    FROM latest l LEFT JOIN names nm USING (recipient_hash)
    UNION ALL
    SELECT p.recipient_hash, p.parent_recipient_name, p.parent_recipient_unique_id, p.parent_uei, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, '{}'
    FROM parents p WHERE NOT EXISTS (SELECT 1 FROM latest l WHERE l.recipient_hash = p.recipient_hash)
    UNION ALL
    SELECT s.recipient_hash, s.sub_awardee_or_recipient_legal, s.sub_awardee_or_recipient_uniqu,
      s.sub_awardee_or_recipient_uei, NULL, s.sub_ultimate_parent_uei, s.sub_ultimate_parent_legal_enti, NULL,
      s.sub_legal_entity_city_name, s.sub_legal_entity_state_code, s.sub_legal_entity_zip5,
      s.sub_legal_entity_country_code, s.sub_legal_entity_congressional, NULL, '{}'
    FROM subs s
    WHERE NOT EXISTS (SELECT 1 FROM latest l WHERE l.recipient_hash = s.recipient_hash)
      AND NOT EXISTS (SELECT 1 FROM parents p WHERE p.recipient_hash = s.recipient_hash)
  )
  SELECT recipient_hash, recipient_name, recipient_unique_id, recipient_uei, parent_recipient_unique_id, parent_uei,
    parent_recipient_name, recipient_location_address_line1, recipient_location_city_name,
    recipient_location_state_code, recipient_location_zip5, recipient_location_country_code,
    recipient_location_congressional_code, business_categories, alternate_names, as_of::timestamptz
  FROM everyone
  ORDER BY recipient_hash;
  GET DIAGNOSTICS n = ROW_COUNT;

  DROP TABLE IF EXISTS _recipient_levels_before;
  CREATE TEMP TABLE _recipient_levels_before AS
  SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels
  FROM recipient_profile WHERE partial AND recipient_hash = ANY (hs) GROUP BY recipient_hash;
  IF partial THEN
    DELETE FROM recipient_profile WHERE recipient_hash = ANY (hs);
  ELSE
    TRUNCATE recipient_profile RESTART IDENTITY;
  END IF;
  INSERT INTO recipient_profile (recipient_hash, recipient_level, recipient_name, recipient_unique_id, uei, parent_uei,
    recipient_affiliations, award_types, last_12_months, last_12_contracts, last_12_grants, last_12_direct_payments,
    last_12_loans, last_12_other, last_12_months_count)
  WITH levels AS (
    SELECT recipient_hash, CASE WHEN parent_recipient_hash IS NOT NULL THEN 'C' ELSE 'R' END AS recipient_level,
      category, recent, amount, transactions
    FROM _recipient_tx
    UNION ALL
    SELECT parent_recipient_hash, 'P', category, recent, amount, transactions
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL
  ), sums AS (
    SELECT recipient_hash, recipient_level,
      coalesce(sum(amount) FILTER (WHERE recent), 0) AS last_12_months,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'contract'), 0) AS last_12_contracts,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'grant'), 0) AS last_12_grants,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'direct payment'), 0) AS last_12_direct_payments,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'loans'), 0) AS last_12_loans,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'other'), 0) AS last_12_other,
      coalesce(sum(transactions) FILTER (WHERE recent), 0) AS last_12_months_count,
      coalesce(array_agg(DISTINCT category COLLATE "C") FILTER (WHERE recent), '{}') AS award_types
    FROM levels GROUP BY recipient_hash, recipient_level
  ), children AS (
    SELECT parent_recipient_hash AS recipient_hash,
      array_agg(DISTINCT coalesce(recipient_uei, recipient_unique_id) COLLATE "C")
        FILTER (WHERE coalesce(recipient_uei, recipient_unique_id) IS NOT NULL) AS affiliations
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL GROUP BY parent_recipient_hash
  ), parents AS (
    SELECT recipient_hash,
      array_agg(DISTINCT coalesce(parent_uei, parent_recipient_unique_id) COLLATE "C")
        FILTER (WHERE coalesce(parent_uei, parent_recipient_unique_id) IS NOT NULL) AS affiliations
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL GROUP BY recipient_hash
  )
  SELECT s.recipient_hash, s.recipient_level, l.legal_business_name, l.duns, l.uei, l.parent_uei,
    coalesce(CASE s.recipient_level WHEN 'P' THEN c.affiliations WHEN 'C' THEN p.affiliations END, '{}'),
    s.award_types, s.last_12_months, s.last_12_contracts, s.last_12_grants, s.last_12_direct_payments,
    s.last_12_loans, s.last_12_other, s.last_12_months_count
  FROM sums s
  LEFT JOIN recipient_lookup l ON l.recipient_hash = s.recipient_hash
  LEFT JOIN children c ON c.recipient_hash = s.recipient_hash AND s.recipient_level = 'P'
  LEFT JOIN parents p ON p.recipient_hash = s.recipient_hash AND s.recipient_level = 'C'
  -- _recipient_tx of a partial derive also holds the other side of each changed hash's links
  WHERE NOT partial OR s.recipient_hash = ANY (hs)
  ORDER BY s.recipient_hash, s.recipient_level;
  GET DIAGNOSTICS m = ROW_COUNT;
  n := n + m;
  DROP TABLE _recipient_tx;

  IF update_levels THEN
    -- The levels each hash has now. A full derive checks every row against them. A partial one checks
    -- every row of the hashes whose levels changed, and the rows of the awards the load wrote
    -- (derive_scope); the other rows of a changed hash had the right levels, which did not change.
    -- (A busy recipient's rows are a large part of the table: reading them all is what this saves.)
    DROP TABLE IF EXISTS _recipient_levels;
    CREATE TEMP TABLE _recipient_levels AS
    SELECT recipient_hash, levels, NOT partial OR levels IS DISTINCT FROM (SELECT l.levels FROM _recipient_levels_before l WHERE l.recipient_hash = v.recipient_hash) AS changed
    FROM (SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels
          FROM recipient_profile WHERE NOT partial OR recipient_hash = ANY (hs) GROUP BY recipient_hash) v;
    ANALYZE _recipient_levels;
    PERFORM derive_ensure_scope();
    scope := CASE WHEN partial THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
    UPDATE award_search a SET recipient_levels = v.levels
    FROM _recipient_levels v
    WHERE v.changed AND a.recipient_hash = v.recipient_hash AND a.recipient_levels IS DISTINCT FROM v.levels;
    GET DIAGNOSTICS m = ROW_COUNT;
    n := n + m;
    UPDATE transaction_search t SET recipient_levels = v.levels
    FROM _recipient_levels v
    WHERE v.changed AND t.recipient_hash = v.recipient_hash AND t.recipient_levels IS DISTINCT FROM v.levels;
    GET DIAGNOSTICS m = ROW_COUNT;
    n := n + m;
    IF partial THEN
      UPDATE award_search a SET recipient_levels = v.levels
      FROM _recipient_levels v
      WHERE a.award_id = ANY (scope) AND a.recipient_hash = v.recipient_hash AND a.recipient_levels IS DISTINCT FROM v.levels;
      GET DIAGNOSTICS m = ROW_COUNT;
      n := n + m;
      UPDATE transaction_search t SET recipient_levels = v.levels
      FROM _recipient_levels v
      WHERE t.award_id = ANY (scope) AND t.recipient_hash = v.recipient_hash AND t.recipient_levels IS DISTINCT FROM v.levels;
      GET DIAGNOSTICS m = ROW_COUNT;
      n := n + m;
    END IF;
    DROP TABLE _recipient_levels;
  END IF;
  DROP TABLE _recipient_levels_before;

  -- Everything recorded is derived now (the level updates above recorded hashes of H again; they log no
  -- transaction changes: the levels are not a column of the summary).
  TRUNCATE recipient_derive_dirty;
  IF state.tx_delta_rows > 0 OR EXISTS (SELECT 1 FROM recipient_tx_delta) THEN
    TRUNCATE recipient_tx_delta;
  END IF;
  -- With the triggers off, rows written after this and before they are turned on are recorded nowhere: the
  -- next derive must be a full one.
  UPDATE recipient_derive_state
  SET dirty_all = NOT recipient_change_recording(), derived_as_of = CASE WHEN partial THEN derived_as_of ELSE as_of END,
      tx_summary_as_of = CASE WHEN NOT partial THEN as_of WHEN tx_summary_as_of = as_of THEN as_of END,
      tx_delta_rows = 0, tx_delta_complete = recipient_change_recording(),
      last_scope = CASE WHEN partial THEN cardinality(hs) || ' recipient hashes from ' || CASE WHEN from_log THEN 'changed rows' ELSE 'transactions' END
                        ELSE 'full' END,
      derived_at = clock_timestamp();
  RETURN n;
END $$;

-- Down Migration
-- The definitions of 0070.
DROP TABLE recipient_tx_summary, recipient_tx_delta;
DROP INDEX award_search_recipient_hash_idx, award_search_parent_recipient_hash_idx, subaward_search_recipient_hash_idx, award_search_recipient_name_idx;
CREATE INDEX award_search_recipient_hash_idx ON award_search (recipient_hash);
CREATE INDEX award_search_parent_recipient_hash_idx ON award_search (parent_recipient_hash);
CREATE INDEX subaward_search_recipient_hash_idx ON subaward_search (subaward_recipient_hash);
ALTER TABLE recipient_derive_state DROP COLUMN tx_summary_as_of, DROP COLUMN tx_delta_rows, DROP COLUMN tx_delta_complete;

CREATE OR REPLACE FUNCTION recipient_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hashes text := (SELECT string_agg(format('(%I)', c), ', ') FROM unnest(TG_ARGV) AS c);
  rows_table text;
BEGIN
  FOREACH rows_table IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows']
                                         ELSE ARRAY['old_rows', 'new_rows'] END LOOP
    EXECUTE format('INSERT INTO recipient_derive_dirty (recipient_hash) SELECT DISTINCT h FROM %I CROSS JOIN LATERAL (VALUES %s) AS v(h) '
                   'WHERE h IS NOT NULL ON CONFLICT DO NOTHING', rows_table, hashes);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean, scoped boolean) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  state recipient_derive_state%ROWTYPE;
  hs uuid[] := '{}';
  scope bigint[];
  partial boolean := false;
  n bigint;
  m bigint;
BEGIN
  -- Writers wait from here on, so the recorded hashes are all the changes there are until this commits.
  LOCK TABLE award_search, transaction_search, subaward_search IN SHARE MODE;
  SELECT * INTO state FROM recipient_derive_state;
  IF scoped AND NOT state.dirty_all AND state.derived_as_of = as_of AND recipient_change_recording() THEN
    hs := ARRAY(SELECT recipient_hash FROM recipient_derive_dirty ORDER BY 1);
    partial := cardinality(hs) * 4 <= (SELECT count(*) FROM recipient_lookup);
  END IF;

  DROP TABLE IF EXISTS _recipient_tx;
  CREATE TEMP TABLE _recipient_tx AS
  SELECT recipient_hash, parent_recipient_hash, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
    CASE WHEN award_category IN ('contract', 'idv') THEN 'contract'
         WHEN award_category IN ('grant', 'direct payment', 'loans') THEN award_category
         ELSE 'other' END AS category,
    action_date >= as_of - interval '1 year' AS recent,
    coalesce(sum(generated_pragmatic_obligation), 0) AS amount,
    count(*) AS transactions
  FROM transaction_search
  WHERE recipient_hash IS NOT NULL AND (NOT partial OR recipient_hash = ANY (hs) OR parent_recipient_hash = ANY (hs))
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  IF partial THEN
    DELETE FROM recipient_lookup WHERE recipient_hash = ANY (hs);
  ELSE
    TRUNCATE recipient_lookup RESTART IDENTITY;
  END IF;
  INSERT INTO recipient_lookup (recipient_hash, legal_business_name, duns, uei, parent_duns, parent_uei,
    parent_legal_business_name, address_line_1, city, state, zip5, country_code, congressional_district,
    business_categories, alternate_names, update_date)
  WITH latest AS (
    SELECT DISTINCT ON (recipient_hash) recipient_hash, recipient_name, recipient_unique_id, recipient_uei,
      parent_recipient_unique_id, parent_uei, parent_recipient_name, recipient_location_address_line1,
      recipient_location_city_name, recipient_location_state_code, recipient_location_zip5,
      recipient_location_country_code, recipient_location_congressional_code, business_categories
    FROM award_search
    WHERE recipient_hash IS NOT NULL AND (NOT partial OR recipient_hash = ANY (hs))
    ORDER BY recipient_hash, action_date DESC NULLS LAST, award_id DESC
  ), names AS (
    SELECT recipient_hash, array_agg(DISTINCT recipient_name COLLATE "C") AS names
    FROM award_search WHERE recipient_hash IS NOT NULL AND recipient_name IS NOT NULL AND (NOT partial OR recipient_hash = ANY (hs))
    GROUP BY recipient_hash
  ), parents AS (
    SELECT DISTINCT ON (parent_recipient_hash) parent_recipient_hash AS recipient_hash, parent_recipient_name,
      parent_uei, parent_recipient_unique_id
    FROM award_search
    WHERE parent_recipient_hash IS NOT NULL AND (NOT partial OR parent_recipient_hash = ANY (hs))
    ORDER BY parent_recipient_hash, action_date DESC NULLS LAST, award_id DESC
  ), subs AS (
    SELECT DISTINCT ON (subaward_recipient_hash) subaward_recipient_hash AS recipient_hash,
      sub_awardee_or_recipient_legal, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu,
      sub_ultimate_parent_uei, sub_ultimate_parent_legal_enti, sub_legal_entity_city_name,
      sub_legal_entity_state_code, sub_legal_entity_zip5, sub_legal_entity_country_code, sub_legal_entity_congressional
    FROM subaward_search
    WHERE subaward_recipient_hash IS NOT NULL AND (NOT partial OR subaward_recipient_hash = ANY (hs))
    ORDER BY subaward_recipient_hash, sub_action_date DESC, broker_subaward_id DESC
  ), everyone AS (
    SELECT l.recipient_hash, l.recipient_name, l.recipient_unique_id, l.recipient_uei, l.parent_recipient_unique_id,
      l.parent_uei, l.parent_recipient_name, l.recipient_location_address_line1, l.recipient_location_city_name,
      l.recipient_location_state_code, l.recipient_location_zip5, l.recipient_location_country_code,
      l.recipient_location_congressional_code, l.business_categories,
      array(SELECT x FROM unnest(nm.names) x WHERE x IS DISTINCT FROM l.recipient_name ORDER BY x COLLATE "C") AS alternate_names
    FROM latest l LEFT JOIN names nm USING (recipient_hash)
    UNION ALL
    SELECT p.recipient_hash, p.parent_recipient_name, p.parent_recipient_unique_id, p.parent_uei, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, '{}'
    FROM parents p WHERE NOT EXISTS (SELECT 1 FROM latest l WHERE l.recipient_hash = p.recipient_hash)
    UNION ALL
    SELECT s.recipient_hash, s.sub_awardee_or_recipient_legal, s.sub_awardee_or_recipient_uniqu,
      s.sub_awardee_or_recipient_uei, NULL, s.sub_ultimate_parent_uei, s.sub_ultimate_parent_legal_enti, NULL,
      s.sub_legal_entity_city_name, s.sub_legal_entity_state_code, s.sub_legal_entity_zip5,
      s.sub_legal_entity_country_code, s.sub_legal_entity_congressional, NULL, '{}'
    FROM subs s
    WHERE NOT EXISTS (SELECT 1 FROM latest l WHERE l.recipient_hash = s.recipient_hash)
      AND NOT EXISTS (SELECT 1 FROM parents p WHERE p.recipient_hash = s.recipient_hash)
  )
  SELECT recipient_hash, recipient_name, recipient_unique_id, recipient_uei, parent_recipient_unique_id, parent_uei,
    parent_recipient_name, recipient_location_address_line1, recipient_location_city_name,
    recipient_location_state_code, recipient_location_zip5, recipient_location_country_code,
    recipient_location_congressional_code, business_categories, alternate_names, as_of::timestamptz
  FROM everyone
  ORDER BY recipient_hash;
  GET DIAGNOSTICS n = ROW_COUNT;

  DROP TABLE IF EXISTS _recipient_levels_before;
  CREATE TEMP TABLE _recipient_levels_before AS
  SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels
  FROM recipient_profile WHERE partial AND recipient_hash = ANY (hs) GROUP BY recipient_hash;
  IF partial THEN
    DELETE FROM recipient_profile WHERE recipient_hash = ANY (hs);
  ELSE
    TRUNCATE recipient_profile RESTART IDENTITY;
  END IF;
  INSERT INTO recipient_profile (recipient_hash, recipient_level, recipient_name, recipient_unique_id, uei, parent_uei,
    recipient_affiliations, award_types, last_12_months, last_12_contracts, last_12_grants, last_12_direct_payments,
    last_12_loans, last_12_other, last_12_months_count)
  WITH levels AS (
    SELECT recipient_hash, CASE WHEN parent_recipient_hash IS NOT NULL THEN 'C' ELSE 'R' END AS recipient_level,
      category, recent, amount, transactions
    FROM _recipient_tx
    UNION ALL
    SELECT parent_recipient_hash, 'P', category, recent, amount, transactions
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL
  ), sums AS (
    SELECT recipient_hash, recipient_level,
      coalesce(sum(amount) FILTER (WHERE recent), 0) AS last_12_months,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'contract'), 0) AS last_12_contracts,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'grant'), 0) AS last_12_grants,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'direct payment'), 0) AS last_12_direct_payments,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'loans'), 0) AS last_12_loans,
      coalesce(sum(amount) FILTER (WHERE recent AND category = 'other'), 0) AS last_12_other,
      coalesce(sum(transactions) FILTER (WHERE recent), 0) AS last_12_months_count,
      coalesce(array_agg(DISTINCT category COLLATE "C") FILTER (WHERE recent), '{}') AS award_types
    FROM levels GROUP BY recipient_hash, recipient_level
  ), children AS (
    SELECT parent_recipient_hash AS recipient_hash,
      array_agg(DISTINCT coalesce(recipient_uei, recipient_unique_id) COLLATE "C")
        FILTER (WHERE coalesce(recipient_uei, recipient_unique_id) IS NOT NULL) AS affiliations
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL GROUP BY parent_recipient_hash
  ), parents AS (
    SELECT recipient_hash,
      array_agg(DISTINCT coalesce(parent_uei, parent_recipient_unique_id) COLLATE "C")
        FILTER (WHERE coalesce(parent_uei, parent_recipient_unique_id) IS NOT NULL) AS affiliations
    FROM _recipient_tx WHERE parent_recipient_hash IS NOT NULL GROUP BY recipient_hash
  )
  SELECT s.recipient_hash, s.recipient_level, l.legal_business_name, l.duns, l.uei, l.parent_uei,
    coalesce(CASE s.recipient_level WHEN 'P' THEN c.affiliations WHEN 'C' THEN p.affiliations END, '{}'),
    s.award_types, s.last_12_months, s.last_12_contracts, s.last_12_grants, s.last_12_direct_payments,
    s.last_12_loans, s.last_12_other, s.last_12_months_count
  FROM sums s
  LEFT JOIN recipient_lookup l ON l.recipient_hash = s.recipient_hash
  LEFT JOIN children c ON c.recipient_hash = s.recipient_hash AND s.recipient_level = 'P'
  LEFT JOIN parents p ON p.recipient_hash = s.recipient_hash AND s.recipient_level = 'C'
  -- _recipient_tx of a partial derive also holds the other side of each changed hash's links
  WHERE NOT partial OR s.recipient_hash = ANY (hs)
  ORDER BY s.recipient_hash, s.recipient_level;
  GET DIAGNOSTICS m = ROW_COUNT;
  n := n + m;
  DROP TABLE _recipient_tx;

  IF update_levels THEN
    -- The levels each hash has now. A full derive checks every row against them. A partial one checks
    -- every row of the hashes whose levels changed, and the rows of the awards the load wrote
    -- (derive_scope); the other rows of a changed hash had the right levels, which did not change.
    -- (A busy recipient's rows are a large part of the table: reading them all is what this saves.)
    DROP TABLE IF EXISTS _recipient_levels;
    CREATE TEMP TABLE _recipient_levels AS
    SELECT recipient_hash, levels, NOT partial OR levels IS DISTINCT FROM (SELECT l.levels FROM _recipient_levels_before l WHERE l.recipient_hash = v.recipient_hash) AS changed
    FROM (SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels
          FROM recipient_profile WHERE NOT partial OR recipient_hash = ANY (hs) GROUP BY recipient_hash) v;
    ANALYZE _recipient_levels;
    PERFORM derive_ensure_scope();
    scope := CASE WHEN partial THEN ARRAY(SELECT award_id FROM derive_scope ORDER BY award_id) END;
    UPDATE award_search a SET recipient_levels = v.levels
    FROM _recipient_levels v
    WHERE v.changed AND a.recipient_hash = v.recipient_hash AND a.recipient_levels IS DISTINCT FROM v.levels;
    GET DIAGNOSTICS m = ROW_COUNT;
    n := n + m;
    UPDATE transaction_search t SET recipient_levels = v.levels
    FROM _recipient_levels v
    WHERE v.changed AND t.recipient_hash = v.recipient_hash AND t.recipient_levels IS DISTINCT FROM v.levels;
    GET DIAGNOSTICS m = ROW_COUNT;
    n := n + m;
    IF partial THEN
      UPDATE award_search a SET recipient_levels = v.levels
      FROM _recipient_levels v
      WHERE a.award_id = ANY (scope) AND a.recipient_hash = v.recipient_hash AND a.recipient_levels IS DISTINCT FROM v.levels;
      GET DIAGNOSTICS m = ROW_COUNT;
      n := n + m;
      UPDATE transaction_search t SET recipient_levels = v.levels
      FROM _recipient_levels v
      WHERE t.award_id = ANY (scope) AND t.recipient_hash = v.recipient_hash AND t.recipient_levels IS DISTINCT FROM v.levels;
      GET DIAGNOSTICS m = ROW_COUNT;
      n := n + m;
    END IF;
    DROP TABLE _recipient_levels;
  END IF;
  DROP TABLE _recipient_levels_before;

  -- Everything recorded is derived now (the level updates above recorded hashes of H again).
  TRUNCATE recipient_derive_dirty;
  UPDATE recipient_derive_state
  SET dirty_all = false, derived_as_of = CASE WHEN partial THEN derived_as_of ELSE as_of END,
      last_scope = CASE WHEN partial THEN cardinality(hs) || ' recipient hashes' ELSE 'full' END, derived_at = clock_timestamp();
  RETURN n;
END $$;

-- Up Migration
-- Recipient profiles rebuilt only for the recipients a load changed. derive_recipients rebuilt
-- recipient_lookup and recipient_profile whole from every transaction (about 40 s at bench scale) after
-- any import, however small. The profile and lookup rows of one recipient hash depend only on the rows
-- that carry that hash as recipient, parent or subaward recipient; so a load that writes rows with hashes
-- H can rebuild the rows of H alone, provided H holds the hashes of the rows as they were before the load
-- as well as after it (a transaction moved from recipient A to B changes both).
--
-- Those hashes are recorded as the writes happen, by statement triggers with transition tables on
-- award_search, transaction_search and subaward_search (as migration 0065 records fiscal years for the
-- summaries), into recipient_derive_dirty. They run inside the writing transaction: a rolled-back load
-- records nothing. derive_recipients(as_of, update_levels, scoped => true) rebuilds only those hashes, and
-- falls back to the full rebuild when the record cannot be trusted or would not pay:
--   * never derived, or a TRUNCATE of a source table since (dirty_all);
--   * the "last 12 months" day differs from the last full derive's: every recipient's window moved;
--   * a recording trigger is disabled, or was disabled since the last derive (set_change_recording);
--   * the changed hashes are more than a quarter of all recipients.
-- Both ways give the same rows (the ids of rewritten rows aside), which the loader's tests check.

CREATE TABLE recipient_derive_state (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- the day the 12-month figures of the last full derive were computed for (NULL: never derived)
  derived_as_of    date,
  -- something changed that the recorded hashes do not describe: the next derive is a full one
  dirty_all        boolean NOT NULL DEFAULT true,
  -- 'full' or the number of hashes of the last derive, and when it ran
  last_scope       text,
  derived_at       timestamptz
);
INSERT INTO recipient_derive_state DEFAULT VALUES;

-- Recipient hashes of rows written since the last derive (old and new values, every role).
CREATE TABLE recipient_derive_dirty (recipient_hash uuid PRIMARY KEY);

-- The subaward recipients of a set of hashes (the lookup rows of recipients only seen in subawards).
CREATE INDEX subaward_search_recipient_hash_idx ON subaward_search (subaward_recipient_hash);

-- The hash columns to record are the trigger's arguments.
CREATE FUNCTION recipient_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE FUNCTION recipient_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  RETURN NULL;
END
$$;

-- Names end in _recipient_rows_<event> (set_change_recording and recipient_change_recording find them so).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('award_search', '''recipient_hash'', ''parent_recipient_hash'''),
                                 ('transaction_search', '''recipient_hash'', ''parent_recipient_hash'''),
                                 ('subaward_search', '''subaward_recipient_hash''')) AS x(relation, args) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed(%s)', t.relation || '_recipient_rows_inserted', t.relation, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed(%s)', t.relation || '_recipient_rows_updated', t.relation, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed(%s)', t.relation || '_recipient_rows_deleted', t.relation, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_truncated()',
                   t.relation || '_recipient_all_truncated', t.relation);
  END LOOP;
END
$$;

-- The recording triggers of both kinds (summary fiscal years, recipient hashes), off or on. The data
-- generator turns them off while it bulk-loads and rebuilds everything after. Turning them off marks both
-- records incomplete, so what is written meanwhile is never missed, even if they are turned on before
-- the next derive or refresh.
DROP FUNCTION set_search_summary_recording(boolean);
CREATE FUNCTION set_change_recording(enabled boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgrelid::regclass AS relation, tgname FROM pg_trigger
    WHERE tgname ~ '_(summary|recipient)_rows_(inserted|updated|deleted)$'
      AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', t.relation, CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END, t.tgname);
  END LOOP;
  IF NOT enabled THEN
    UPDATE search_summary_state SET dirty_all = true WHERE NOT dirty_all;
    UPDATE recipient_derive_state SET dirty_all = true WHERE NOT dirty_all;
  END IF;
END
$$;

CREATE FUNCTION recipient_change_recording() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT count(*) = 9 AND bool_and(tgenabled <> 'D') FROM pg_trigger
  WHERE tgname ~ '_recipient_rows_(inserted|updated|deleted)$'
    AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass, 'subaward_search'::regclass)
$$;

-- The derive of 0061 with the choice above. Each source query reads either everything or the rows of the
-- changed hashes (`NOT partial OR ... = ANY (hs)`: the plan made for the call keeps one side only).
CREATE FUNCTION derive_recipients(as_of date, update_levels boolean, scoped boolean) RETURNS bigint
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

-- The two-argument form (the data generator's) stays a full derive; the one-argument form calls it.
CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean) RETURNS bigint
LANGUAGE sql
RETURN derive_recipients(as_of, update_levels, false);

-- A scoped derive (an import) derives the recipients the way the recorded changes allow.
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
      WHEN 'award_keyword_text' THEN derive_award_keyword_text(scoped)
      WHEN 'award_file_c' THEN derive_award_file_c(scoped, as_of)
      WHEN 'search_file_c' THEN derive_search_file_c(scoped)
      WHEN 'award_subawards' THEN derive_award_subawards(scoped)
      WHEN 'recipients' THEN derive_recipients(as_of, true, scoped)
      ELSE derive_parent_award() END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $$;

-- Down Migration
-- The functions as 0061, 0064 and 0065 left them.
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
      WHEN 'award_keyword_text' THEN derive_award_keyword_text(scoped)
      WHEN 'award_file_c' THEN derive_award_file_c(scoped, as_of)
      WHEN 'search_file_c' THEN derive_search_file_c(scoped)
      WHEN 'award_subawards' THEN derive_award_subawards(scoped)
      WHEN 'recipients' THEN derive_recipients(as_of)
      ELSE derive_parent_award() END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $$;
CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
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
  WHERE recipient_hash IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

  TRUNCATE recipient_lookup RESTART IDENTITY;
  INSERT INTO recipient_lookup (recipient_hash, legal_business_name, duns, uei, parent_duns, parent_uei,
    parent_legal_business_name, address_line_1, city, state, zip5, country_code, congressional_district,
    business_categories, alternate_names, update_date)
  WITH latest AS (
    SELECT DISTINCT ON (recipient_hash) recipient_hash, recipient_name, recipient_unique_id, recipient_uei,
      parent_recipient_unique_id, parent_uei, parent_recipient_name, recipient_location_address_line1,
      recipient_location_city_name, recipient_location_state_code, recipient_location_zip5,
      recipient_location_country_code, recipient_location_congressional_code, business_categories
    FROM award_search
    WHERE recipient_hash IS NOT NULL
    ORDER BY recipient_hash, action_date DESC NULLS LAST, award_id DESC
  ), names AS (
    SELECT recipient_hash, array_agg(DISTINCT recipient_name COLLATE "C") AS names
    FROM award_search WHERE recipient_hash IS NOT NULL AND recipient_name IS NOT NULL
    GROUP BY recipient_hash
  ), parents AS (
    SELECT DISTINCT ON (parent_recipient_hash) parent_recipient_hash AS recipient_hash, parent_recipient_name,
      parent_uei, parent_recipient_unique_id
    FROM award_search
    WHERE parent_recipient_hash IS NOT NULL
    ORDER BY parent_recipient_hash, action_date DESC NULLS LAST, award_id DESC
  ), subs AS (
    SELECT DISTINCT ON (subaward_recipient_hash) subaward_recipient_hash AS recipient_hash,
      sub_awardee_or_recipient_legal, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu,
      sub_ultimate_parent_uei, sub_ultimate_parent_legal_enti, sub_legal_entity_city_name,
      sub_legal_entity_state_code, sub_legal_entity_zip5, sub_legal_entity_country_code, sub_legal_entity_congressional
    FROM subaward_search
    WHERE subaward_recipient_hash IS NOT NULL
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

  TRUNCATE recipient_profile RESTART IDENTITY;
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
  ORDER BY s.recipient_hash, s.recipient_level;
  GET DIAGNOSTICS m = ROW_COUNT;
  n := n + m;
  DROP TABLE _recipient_tx;
  IF NOT update_levels THEN
    RETURN n;
  END IF;

  DROP TABLE IF EXISTS _recipient_levels;
  CREATE TEMP TABLE _recipient_levels AS
  SELECT recipient_hash, array_agg(recipient_level::text ORDER BY recipient_level) AS levels
  FROM recipient_profile GROUP BY recipient_hash;
  ANALYZE _recipient_levels;
  UPDATE award_search a SET recipient_levels = v.levels
  FROM _recipient_levels v
  WHERE a.recipient_hash = v.recipient_hash AND a.recipient_levels IS DISTINCT FROM v.levels;
  GET DIAGNOSTICS m = ROW_COUNT;
  n := n + m;
  UPDATE transaction_search t SET recipient_levels = v.levels
  FROM _recipient_levels v
  WHERE t.recipient_hash = v.recipient_hash AND t.recipient_levels IS DISTINCT FROM v.levels;
  GET DIAGNOSTICS m = ROW_COUNT;
  DROP TABLE _recipient_levels;
  RETURN n + m;
END $$;
DROP FUNCTION derive_recipients(date, boolean, boolean);
DROP FUNCTION recipient_change_recording();
DROP FUNCTION set_change_recording(boolean);
CREATE FUNCTION set_search_summary_recording(enabled boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgrelid::regclass AS relation, tgname FROM pg_trigger
    WHERE tgname LIKE '%\_summary\_rows\_%' AND tgrelid IN ('award_search'::regclass, 'transaction_search'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', t.relation, CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END, t.tgname);
  END LOOP;
END
$$;
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['award_search', 'transaction_search', 'subaward_search'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', r || '_recipient_rows_inserted', r);
    EXECUTE format('DROP TRIGGER %I ON %I', r || '_recipient_rows_updated', r);
    EXECUTE format('DROP TRIGGER %I ON %I', r || '_recipient_rows_deleted', r);
    EXECUTE format('DROP TRIGGER %I ON %I', r || '_recipient_all_truncated', r);
  END LOOP;
END
$$;
DROP FUNCTION recipient_rows_changed(), recipient_rows_truncated();
DROP INDEX subaward_search_recipient_hash_idx;
DROP TABLE recipient_derive_dirty, recipient_derive_state;

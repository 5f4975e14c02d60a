-- recipient_lookup and recipient_profile (levels, 12-month totals, names) as of a day. Scoped: only the
-- recipients whose rows changed since the last derive (recipient_change_recording). The shorter forms are
-- full derives (the data generator's two-argument form; the one-argument form calls it) and come after the
-- full form: their SQL-standard bodies are parsed at creation.
-- work_mem: a full derive at bench scale sorts the latest award of each recipient in ~0.6 GB (with 512MB it wrote a
-- 0.5 GB temporary file).
CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean, scoped boolean)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '1GB'
AS $function$
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
    -- The logged changes, grouped as the summary is and signed, merged into it (functions/merge_group_changes.sql).
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
END $function$;

CREATE OR REPLACE FUNCTION derive_recipients(as_of date, update_levels boolean)
 RETURNS bigint
 LANGUAGE sql
RETURN derive_recipients(as_of, update_levels, false);

CREATE OR REPLACE FUNCTION derive_recipients(as_of date DEFAULT CURRENT_DATE)
 RETURNS bigint
 LANGUAGE sql
RETURN derive_recipients(as_of, true);

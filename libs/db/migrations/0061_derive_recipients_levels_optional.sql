-- Up Migration
-- derive_recipients can leave the recipient_levels of the award and transaction rows alone. After a
-- generation they are already right (the generator writes them; its test checks them against
-- recipient_profile), and without those two UPDATEs the step only reads the search tables, so the data
-- build runs it beside the index rebuild instead of after it. The one-argument form keeps its behaviour.
CREATE FUNCTION derive_recipients(as_of date, update_levels boolean) RETURNS bigint
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

DROP FUNCTION derive_recipients(date);
CREATE FUNCTION derive_recipients(as_of date DEFAULT current_date) RETURNS bigint
LANGUAGE sql
RETURN derive_recipients(as_of, true);

-- Down Migration
DROP FUNCTION derive_recipients(date);
DROP FUNCTION derive_recipients(date, boolean);
CREATE FUNCTION derive_recipients(as_of date DEFAULT current_date) RETURNS bigint
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
  DROP TABLE _recipient_tx;
  DROP TABLE _recipient_levels;
  RETURN n + m;
END $$;

-- Up Migration
-- Derived award data, rebuilt after every award data generation (tools/datagen) and import (tools/loader
-- awards). The rules live here, in SQL, so both tools run the very same code.
--
-- Every function is set-based and idempotent. Updates of the big tables are guarded with IS DISTINCT FROM:
-- a row whose derived values are already right is not rewritten, so re-deriving a consistent database (the
-- generator writes derived values itself) costs one read of the inputs and no writes.
--
-- `scoped = true` limits the award-level steps to the award ids in the session's temporary table
-- `derive_scope (award_id bigint primary key)`, which the caller fills (an import fills it with the awards
-- its files touched). `as_of` is the day the data is "current" on: the generator's today, or the load date.

-- Fiscal year of a date: FY N runs from October 1 of N-1 to September 30 of N.
CREATE FUNCTION fiscal_year_of(d date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN extract(year FROM d + interval '3 months')::integer;

-- Recipient hash: md5 of 'uei-<UEI>' if there is a UEI, else 'duns-<DUNS>', else 'name-<legal name>',
-- upper-cased, read as a UUID.
CREATE FUNCTION recipient_hash_of(uei text, duns text, legal_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN md5(upper(CASE WHEN uei IS NOT NULL THEN 'uei-' || uei
                      WHEN duns IS NOT NULL THEN 'duns-' || duns
                      ELSE 'name-' || coalesce(legal_name, '') END))::uuid;

-- Search keys of each Treasury account: tas_path (agency, federal account and TAS components, as the TAS
-- filter tree walks them) and tas_component (the TAS components alone).
CREATE VIEW treasury_account_search_path AS
SELECT taa.treasury_account_identifier AS id, taa.federal_account_id,
  ('agency=' || coalesce(tt.toptier_code, taa.agency_id) || 'faaid=' || coalesce(fa.agency_identifier, '')
    || 'famain=' || coalesce(fa.main_account_code, '') || 'aid=' || taa.agency_id || 'main=' || taa.main_account_code
    || 'ata=' || coalesce(taa.allocation_transfer_agency_id, '') || 'sub=' || coalesce(taa.sub_account_code, '')
    || 'bpoa=' || coalesce(taa.beginning_period_of_availability, '') || 'epoa=' || coalesce(taa.ending_period_of_availability, '')
    || 'a=' || coalesce(taa.availability_type_code, '')) COLLATE "C" AS tas_path,
  ('aid=' || taa.agency_id || 'main=' || taa.main_account_code || 'ata=' || coalesce(taa.allocation_transfer_agency_id, '')
    || 'sub=' || coalesce(taa.sub_account_code, '') || 'bpoa=' || coalesce(taa.beginning_period_of_availability, '')
    || 'epoa=' || coalesce(taa.ending_period_of_availability, '') || 'a=' || coalesce(taa.availability_type_code, '')) COLLATE "C" AS tas_component,
  taa.tas_rendering_label
FROM treasury_appropriation_account taa
LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
LEFT JOIN toptier_agency tt ON tt.toptier_agency_id = fa.parent_toptier_agency_id;

-- A `YYYY-MM-DD` text that is a real calendar date (imports check values before casting them).
CREATE FUNCTION is_iso_date(v text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN v ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
  THEN substr(v, 9, 2)::integer <= extract(day FROM make_date(substr(v, 1, 4)::integer, substr(v, 6, 2)::integer, 1) + interval '1 month - 1 day')
  ELSE false END;

-- The session table naming the awards of a scoped derivation (empty and unused when not scoped).
CREATE FUNCTION derive_ensure_scope() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.derive_scope') IS NULL THEN
    CREATE TEMP TABLE derive_scope (award_id bigint PRIMARY KEY);
  END IF;
END $$;

-- Parent links that only exist as keys (imports): IDV children to their parent IDV, subawards to their prime.
CREATE FUNCTION derive_award_links(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE award_search c SET parent_award_id = p.award_id
  FROM award_search p
  WHERE c.parent_generated_unique_award_id IS NOT NULL
    AND p.generated_unique_award_id = c.parent_generated_unique_award_id
    AND c.parent_award_id IS DISTINCT FROM p.award_id
    AND (NOT scoped OR c.award_id IN (SELECT award_id FROM derive_scope));
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE subaward_search s SET award_id = a.award_id
  FROM award_search a
  WHERE s.unique_award_key = a.generated_unique_award_id AND s.award_id IS DISTINCT FROM a.award_id;
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

-- Award totals, dates, counts and latest/earliest transaction from the award's transactions. Latest and
-- earliest order by (action_date, modification_number, transaction_unique_id), byte-wise; the three are
-- packed into one text key with chr(1) separators so that plain max()/min() find them in one pass.
-- Awards without transactions (an imported award summary alone) keep their values.
CREATE FUNCTION derive_award_rollups(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH t AS (
    SELECT award_id,
      count(*)::integer AS transaction_count,
      coalesce(sum(federal_action_obligation), 0)::numeric(23, 2) AS total_obligation,
      sum(original_loan_subsidy_cost)::numeric(23, 2) AS total_subsidy_cost,
      sum(face_value_loan_guarantee)::numeric(23, 2) AS total_loan_value,
      coalesce(sum(generated_pragmatic_obligation), 0)::numeric(23, 2) AS generated_pragmatic_obligation,
      sum(base_and_all_options_value)::numeric(23, 2) AS base_and_all_options_value,
      sum(base_exercised_options_val)::numeric(23, 2) AS base_exercised_options_val,
      sum(total_funding_amount)::numeric(23, 2) AS total_funding_amount,
      sum(non_federal_funding_amount)::numeric(23, 2) AS non_federal_funding_amount,
      sum(indirect_federal_sharing)::numeric(23, 2) AS total_indirect_federal_sharing,
      max(last_modified_date) AS last_modified_date,
      max((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS latest_key,
      min((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS earliest_key
    FROM transaction_search
    WHERE NOT scoped OR award_id IN (SELECT award_id FROM derive_scope)
    GROUP BY award_id
  ), r AS (
    SELECT t.*,
      split_part(latest_key, chr(1), 1)::date AS action_date,
      split_part(latest_key, chr(1), 4)::bigint AS latest_transaction_id,
      split_part(earliest_key, chr(1), 1)::date AS date_signed,
      split_part(earliest_key, chr(1), 4)::bigint AS earliest_transaction_id
    FROM t
  )
  UPDATE award_search a SET
    transaction_count = r.transaction_count,
    total_obligation = r.total_obligation,
    total_subsidy_cost = r.total_subsidy_cost,
    total_loan_value = r.total_loan_value,
    award_amount = CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
    generated_pragmatic_obligation = r.generated_pragmatic_obligation,
    base_and_all_options_value = r.base_and_all_options_value,
    base_exercised_options_val = r.base_exercised_options_val,
    total_funding_amount = r.total_funding_amount,
    non_federal_funding_amount = r.non_federal_funding_amount,
    total_indirect_federal_sharing = r.total_indirect_federal_sharing,
    last_modified_date = r.last_modified_date,
    action_date = r.action_date,
    fiscal_year = fiscal_year_of(r.action_date),
    date_signed = r.date_signed,
    latest_transaction_id = r.latest_transaction_id,
    earliest_transaction_id = r.earliest_transaction_id
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.transaction_count, a.total_obligation, a.total_subsidy_cost, a.total_loan_value, a.award_amount,
         a.generated_pragmatic_obligation, a.base_and_all_options_value, a.base_exercised_options_val,
         a.total_funding_amount, a.non_federal_funding_amount, a.total_indirect_federal_sharing,
         a.last_modified_date, a.action_date, a.fiscal_year, a.date_signed, a.latest_transaction_id,
         a.earliest_transaction_id)
      IS DISTINCT FROM
        (r.transaction_count, r.total_obligation, r.total_subsidy_cost, r.total_loan_value,
         CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
         r.generated_pragmatic_obligation, r.base_and_all_options_value, r.base_exercised_options_val,
         r.total_funding_amount, r.non_federal_funding_amount, r.total_indirect_federal_sharing,
         r.last_modified_date, r.action_date, fiscal_year_of(r.action_date), r.date_signed, r.latest_transaction_id,
         r.earliest_transaction_id);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- Award columns derived from File C (financial_accounts_by_awards) rows of revealed submissions:
-- accounts, TAS paths, DEF codes, spending per DEF code, COVID-19 and IIJA totals, object classes, program
-- activities and total_outlays. Outlays count only rows of submissions that hold the final balances of their
-- fiscal year, as gross_outlay_amount_by_award_cpe + USSGL 487200 + USSGL 497200 (the CPE amounts are
-- fiscal-year-to-date). Awards without File C rows keep their values (an import carries them in the file).
CREATE FUNCTION derive_award_file_c(scoped boolean DEFAULT false, as_of date DEFAULT current_date) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH tas AS (
    SELECT id, federal_account_id, tas_path, tas_component FROM treasury_account_search_path
  ), f AS (
    SELECT b.award_id, b.treasury_account_id, tas.federal_account_id, tas.tas_path, tas.tas_component,
      oc.object_class COLLATE "C" AS object_class, b.program_activity_id,
      pa.program_activity_code COLLATE "C" AS pa_code, pa.program_activity_name COLLATE "C" AS pa_name,
      b.disaster_emergency_fund_code COLLATE "C" AS defc, d.group_name,
      b.transaction_obligated_amount AS obligation,
      CASE WHEN s.is_final_balances_for_fy THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0)
        + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) END AS outlay
    FROM financial_accounts_by_awards b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    JOIN tas ON tas.id = b.treasury_account_id
    LEFT JOIN object_class oc ON oc.id = b.object_class_id
    LEFT JOIN ref_program_activity pa ON pa.id = b.program_activity_id
    LEFT JOIN disaster_emergency_fund_code d ON d.code = b.disaster_emergency_fund_code
    WHERE b.award_id IS NOT NULL
      AND (w.id IS NULL OR (w.submission_reveal_date AT TIME ZONE 'UTC')::date <= as_of)
      AND (NOT scoped OR b.award_id IN (SELECT award_id FROM derive_scope))
  ), main AS (
    SELECT award_id,
      array_agg(DISTINCT treasury_account_id) AS treasury_account_identifiers,
      array_agg(DISTINCT federal_account_id) FILTER (WHERE federal_account_id IS NOT NULL) AS federal_account_ids,
      array_agg(DISTINCT tas_path) AS tas_paths,
      array_agg(DISTINCT tas_component) AS tas_components,
      array_agg(DISTINCT defc) FILTER (WHERE defc IS NOT NULL) AS disaster_emergency_fund_codes,
      sum(obligation) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_obligation,
      sum(outlay) FILTER (WHERE group_name = 'covid_19')::numeric(23, 2) AS total_covid_outlay,
      sum(obligation) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_obligation,
      sum(outlay) FILTER (WHERE group_name = 'infrastructure')::numeric(23, 2) AS total_iija_outlay,
      array_agg(DISTINCT object_class) FILTER (WHERE object_class IS NOT NULL) AS object_classes,
      array_agg(DISTINCT program_activity_id) FILTER (WHERE program_activity_id IS NOT NULL) AS program_activity_ids,
      sum(outlay)::numeric(23, 2) AS total_outlays
    FROM f GROUP BY award_id
  ), per_defc AS (
    SELECT award_id, defc, coalesce(sum(obligation), 0)::numeric(23, 2) AS obligation, coalesce(sum(outlay), 0)::numeric(23, 2) AS outlay
    FROM f WHERE defc IS NOT NULL GROUP BY award_id, defc
  ), defc_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('defc', defc, 'obligation', obligation, 'outlay', outlay) ORDER BY defc) AS spending_by_defc
    FROM per_defc GROUP BY award_id
  ), pa_json AS (
    SELECT award_id, jsonb_agg(jsonb_build_object('code', pa_code, 'name', pa_name) ORDER BY pa_code, pa_name) AS program_activities
    FROM (SELECT DISTINCT award_id, pa_code, pa_name FROM f WHERE pa_code IS NOT NULL) x GROUP BY award_id
  ), r AS (
    SELECT main.*, defc_json.spending_by_defc, pa_json.program_activities
    FROM main LEFT JOIN defc_json USING (award_id) LEFT JOIN pa_json USING (award_id)
  )
  UPDATE award_search a SET
    treasury_account_identifiers = r.treasury_account_identifiers,
    federal_account_ids = r.federal_account_ids,
    tas_paths = r.tas_paths,
    tas_components = r.tas_components,
    disaster_emergency_fund_codes = r.disaster_emergency_fund_codes,
    spending_by_defc = r.spending_by_defc,
    total_covid_obligation = r.total_covid_obligation,
    total_covid_outlay = r.total_covid_outlay,
    total_iija_obligation = r.total_iija_obligation,
    total_iija_outlay = r.total_iija_outlay,
    object_classes = r.object_classes,
    program_activity_ids = r.program_activity_ids,
    program_activities = r.program_activities,
    total_outlays = r.total_outlays
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.spending_by_defc, a.total_covid_obligation, a.total_covid_outlay,
         a.total_iija_obligation, a.total_iija_outlay, a.object_classes, a.program_activity_ids,
         a.program_activities, a.total_outlays)
      IS DISTINCT FROM
        (r.treasury_account_identifiers, r.federal_account_ids, r.tas_paths, r.tas_components,
         r.disaster_emergency_fund_codes, r.spending_by_defc, r.total_covid_obligation, r.total_covid_outlay,
         r.total_iija_obligation, r.total_iija_outlay, r.object_classes, r.program_activity_ids,
         r.program_activities, r.total_outlays);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- Copies the award-level File C columns onto the award's transactions and subawards (the search tables
-- filter on them at every level). The generator writes them consistently and skips this step.
CREATE FUNCTION derive_search_file_c(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE transaction_search t SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    federal_account_ids = a.federal_account_ids,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE t.award_id = a.award_id
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND (t.treasury_account_identifiers, t.federal_account_ids, t.tas_paths, t.tas_components,
         t.disaster_emergency_fund_codes, t.object_classes, t.program_activity_ids, t.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.federal_account_ids, a.tas_paths, a.tas_components,
         a.disaster_emergency_fund_codes, a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE subaward_search s SET
    treasury_account_identifiers = a.treasury_account_identifiers,
    tas_paths = a.tas_paths,
    tas_components = a.tas_components,
    disaster_emergency_fund_codes = a.disaster_emergency_fund_codes,
    object_classes = a.object_classes,
    program_activity_ids = a.program_activity_ids,
    program_activities = a.program_activities
  FROM award_search a
  WHERE s.award_id = a.award_id
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND (s.treasury_account_identifiers, s.tas_paths, s.tas_components, s.disaster_emergency_fund_codes,
         s.object_classes, s.program_activity_ids, s.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.tas_paths, a.tas_components, a.disaster_emergency_fund_codes,
         a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

-- Subaward count and total per prime award.
CREATE FUNCTION derive_award_subawards(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  WITH s AS (
    SELECT award_id, count(*)::integer AS subaward_count, sum(subaward_amount)::numeric(23, 2) AS total_subaward_amount
    FROM subaward_search
    WHERE award_id IS NOT NULL AND (NOT scoped OR award_id IN (SELECT award_id FROM derive_scope))
    GROUP BY award_id
  )
  UPDATE award_search a SET subaward_count = s.subaward_count, total_subaward_amount = s.total_subaward_amount
  FROM s
  WHERE a.award_id = s.award_id
    AND (a.subaward_count, a.total_subaward_amount) IS DISTINCT FROM (s.subaward_count, s.total_subaward_amount);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE award_search a SET subaward_count = 0, total_subaward_amount = NULL
  WHERE (a.subaward_count <> 0 OR a.total_subaward_amount IS NOT NULL)
    AND (NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope))
    AND NOT EXISTS (SELECT 1 FROM subaward_search s WHERE s.award_id = a.award_id);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

-- recipient_lookup (one row per recipient hash: the latest award's name, ids, parent and address, other
-- names seen, business categories) and recipient_profile (one row per hash and level). Levels follow the
-- transactions: a transaction whose recipient has a parent makes a C row for the recipient and a P row for
-- the parent; one without a parent makes an R row. last_12_* sum generated_pragmatic_obligation of
-- transactions dated within one year before as_of, by category (contract includes IDVs; insurance, other
-- and unspecified types count as other); award_types lists those categories. Affiliations: a parent lists
-- its children's UEIs (DUNS when no UEI), a child its parents'. Finally award and transaction rows get
-- the sorted levels of their recipient (recipient_levels).
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

-- IDV tree rollups (parent_award), as upstream: one row per IDV; direct counts of child IDVs and child
-- contracts and the child contracts' dollars (IDVs' own dollars are not rolled up); rollup values add the
-- direct values of child IDVs (trees are at most IDV -> IDV -> contract deep).
CREATE FUNCTION derive_parent_award() RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  TRUNCATE parent_award;
  INSERT INTO parent_award (award_id, generated_unique_award_id, parent_award_id)
  SELECT c.award_id, c.generated_unique_award_id, p.award_id
  FROM award_search c
  LEFT JOIN award_search p ON p.award_id = c.parent_award_id AND p.type LIKE 'IDV%' AND p.award_id <> c.award_id
  WHERE c.type LIKE 'IDV%'
  ORDER BY c.award_id;
  GET DIAGNOSTICS n = ROW_COUNT;

  WITH d AS (
    SELECT c.parent_award_id AS award_id,
      count(*) FILTER (WHERE c.type LIKE 'IDV%')::integer AS idv_count,
      count(*) FILTER (WHERE c.type NOT LIKE 'IDV%')::integer AS contract_count,
      coalesce(sum(c.total_obligation) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS obligation,
      coalesce(sum(c.base_and_all_options_value) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS all_options,
      coalesce(sum(c.base_exercised_options_val) FILTER (WHERE c.type NOT LIKE 'IDV%'), 0)::numeric(23, 2) AS exercised
    FROM award_search c
    WHERE c.parent_award_id IS NOT NULL AND c.parent_award_id <> c.award_id
    GROUP BY c.parent_award_id
  )
  UPDATE parent_award p SET
    direct_idv_count = d.idv_count, direct_contract_count = d.contract_count,
    direct_total_obligation = d.obligation, direct_base_and_all_options_value = d.all_options,
    direct_base_exercised_options_val = d.exercised,
    rollup_idv_count = d.idv_count, rollup_contract_count = d.contract_count,
    rollup_total_obligation = d.obligation, rollup_base_and_all_options_value = d.all_options,
    rollup_base_exercised_options_val = d.exercised
  FROM d WHERE p.award_id = d.award_id;

  WITH t AS (
    SELECT parent_award_id AS award_id,
      sum(direct_idv_count)::integer AS idv_count, sum(direct_contract_count)::integer AS contract_count,
      sum(direct_total_obligation) AS obligation, sum(direct_base_and_all_options_value) AS all_options,
      sum(direct_base_exercised_options_val) AS exercised
    FROM parent_award WHERE parent_award_id IS NOT NULL GROUP BY parent_award_id
  )
  UPDATE parent_award p SET
    rollup_idv_count = p.direct_idv_count + t.idv_count,
    rollup_contract_count = p.direct_contract_count + t.contract_count,
    rollup_total_obligation = p.direct_total_obligation + t.obligation,
    rollup_base_and_all_options_value = p.direct_base_and_all_options_value + t.all_options,
    rollup_base_exercised_options_val = p.direct_base_exercised_options_val + t.exercised
  FROM t WHERE p.award_id = t.award_id;
  RETURN n;
END $$;

-- Every step in order, timed. `scoped` derivations (imports) also copy the File C columns onto the
-- scoped awards' transactions and subawards; full ones after generation skip that (already consistent).
CREATE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
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

-- Down Migration
DROP FUNCTION derive_award_data(boolean, date);
DROP FUNCTION derive_parent_award();
DROP FUNCTION derive_recipients(date);
DROP FUNCTION derive_award_subawards(boolean);
DROP FUNCTION derive_search_file_c(boolean);
DROP FUNCTION derive_award_file_c(boolean, date);
DROP FUNCTION derive_award_rollups(boolean);
DROP FUNCTION derive_award_links(boolean);
DROP FUNCTION derive_ensure_scope();
DROP FUNCTION is_iso_date(text);
DROP VIEW treasury_account_search_path;
DROP FUNCTION recipient_hash_of(text, text, text);
DROP FUNCTION fiscal_year_of(date);

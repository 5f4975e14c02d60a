-- Rebuilds the disaster summaries (disaster_award_row, disaster_code_set, disaster_award_rollup, disaster_account_balance,
-- disaster_gtas_balance, disaster_account_rollup) when a write to their source tables marked them stale or a submission window was revealed
-- since the last build; the disaster endpoints of apps/search call it before reading. Submissions counted (as the endpoints counted them per request):
-- windows revealed by now from FY2020 P7 on; per agency and period the latest certified/published submission;
-- `is_latest` where its period is the latest revealed one of its fiscal year and cadence (fiscal-year-to-date
-- balances: outlays and File B sums are taken from those only). Returns whether it rebuilt. A rebuild takes seconds
-- on large data: callers run it with the interactive statement timeout lifted (see apps/search freshDefCodes).
-- Its sorts and groupings hold up to ~3M rows at bench scale: work_mem is raised for it (one rebuild runs at a time).
CREATE OR REPLACE FUNCTION refresh_disaster_summaries() RETURNS boolean LANGUAGE plpgsql
SET work_mem TO '512MB'
AS $$
DECLARE
  geo record;
BEGIN
  IF NOT (SELECT stale OR coalesce(valid_until <= now(), false) FROM disaster_summary_state WHERE id = 1) THEN RETURN false; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('refresh_disaster_summaries'));
  -- another session may have rebuilt while this one waited for the lock
  IF NOT (SELECT stale OR coalesce(valid_until <= now(), false) FROM disaster_summary_state WHERE id = 1) THEN RETURN false; END IF;
  -- cleared first: a write committed while this runs marks the summaries stale again
  UPDATE disaster_summary_state SET stale = false,
    valid_until = (SELECT min(submission_reveal_date) FROM dabs_submission_window_schedule WHERE submission_reveal_date > now())
  WHERE id = 1;

  CREATE TEMP TABLE disaster_submission_tmp ON COMMIT DROP AS
  WITH w AS (
    SELECT submission_fiscal_year AS fiscal_year, submission_fiscal_month AS fiscal_period, is_quarter
    FROM dabs_submission_window_schedule
    WHERE submission_reveal_date <= now() AND (submission_fiscal_year, submission_fiscal_month) >= (2020, 7)
  ), lw AS (
    SELECT fiscal_year, is_quarter, max(fiscal_period) AS fiscal_period FROM w GROUP BY fiscal_year, is_quarter
  )
  SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
    s.submission_id,
    EXISTS (SELECT 1 FROM lw WHERE lw.fiscal_year = s.reporting_fiscal_year AND lw.fiscal_period = s.reporting_fiscal_period
      AND lw.is_quarter = s.quarter_format_flag) AS is_latest
  FROM submission_attributes s
  JOIN w ON w.fiscal_year = s.reporting_fiscal_year AND w.fiscal_period = s.reporting_fiscal_period AND w.is_quarter = s.quarter_format_flag
  ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period,
    coalesce(s.certified_date, s.published_date) DESC NULLS LAST, s.submission_id DESC;
  ANALYZE disaster_submission_tmp;

  TRUNCATE disaster_award_row, disaster_code_set, disaster_award_rollup, disaster_account_balance, disaster_gtas_balance,
    disaster_account_rollup;

  -- summed per row key before the award's type is looked up and its codes gathered (File C has ~5 rows per key)
  INSERT INTO disaster_award_row (def_code, award_key, award_id, award_type, treasury_account_id, object_class_id,
    procurement, assistance, award_codes, obligation, outlay, has_obligation, has_nonzero)
  WITH r AS (
    SELECT b.disaster_emergency_fund_code AS def_code,
      coalesce('id:' || b.award_id, 'key:' || b.distinct_award_key,
        'piid:' || b.piid || '/' || coalesce(b.parent_award_id, ''), 'fain:' || b.fain, 'uri:' || b.uri) AS award_key,
      b.award_id, b.treasury_account_id, b.object_class_id,
      b.piid IS NOT NULL AS procurement, (b.fain IS NOT NULL OR b.uri IS NOT NULL) AS assistance,
      sum(coalesce(b.transaction_obligated_amount, 0)) AS obligation,
      sum(CASE WHEN s.is_latest THEN coalesce(b.gross_outlay_amount_by_award_cpe, 0)
        + coalesce(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0)
        + coalesce(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) ELSE 0 END) AS outlay,
      bool_or(b.transaction_obligated_amount IS NOT NULL) AS has_obligation,
      bool_or(coalesce(b.transaction_obligated_amount, 0) <> 0 OR coalesce(b.gross_outlay_amount_by_award_cpe, 0) <> 0) AS has_nonzero
    FROM financial_accounts_by_awards b
    JOIN disaster_submission_tmp s ON s.submission_id = b.submission_id
    WHERE b.disaster_emergency_fund_code IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ), codes AS (
    SELECT award_key, array_agg(DISTINCT def_code ORDER BY def_code) AS award_codes FROM r WHERE award_key IS NOT NULL GROUP BY award_key
  )
  -- an award id that is not in award_search is kept in the key but not as the row's award_id (as before the sum)
  SELECT r.def_code, r.award_key, a.award_id, a.type, r.treasury_account_id, r.object_class_id, r.procurement, r.assistance,
    coalesce(c.award_codes, ARRAY[r.def_code]), r.obligation, r.outlay, r.has_obligation, r.has_nonzero
  FROM r
  LEFT JOIN award_search a ON a.award_id = r.award_id
  LEFT JOIN codes c ON c.award_key = r.award_key;
  ANALYZE disaster_award_row;
  INSERT INTO disaster_code_set (set_id, kind, included, excluded)
  SELECT row_number() OVER (ORDER BY included, excluded), 'subset', included, excluded
  FROM (SELECT DISTINCT x.included, x.excluded
        FROM (SELECT DISTINCT award_codes FROM disaster_award_row) c CROSS JOIN LATERAL disaster_code_subsets(c.award_codes) x) s;

  -- For disaster_build_rollup, kept for the whole refresh: the File C sums expanded to the code subsets they count
  -- in (each row once per subset of its award's codes that includes the row's code), then summed per award (the
  -- rollups of dimensions that depend on the award only), and the columns of the linked awards that the
  -- dimensions read (a narrow copy, which each rollup joins: award_search is ~1.4 kB a row).
  CREATE TEMP TABLE disaster_row_set_tmp ON COMMIT DROP AS
  SELECT cs.set_id, r.award_type, r.award_key, r.award_id, r.treasury_account_id, r.object_class_id, r.obligation, r.outlay
  FROM disaster_award_row r
  CROSS JOIN LATERAL disaster_code_subsets(r.award_codes) x
  JOIN disaster_code_set cs ON cs.included = x.included AND cs.excluded = x.excluded
  WHERE r.def_code = ANY (x.included);
  ANALYZE disaster_row_set_tmp;
  CREATE TEMP TABLE disaster_award_set_tmp ON COMMIT DROP AS
  SELECT set_id, award_type, award_key, award_id, sum(obligation) AS obligation, sum(outlay) AS outlay
  FROM disaster_row_set_tmp
  GROUP BY set_id, award_type, award_key, award_id;
  ANALYZE disaster_award_set_tmp;
  CREATE TEMP TABLE disaster_award_attr_tmp ON COMMIT DROP AS
  SELECT a.award_id, a.type, a.total_loan_value, a.awarding_toptier_agency_code, a.awarding_subtier_agency_code,
    a.cfda_number, a.cfda_program_title,
    a.recipient_hash, a.recipient_uei, a.recipient_unique_id, a.recipient_name, a.recipient_levels,
    a.recipient_location_state_code, a.recipient_location_state_fips, a.recipient_location_state_name,
    a.recipient_location_county_code, a.recipient_location_county_name,
    a.recipient_location_congressional_code_current, a.recipient_location_congressional_code,
    a.pop_state_code, a.pop_state_fips, a.pop_state_name, a.pop_county_code, a.pop_county_name,
    a.pop_congressional_code_current, a.pop_congressional_code
  FROM award_search a
  WHERE a.award_id IN (SELECT award_id FROM disaster_award_row);
  ANALYZE disaster_award_attr_tmp;

  PERFORM disaster_build_rollup('all', '''''', 'NULL::text', 'NULL::text', NULL, NULL, NULL, NULL, NULL, '', false, true);
  PERFORM disaster_build_rollup('funding_agency', 'ta.toptier_agency_id::text', 'ta.toptier_code', 'ta.name', NULL, NULL, NULL, NULL, NULL,
    'LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
     LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id', false, false);
  PERFORM disaster_build_rollup('awarding_agency', 'ta.toptier_agency_id::text', 'ta.toptier_code', 'ta.name',
    'sa.subtier_agency_id::text', 'sa.subtier_code', 'sa.name', NULL, NULL,
    'LEFT JOIN toptier_agency ta ON ta.toptier_code = a.awarding_toptier_agency_code
     LEFT JOIN subtier_agency sa ON sa.subtier_code = a.awarding_subtier_agency_code', false, true);
  PERFORM disaster_build_rollup('federal_account', 'fa.id::text', 'fa.federal_account_code', 'coalesce(fa.account_title, '''')',
    't.treasury_account_identifier::text', 't.tas_rendering_label', 'coalesce(t.account_title, '''')', NULL, NULL,
    'LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
     LEFT JOIN federal_account fa ON fa.id = t.federal_account_id', false, false);
  PERFORM disaster_build_rollup('object_class', 'oc.major_object_class', 'oc.major_object_class', 'oc.major_object_class_name',
    'oc.object_class', 'oc.object_class', 'oc.object_class_name', NULL, NULL,
    'LEFT JOIN object_class oc ON oc.id = r.object_class_id', false, false);
  PERFORM disaster_build_rollup('cfda', 'coalesce(rc.id::text, a.cfda_number)', 'a.cfda_number',
    'coalesce(rc.program_title, a.cfda_program_title, '''')', NULL, NULL, NULL, NULL, NULL,
    'LEFT JOIN references_cfda rc ON rc.program_number = a.cfda_number', false, true);
  PERFORM disaster_build_rollup('recipient', 'a.recipient_hash::text',
    'coalesce(a.recipient_uei, a.recipient_unique_id, ''DUNS Number not provided'')', 'coalesce(a.recipient_name, '''')',
    NULL, NULL, NULL, 'array_to_string(a.recipient_levels, '','')', NULL, '', false, true);
  -- geography: result = area key (k1 in p_code, k2 in c_code, fallback name in p_desc), only where the area is known
  FOR geo IN
    SELECT s.scope, s.p, l.layer,
      CASE l.layer WHEN 'state' THEN '''''' WHEN 'county' THEN format('a.%I', s.p || '_county_code')
        ELSE format('coalesce(a.%I, a.%I)', s.p || '_congressional_code_current', s.p || '_congressional_code') END AS k2,
      CASE l.layer WHEN 'state' THEN format('a.%I', s.p || '_state_name') WHEN 'county' THEN format('a.%I', s.p || '_county_name')
        ELSE 'NULL::text' END AS fallback
    FROM (VALUES ('recipient_location', 'recipient_location'), ('place_of_performance', 'pop')) s (scope, p)
    CROSS JOIN (VALUES ('state'), ('county'), ('district')) l (layer)
  LOOP
    PERFORM disaster_build_rollup('geo:' || geo.layer || ':' || geo.scope,
      format('CASE WHEN a.%1$I IS NOT NULL AND (%2$s) IS NOT NULL THEN upper(a.%1$I) || ''|'' || (%2$s) END', geo.p || '_state_code', geo.k2),
      format('upper(a.%I)', geo.p || '_state_code'), geo.fallback, NULL, geo.k2, NULL, NULL, format('a.%I', geo.p || '_state_fips'),
      '', true, true);
  END LOOP;
  -- the disaster groups: each award is in exactly one subset of a group's codes, so the group's rows are sums
  INSERT INTO disaster_code_set (set_id, kind, included, excluded)
  SELECT (SELECT coalesce(max(set_id), 0) FROM disaster_code_set) + row_number() OVER (ORDER BY group_name), 'group',
    array_agg(code ORDER BY code), '{}'
  FROM disaster_emergency_fund_code WHERE group_name IS NOT NULL GROUP BY group_name;
  INSERT INTO disaster_award_rollup (dimension, set_id, award_type, level, p_id, c_id, p_code, p_desc, c_code, c_desc, extra,
    fips, award_count, obligation, outlay, face_value_of_loan)
  SELECT r.dimension, g.set_id, r.award_type, r.level, r.p_id, r.c_id, max(r.p_code), max(r.p_desc), max(r.c_code),
    max(r.c_desc), max(r.extra), max(r.fips), sum(r.award_count), sum(r.obligation), sum(r.outlay), sum(r.face_value_of_loan)
  FROM disaster_code_set g
  JOIN disaster_code_set s ON s.kind = 'subset' AND s.included <@ g.included AND NOT s.excluded && g.included
  JOIN disaster_award_rollup r ON r.set_id = s.set_id
  WHERE g.kind = 'group'
  GROUP BY r.dimension, g.set_id, r.award_type, r.level, r.p_id, r.c_id
  ORDER BY r.dimension, g.set_id, r.award_type;
  ANALYZE disaster_award_rollup;

  INSERT INTO disaster_account_balance (def_code, treasury_account_id, object_class_id, obligation, outlay, has_latest, has_nonzero)
  SELECT b.disaster_emergency_fund_code, b.treasury_account_id, b.object_class_id,
    coalesce(sum(coalesce(b.obligations_incurred_by_program_object_class_cpe, 0)) FILTER (WHERE s.is_latest), 0),
    coalesce(sum(coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0)) FILTER (WHERE s.is_latest), 0),
    bool_or(s.is_latest),
    bool_or(coalesce(b.obligations_incurred_by_program_object_class_cpe, 0) <> 0 OR coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0) <> 0)
  FROM financial_accounts_by_program_activity_object_class b
  JOIN disaster_submission_tmp s ON s.submission_id = b.submission_id
  WHERE b.disaster_emergency_fund_code IS NOT NULL
  GROUP BY 1, 2, 3;
  ANALYZE disaster_account_balance;

  INSERT INTO disaster_gtas_balance (def_code, treasury_account_identifier, total_budgetary_resources, obligations, outlays)
  WITH p AS (
    SELECT fiscal_year, max(fiscal_period) AS fiscal_period FROM gtas_sf133_balances
    WHERE (fiscal_year, fiscal_period) >= (2020, 7) GROUP BY fiscal_year
  )
  SELECT g.disaster_emergency_fund_code, g.treasury_account_identifier, coalesce(sum(g.total_budgetary_resources_cpe), 0),
    coalesce(sum(coalesce(g.obligations_incurred_total_cpe, 0) - coalesce(g.deobligations_or_recoveries_or_refunds_from_prior_year_cpe, 0)), 0),
    coalesce(sum(coalesce(g.gross_outlay_amount_by_tas_cpe, 0) - coalesce(g.prior_year_paid_obligation_recoveries, 0)), 0)
  FROM gtas_sf133_balances g JOIN p USING (fiscal_year, fiscal_period)
  WHERE g.disaster_emergency_fund_code IS NOT NULL
  GROUP BY 1, 2;
  ANALYZE disaster_gtas_balance;

  PERFORM disaster_build_account_rollup('funding_agency', 'ta.toptier_agency_id::text', 'ta.toptier_code', 'ta.name', NULL, NULL, NULL,
    'LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
     LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id', true);
  PERFORM disaster_build_account_rollup('federal_account', 'fa.id::text', 'fa.federal_account_code', 'coalesce(fa.account_title, '''')',
    't.treasury_account_identifier::text', 't.tas_rendering_label', 'coalesce(t.account_title, '''')',
    'LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
     LEFT JOIN federal_account fa ON fa.id = t.federal_account_id', true);
  PERFORM disaster_build_account_rollup('object_class', 'oc.major_object_class', 'oc.major_object_class', 'oc.major_object_class_name',
    'oc.object_class', 'oc.object_class', 'oc.object_class_name', 'LEFT JOIN object_class oc ON oc.id = r.object_class_id', false);
  INSERT INTO disaster_account_rollup (dimension, code_key, level, p_id, c_id, p_code, p_desc, c_code, c_desc, obligation, outlay,
    total_budgetary_resources, has_gtas)
  SELECT r.dimension, '#' || g.set_id, r.level, r.p_id, r.c_id, max(r.p_code), max(r.p_desc), max(r.c_code), max(r.c_desc),
    sum(r.obligation), sum(r.outlay), sum(r.total_budgetary_resources), bool_or(r.has_gtas)
  FROM disaster_code_set g
  JOIN disaster_account_rollup r ON r.code_key = ANY (g.included)
  WHERE g.kind = 'group'
  GROUP BY r.dimension, g.set_id, r.level, r.p_id, r.c_id
  ORDER BY r.dimension, g.set_id;
  ANALYZE disaster_account_rollup;
  RETURN true;
END $$;

-- Copies the award-level File C columns onto the award's transactions and subawards (the search tables
-- filter on them at every level). The generator writes them consistently and skips this step.
CREATE OR REPLACE FUNCTION derive_search_file_c(scoped boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
DECLARE
  scope bigint[];
  n bigint;
  m bigint;
BEGIN
  PERFORM derive_ensure_scope();
  -- (awards the importer wrote whole already hold what this step computes)
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope WHERE NOT whole ORDER BY award_id) END;
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
    AND (NOT scoped OR a.award_id = ANY (scope))
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
    AND (NOT scoped OR a.award_id = ANY (scope))
    AND (s.treasury_account_identifiers, s.tas_paths, s.tas_components, s.disaster_emergency_fund_codes,
         s.object_classes, s.program_activity_ids, s.program_activities)
      IS DISTINCT FROM
        (a.treasury_account_identifiers, a.tas_paths, a.tas_components, a.disaster_emergency_fund_codes,
         a.object_classes, a.program_activity_ids, a.program_activities);
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $function$;

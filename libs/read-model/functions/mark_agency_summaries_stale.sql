-- Statement trigger on the account tables: marks the agency profile summaries stale (see refresh_agency_summaries).
CREATE OR REPLACE FUNCTION mark_agency_summaries_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agency_summary_state SET stale = true WHERE id = 1 AND NOT stale;
  RETURN NULL;
END $$;

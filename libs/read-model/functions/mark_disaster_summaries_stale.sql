-- Statement trigger on the account, award and reference tables the disaster endpoints read: marks the disaster
-- summaries stale (see refresh_disaster_summaries).
CREATE OR REPLACE FUNCTION mark_disaster_summaries_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE disaster_summary_state SET stale = true WHERE id = 1 AND NOT stale;
  RETURN NULL;
END $$;

-- Up Migration
-- The agency overview's DEF codes (GET agency/{code}/?fiscal_year) are those in the funding agency's File B rows of
-- each submitting agency's latest revealed submission of the year. Which submission is the latest depends on the
-- time of the request (windows reveal over time), so instead of ranking the submissions per request this table
-- holds, per funding agency, year and DEF code, the time span in which a submission carrying it is its agency's
-- latest: from its reveal until a later-ranked submission of the same agency and year is revealed. A request
-- reads the spans containing now() with one index range (refresh_agency_summaries() builds it).
--
-- Submissions and the window schedule decide the spans, so writes to them now mark the summaries stale too.

CREATE TABLE agency_latest_defc (
  toptier_agency_id integer NOT NULL,
  fiscal_year       integer NOT NULL,
  defc              text NOT NULL,
  latest_from       timestamptz NOT NULL,
  latest_until      timestamptz
);
CREATE INDEX agency_latest_defc_idx ON agency_latest_defc (toptier_agency_id, fiscal_year);

CREATE TRIGGER agency_summaries_submissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON submission_attributes
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
CREATE TRIGGER agency_summaries_windows AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dabs_submission_window_schedule
  FOR EACH STATEMENT EXECUTE FUNCTION mark_agency_summaries_stale();
UPDATE agency_summary_state SET stale = true WHERE id = 1;

-- Up Migration
-- Prepackaged monthly archive files (POST /api/v2/bulk_download/list_monthly_files/), written by a Temporal
-- schedule: per awarding agency, fiscal year and award kind one Full file (every transaction) and one Delta
-- file (the transactions written since the previous run).
--
-- row_changed_at: when a transaction row was last written (the start of the writing transaction: now()). New
-- rows get it from the default, updated rows from the trigger, which leaves it alone when an UPDATE rewrote the
-- row with the same values. The default is a constant at ALTER time (now() is stable), so adding the column does
-- not rewrite the table; existing rows read as changed at migration time.
ALTER TABLE transaction_search ADD COLUMN row_changed_at timestamptz NOT NULL DEFAULT now();

CREATE TRIGGER transaction_search_mark_changed BEFORE UPDATE ON transaction_search
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION transaction_search_mark_changed();

-- A delta reads the rows changed since a time; full files read one agency's fiscal year.
CREATE INDEX transaction_search_row_changed_at_idx ON transaction_search (row_changed_at);
CREATE INDEX transaction_search_monthly_archive_idx ON transaction_search (fiscal_year, awarding_toptier_agency_code, is_fpds);

-- One run of the monthly archive schedule (one Temporal workflow: workflow_id is unique, so a retried start
-- activity finds its run). A delta holds the rows with row_changed_at >= the previous finished run's
-- `changed_from`; `changed_from` is the run's start, moved back to the start of the oldest transaction still
-- writing then, whose rows, not yet visible to the run, therefore land in the next delta.
CREATE TABLE monthly_archive_run (
  run_id        bigserial PRIMARY KEY,
  workflow_id   text NOT NULL UNIQUE,
  file_date     date NOT NULL,
  changed_from  timestamptz NOT NULL,
  delta_since   timestamptz,
  started_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);

-- The files a run produced (a row is written once the file is complete and renamed into place). The listing
-- shows, per agency, fiscal year, kind and Full/Delta, the file of the newest finished run.
CREATE TABLE monthly_archive_file (
  file_name     text PRIMARY KEY CHECK (file_name ~ '^FY[0-9]{4}_[A-Za-z0-9]+_(Contracts|Assistance)_(Full|Delta)_[0-9]{8}\.zip$'),
  run_id        bigint NOT NULL REFERENCES monthly_archive_run (run_id) ON DELETE CASCADE,
  toptier_code  text NOT NULL,
  fiscal_year   integer NOT NULL,
  award_kind    text NOT NULL CHECK (award_kind IN ('contracts', 'assistance')),
  is_delta      boolean NOT NULL,
  total_rows    bigint NOT NULL,
  file_size     bigint NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX monthly_archive_file_key_idx ON monthly_archive_file (toptier_code, fiscal_year, award_kind, run_id);

-- Up Migration
-- Download jobs (POST /api/v2/download/*, /api/v2/bulk_download/awards/): the durable status the API reports.
-- The row is written when a request is accepted (status `ready`), before its Temporal workflow starts; the
-- workflow's activities move it to `running` and then `finished` or `failed`, and keep `rows_written` up to date
-- while the file is being written. `file_name` is the workflow id, so a job is never run twice.
CREATE TABLE download_job (
  file_name       text PRIMARY KEY CHECK (file_name ~ '^[A-Za-z0-9][A-Za-z0-9._-]*\.zip$'),
  request_type    text NOT NULL,
  status          text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'running', 'finished', 'failed')),
  json_request    jsonb NOT NULL,
  error_message   text,
  rows_written    bigint NOT NULL DEFAULT 0,
  total_rows      bigint,
  total_columns   integer,
  file_size       bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz,
  finished_at     timestamptz
);
-- Retention: finished files older than the retention period are deleted, oldest first.
CREATE INDEX download_job_finished_at_idx ON download_job (finished_at) WHERE finished_at IS NOT NULL;

-- Down Migration
DROP TABLE download_job;

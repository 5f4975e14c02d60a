-- Up Migration
-- An identical request (same type, same processed request, keys in any order) made since the last data load is
-- answered with the job that already has it (upstream behaviour). jsonb's text form is canonical (keys sorted), so
-- the md5 of the request without its per-job parts (the file name's timestamp, the account file stem) is its key.
CREATE INDEX download_job_request_key_idx ON download_job (request_type, md5((json_request - 'timestamp' - 'file_stem')::text));

-- Down Migration
DROP INDEX download_job_request_key_idx;

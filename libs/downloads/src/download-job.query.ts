import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** Job states as upstream reports them (download/lookups.py JOB_STATUS): ready -> running -> finished | failed. */
export const JOB_STATUSES = ['ready', 'running', 'finished', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The transitions a job may take; anything else is refused by the updates below (their WHERE clauses). */
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  ready: ['running', 'failed'],
  // running -> running: a retried activity (a worker died) starts the file again.
  running: ['running', 'finished', 'failed'],
  finished: [],
  failed: [],
};

const JobRow = z.object({
  file_name: z.string(),
  request_type: z.string(),
  status: z.enum(JOB_STATUSES),
  json_request: z.record(z.unknown()),
  error_message: z.string().nullable(),
  rows_written: z.number(),
  total_rows: z.number().nullable(),
  total_columns: z.number().nullable(),
  file_size: z.number().nullable(),
  seconds_elapsed: z.number().nullable(),
});
export type DownloadJob = z.infer<typeof JobRow>;

const JOB_COLUMNS = sql.fragment`file_name, request_type, status, json_request, error_message, rows_written, total_rows, total_columns, file_size,
  extract(epoch FROM coalesce(finished_at, CASE WHEN started_at IS NOT NULL THEN clock_timestamp() END) - started_at)::float8 AS seconds_elapsed`;

/** Writes a new job (status `ready`). */
export async function insertJob(db: CommonQueryMethods, job: { fileName: string; requestType: string; request: object }): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO download_job (file_name, request_type, json_request)
    VALUES (${job.fileName}, ${job.requestType}, ${sql.jsonb(job.request as never)})`);
}

const SameJob = z.object({ file_name: z.string(), status: z.enum(JOB_STATUSES) });

/**
 * The newest job of the same type whose processed request equals `request` (key order aside; the per-job
 * `timestamp` and `file_stem` left out), that has not failed and was accepted after the last change to the data
 * (the reference_data_change log every load writes to). Null when there is none: the request gets a new job.
 */
export async function findSameJob(db: CommonQueryMethods, requestType: string, request: object): Promise<z.infer<typeof SameJob> | null> {
  const key = sql.fragment`(${sql.jsonb(request as never)}::jsonb - 'timestamp' - 'file_stem')`;
  return db.maybeOne(sql.type(SameJob)`
    SELECT file_name, status FROM download_job
    WHERE request_type = ${requestType}
      AND md5((json_request - 'timestamp' - 'file_stem')::text) = md5(${key}::text)
      AND (json_request - 'timestamp' - 'file_stem') = ${key}
      AND status <> 'failed'
      AND created_at > coalesce((SELECT max(changed_at) FROM reference_data_change), '-infinity')
    ORDER BY created_at DESC LIMIT 1`);
}

/** Removes a job whose workflow could not be started (the request is answered with an error then). */
export async function deleteReadyJob(db: CommonQueryMethods, fileName: string): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM download_job WHERE file_name = ${fileName} AND status = 'ready'`);
}

/** One job by file name, or null. */
export async function findJob(db: CommonQueryMethods, fileName: string): Promise<DownloadJob | null> {
  return db.maybeOne(sql.type(JobRow)`SELECT ${JOB_COLUMNS} FROM download_job WHERE file_name = ${fileName}`);
}

/** ready|running -> running (a retry starts over: rows written back to 0). Returns the job as it now is. */
export async function markRunning(db: CommonQueryMethods, fileName: string): Promise<DownloadJob | null> {
  await db.query(sql.unsafe`
    UPDATE download_job SET status = 'running', started_at = coalesce(started_at, now()), rows_written = 0
    WHERE file_name = ${fileName} AND status IN ('ready', 'running')`);
  return findJob(db, fileName);
}

/** Rows written so far (status while running). */
export async function recordProgress(db: CommonQueryMethods, fileName: string, rows: number): Promise<void> {
  await db.query(sql.unsafe`UPDATE download_job SET rows_written = ${rows} WHERE file_name = ${fileName} AND status = 'running'`);
}

/** running -> finished with the file's facts; false when the job was not running. */
export async function markFinished(db: CommonQueryMethods, fileName: string, facts: { rows: number; columns: number; bytes: number }): Promise<boolean> {
  const r = await db.query(sql.unsafe`
    UPDATE download_job SET status = 'finished', total_rows = ${facts.rows}, rows_written = ${facts.rows}, total_columns = ${facts.columns},
      file_size = ${facts.bytes}, finished_at = now()
    WHERE file_name = ${fileName} AND status = 'running'`);
  return r.rowCount === 1;
}

/** ready|running -> failed with the message the status shows. */
export async function markFailed(db: CommonQueryMethods, fileName: string, message: string): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE download_job SET status = 'failed', error_message = ${message}, finished_at = now(), started_at = coalesce(started_at, now())
    WHERE file_name = ${fileName} AND status IN ('ready', 'running')`);
}

/** Jobs still `ready` after `olderThanSeconds` (their workflow may never have started: the process died in between). */
export async function listStaleReadyJobs(db: CommonQueryMethods, olderThanSeconds: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ file_name: z.string() }))`
    SELECT file_name FROM download_job WHERE status = 'ready' AND created_at < now() - make_interval(secs => ${olderThanSeconds}) ORDER BY created_at`);
}

/** Finished jobs whose file is older than the retention period (their files may be deleted). */
export async function listExpiredJobs(db: CommonQueryMethods, retentionHours: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ file_name: z.string() }))`
    SELECT file_name FROM download_job
    WHERE status = 'finished' AND finished_at < now() - make_interval(hours => ${retentionHours})
    ORDER BY finished_at`);
}

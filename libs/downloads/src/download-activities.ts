import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import type { DatabasePool } from 'slonik';
import { findJob, listExpiredJobs, markFailed, markFinished, markRunning, recordProgress } from './download-job.query';
import { planAccountDownload, type AccountDownloadRequest } from './account-plan';
import { planAwardIdDownload, type AwardIdDownloadRequest } from './award-id-plan';
import type { AwardDownloadRequest } from './download-plan';
import { planDisasterProfile, type DisasterProfileRequest } from './disaster-profile-plan';
import { planDisasterRecipients, type DisasterRecipientsRequest } from './disaster-recipients-plan';
import { planAwardDownload } from './download-plan';
import { loadFilterContext } from './filter-context.query';
import { writeZip, type ZipResult } from './write-zip';

export interface DownloadActivityDeps {
  /** Slonik pool on the primary: job rows. */
  db: DatabasePool;
  /** pg pool on the same database: the COPY streams. */
  pgPool: Pool;
  /** Directory the finished zips are served from. */
  downloadDir: string;
  /** Called about once a second while a file is written (the worker heartbeats to Temporal here). */
  heartbeat?: (rowsWritten: number) => void;
  /** Raised for a job that cannot succeed on any retry (the worker wraps it in a non-retryable failure). */
  permanentError?: (message: string) => Error;
  /** Rows per CSV inside a zip before it continues in the next part (default: upstream's 1,000,000). */
  maxRowsPerFile?: number;
}

/** What the job start tells the workflow. */
export interface StartedJob {
  status: 'ready' | 'running' | 'finished' | 'failed';
}

/** The activities of a download job; the worker registers them, the workflow only names them. */
export interface DownloadActivityImplementations {
  startJob(fileName: string): Promise<StartedJob>;
  writeFile(fileName: string): Promise<ZipResult>;
  finishJob(fileName: string, result: ZipResult): Promise<void>;
  failJob(fileName: string, message: string): Promise<void>;
  deleteExpiredFiles(retentionHours: number): Promise<number>;
}

const PROGRESS_EVERY_MS = 1000;
const HEARTBEAT_EVERY_MS = 5000;

/** The download activities over injected dependencies (database pools, download directory, heartbeat). */
export function createDownloadActivities(deps: DownloadActivityDeps): DownloadActivityImplementations {
  const permanent = deps.permanentError ?? ((m: string) => new Error(m));
  return {
    async startJob(fileName) {
      const job = await markRunning(deps.db, fileName);
      if (!job) throw permanent(`No download job named ${fileName}.`);
      return { status: job.status };
    },

    async writeFile(fileName) {
      const job = await findJob(deps.db, fileName);
      if (!job) throw permanent(`No download job named ${fileName}.`);
      const target = path.join(deps.downloadDir, fileName);
      if (job.status === 'finished') {
        const { size } = await stat(target);
        return { rows: job.total_rows ?? 0, columns: job.total_columns ?? 0, bytes: size };
      }
      const request = job.json_request as unknown as ((AwardDownloadRequest | DisasterRecipientsRequest) & { timestamp: string }) | AwardIdDownloadRequest
        | (AccountDownloadRequest & { timestamp: string; file_stem: string }) | (DisasterProfileRequest & { timestamp: string });
      let files;
      try {
        files = 'award_id' in request ? planAwardIdDownload(request)
          : request.request_type === 'disaster_recipient' ? planDisasterRecipients(request, request.timestamp)
          : request.request_type === 'disaster' ? planDisasterProfile(request, request.timestamp, await loadFilterContext(deps.db))
          : request.request_type === 'account' ? planAccountDownload(request, request.timestamp, request.file_stem)
          : planAwardDownload(request, request.timestamp, await loadFilterContext(deps.db));
      } catch (error) {
        // The request was checked when accepted; one that no longer plans (reference data changed) never will.
        throw permanent(`The download request cannot be run: ${error instanceof Error ? error.message : String(error)}`);
      }
      await mkdir(deps.downloadDir, { recursive: true });
      let last = 0;
      let rowsNow = 0;
      let pending: Promise<void> = Promise.resolve();
      // Heartbeats on a timer, not on rows: a query that takes long before its first row (a large sort) is
      // still a live attempt; only a dead worker stops beating.
      deps.heartbeat?.(0);
      const beat = setInterval(() => deps.heartbeat?.(rowsNow), HEARTBEAT_EVERY_MS);
      try {
        const result = await writeZip({
          pool: deps.pgPool,
          files,
          format: request.file_format,
          target,
          maxRowsPerFile: deps.maxRowsPerFile,
          onProgress: (rows) => {
            rowsNow = rows;
            const now = Date.now();
            if (now - last < PROGRESS_EVERY_MS) return;
            last = now;
            pending = pending.then(() => recordProgress(deps.db, fileName, rows)).catch(() => undefined);
          },
        });
        await pending;
        return result;
      } finally {
        clearInterval(beat);
      }
    },

    async finishJob(fileName, result) {
      await markFinished(deps.db, fileName, result);
    },

    async failJob(fileName, message) {
      await markFailed(deps.db, fileName, message);
    },

    async deleteExpiredFiles(retentionHours) {
      // The job rows stay (the status keeps answering); the file route answers 404 once a file is gone.
      let deleted = 0;
      for (const fileName of await listExpiredJobs(deps.db, retentionHours)) {
        const file = path.join(deps.downloadDir, fileName);
        try {
          await unlink(file);
          deleted += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return deleted;
    },
  };
}

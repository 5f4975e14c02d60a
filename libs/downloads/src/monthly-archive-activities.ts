import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import type { DatabasePool } from 'slonik';
import { monthlyFileName, planMonthlyFile } from './monthly-archive-plan';
import { finishMonthlyRun, findMonthlyRun, listMonthlyTargets, listRunFiles, recordMonthlyFile, startMonthlyRun } from './monthly-archive.query';
import { writeZip } from './write-zip';

export interface MonthlyArchiveDeps {
  db: DatabasePool;
  pgPool: Pool;
  downloadDir: string;
  /** Called while files are written (the worker heartbeats to Temporal here). */
  heartbeat?: (filesWritten: number) => void;
  permanentError?: (message: string) => Error;
  /** Rows per CSV inside a zip (tests use a small one). */
  maxRowsPerFile?: number;
  /** True once the activity is cancelled (a worker shutting down): the run stops between two files. */
  cancelled?: () => boolean;
  /**
   * The error a cancelled run stops with: one to retry on another attempt, and expected, so not logged as a
   * failure (the worker makes it a benign Temporal ApplicationFailure).
   */
  interrupted?: (message: string) => Error;
}

export interface MonthlyArchiveActivityImplementations {
  startMonthlyRun(workflowId: string): Promise<{ runId: number }>;
  writeMonthlyFiles(runId: number, firstFiscalYear: number): Promise<{ files: number; rows: number }>;
  finishMonthlyRun(runId: number): Promise<{ deleted: number }>;
}

const HEARTBEAT_EVERY_MS = 5000;

/** The activities of the monthly archive workflow over injected dependencies. */
export function createMonthlyArchiveActivities(deps: MonthlyArchiveDeps): MonthlyArchiveActivityImplementations {
  const permanent = deps.permanentError ?? ((m: string) => new Error(m));
  const interrupted = deps.interrupted ?? ((m: string) => new Error(m));
  return {
    async startMonthlyRun(workflowId) {
      const run = await startMonthlyRun(deps.db, workflowId);
      return { runId: run.run_id };
    },

    async writeMonthlyFiles(runId, firstFiscalYear) {
      const run = await findMonthlyRun(deps.db, runId);
      if (!run) throw permanent(`No monthly archive run ${runId}.`);
      await mkdir(deps.downloadDir, { recursive: true });
      // A retried attempt (the worker died) goes on after the files already recorded.
      const done = new Set(await listRunFiles(deps.db, runId));
      let files = 0;
      let rows = 0;
      deps.heartbeat?.(0);
      const beat = setInterval(() => deps.heartbeat?.(files), HEARTBEAT_EVERY_MS);
      try {
        for (const target of await listMonthlyTargets(deps.db, firstFiscalYear)) {
          for (const delta of [false, true]) {
            const fileName = monthlyFileName(target, delta, run.file_date);
            if (done.has(fileName)) continue;
            // A worker shutting down does not wait for the whole run: a later attempt goes on from here.
            if (deps.cancelled?.()) throw interrupted(`Monthly archive run ${runId} stopped after ${files} file(s): the worker is shutting down; the next attempt goes on from here.`);
            const file = planMonthlyFile(target, delta ? { since: run.delta_since } : null, run.file_date);
            const result = await writeZip({ pool: deps.pgPool, files: [file], format: 'csv', target: path.join(deps.downloadDir, fileName), maxRowsPerFile: deps.maxRowsPerFile });
            await recordMonthlyFile(deps.db, { fileName, runId, target, delta, rows: result.rows, bytes: result.bytes });
            files += 1;
            rows += result.rows;
          }
        }
      } finally {
        clearInterval(beat);
      }
      return { files, rows };
    },

    async finishMonthlyRun(runId) {
      const superseded = await finishMonthlyRun(deps.db, runId);
      let deleted = 0;
      for (const fileName of superseded) {
        try {
          await unlink(path.join(deps.downloadDir, fileName));
          deleted += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return { deleted };
    },
  };
}

/** Facts of a written zip. */
export interface ZipFacts {
  rows: number;
  columns: number;
  bytes: number;
}

/**
 * The activities a download workflow calls (declared here, implemented by the worker with its injected
 * dependencies; the workflow sandbox never imports the implementation).
 */
export interface DownloadActivities {
  startJob(fileName: string): Promise<{ status: 'ready' | 'running' | 'finished' | 'failed' }>;
  writeFile(fileName: string): Promise<ZipFacts>;
  finishJob(fileName: string, result: ZipFacts): Promise<void>;
  failJob(fileName: string, message: string): Promise<void>;
  /** Deletes the files of finished jobs older than the retention period; returns how many. */
  deleteExpiredFiles(retentionHours: number): Promise<number>;
}

/** The activities of the monthly archive workflow (implemented in libs/downloads). */
export interface MonthlyArchiveActivities {
  /** Creates (or finds, on a retry) the run of this workflow. */
  startMonthlyRun(workflowId: string): Promise<{ runId: number }>;
  /** Writes the Full and Delta file of every agency, fiscal year (from `firstFiscalYear`) and kind. */
  writeMonthlyFiles(runId: number, firstFiscalYear: number): Promise<{ files: number; rows: number }>;
  /** Marks the run finished and deletes the files it superseded. */
  finishMonthlyRun(runId: number): Promise<{ deleted: number }>;
}

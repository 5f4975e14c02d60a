export { createDownloadWorker, installQuietRuntime, workerActivities, workflowBundle, WORKFLOWS_PATH } from './worker';
export type { DownloadWorkerDeps } from './worker';
export { ensureRetentionSchedule, retentionScheduleId } from './retention-schedule';
export { ensureMonthlyArchiveSchedule, FIRST_ARCHIVE_FISCAL_YEAR, monthlyArchiveScheduleId } from './monthly-archive-schedule';

export { createDownloadWorker, installQuietRuntime, workerActivities, workflowBundle, WORKFLOWS_PATH } from './worker';
export type { DownloadWorkerDeps } from './worker';
export { ensureRetentionSchedule, retentionScheduleId } from './retention-schedule';

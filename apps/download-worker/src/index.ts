export { createDownloadWorker, workerActivities, workflowBundle, WORKFLOWS_PATH } from './worker';
export type { DownloadWorkerDeps } from './worker';

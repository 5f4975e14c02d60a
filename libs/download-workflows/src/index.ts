// The workflow bundle's entry point (Worker `workflowsPath`): exports workflow functions only.
export { downloadWorkflow } from './download.workflow';
export type { DownloadWorkflowInput } from './download.workflow';
export { downloadRetentionWorkflow } from './retention.workflow';
export { monthlyArchiveWorkflow } from './monthly-archive.workflow';
export type { MonthlyArchiveInput } from './monthly-archive.workflow';
export type { DownloadActivities, MonthlyArchiveActivities, ZipFacts } from './activities';

// The workflow bundle's entry point (Worker `workflowsPath`): exports workflow functions only.
export { downloadWorkflow } from './download.workflow';
export type { DownloadWorkflowInput } from './download.workflow';
export { downloadRetentionWorkflow } from './retention.workflow';
export type { DownloadActivities, ZipFacts } from './activities';

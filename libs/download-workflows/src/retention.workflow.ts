import { proxyActivities } from '@temporalio/workflow';
import type { DownloadActivities } from './activities';

const { deleteExpiredFiles } = proxyActivities<DownloadActivities>({ startToCloseTimeout: '10 minutes', retry: { maximumAttempts: 3 } });

/** Retention of download files: run by a Temporal schedule (hourly), deletes the files of old finished jobs. */
export async function downloadRetentionWorkflow(input: { retentionHours: number }): Promise<number> {
  return deleteExpiredFiles(input.retentionHours);
}

import { proxyActivities } from '@temporalio/workflow';
import type { DownloadActivities } from './activities';

/** Input of a download workflow: the job's file name (also the workflow id, so a job never runs twice). */
export interface DownloadWorkflowInput {
  fileName: string;
}

const { startJob, finishJob, failJob } = proxyActivities<DownloadActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, nonRetryableErrorTypes: ['PermanentDownloadError'] },
});

/**
 * Writing the file: a heartbeat at least every 20 s (activities beat every 5 s), so a worker that dies is noticed within 20 s and the
 * attempt restarts on another worker (the zip is written under a temporary name: nothing partial is served).
 */
const { writeFile } = proxyActivities<DownloadActivities>({
  startToCloseTimeout: '6 hours',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 5, nonRetryableErrorTypes: ['PermanentDownloadError'] },
});

function messageOf(error: unknown): string {
  let e: unknown = error;
  // An ActivityFailure wraps the activity's own error as its cause: report that one.
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/**
 * One download job: ready -> running -> finished | failed. The job row in PostgreSQL is the status the API
 * reports; every step is an activity that updates it. A job whose file could not be written is marked failed
 * with the error's message, and the workflow itself completes (the failure is the job's result).
 */
export async function downloadWorkflow(input: DownloadWorkflowInput): Promise<'finished' | 'failed'> {
  const started = await startJob(input.fileName);
  if (started.status === 'finished' || started.status === 'failed') return started.status;
  try {
    const result = await writeFile(input.fileName);
    await finishJob(input.fileName, result);
    return 'finished';
  } catch (error) {
    await failJob(input.fileName, messageOf(error));
    return 'failed';
  }
}

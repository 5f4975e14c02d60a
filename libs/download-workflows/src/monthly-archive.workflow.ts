import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { MonthlyArchiveActivities } from './activities';

/** Input of the monthly archive workflow (the schedule's arguments). */
export interface MonthlyArchiveInput {
  /** Earliest fiscal year with archive files. */
  firstFiscalYear: number;
}

const { startMonthlyRun, finishMonthlyRun } = proxyActivities<MonthlyArchiveActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10 },
});

/** Writing every file: heartbeats every 5 s, so a dead worker is noticed within 30 s and another one goes on. */
const { writeMonthlyFiles } = proxyActivities<MonthlyArchiveActivities>({
  startToCloseTimeout: '12 hours',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', maximumAttempts: 5, nonRetryableErrorTypes: ['PermanentDownloadError'] },
});

/**
 * One run of the monthly archive (started by the Temporal schedule): a Full and a Delta file per awarding agency,
 * fiscal year and kind. The run row is keyed by the workflow id, so a retried start finds it; files already
 * written by a failed attempt are kept; only once all are written does the run count as finished (listed, and the
 * base of the next Delta).
 */
export async function monthlyArchiveWorkflow(input: MonthlyArchiveInput): Promise<{ files: number; rows: number; deleted: number }> {
  const { runId } = await startMonthlyRun(workflowInfo().workflowId);
  const written = await writeMonthlyFiles(runId, input.firstFiscalYear);
  const { deleted } = await finishMonthlyRun(runId);
  return { ...written, deleted };
}

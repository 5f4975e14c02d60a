import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';

/** The schedule id of the download retention (one per namespace and task queue). */
export const retentionScheduleId = (taskQueue: string) => `download-retention-${taskQueue}`;

/**
 * Ensures the hourly Temporal schedule that deletes old download files exists (created once; a second worker
 * finds it there). The retention is the one given at creation.
 */
export async function ensureRetentionSchedule(client: Client, taskQueue: string, retentionHours: number): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: retentionScheduleId(taskQueue),
      spec: { intervals: [{ every: '1 hour' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      action: {
        type: 'startWorkflow',
        workflowType: 'downloadRetentionWorkflow',
        taskQueue,
        args: [{ retentionHours }],
      },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}

import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleOptionsAction, type ScheduleSpec } from '@temporalio/client';
import type { MonthlyArchiveInput } from '@usas/download-workflows';

/** The schedule id of the monthly archive files (one per task queue). */
export const monthlyArchiveScheduleId = (taskQueue: string) => `monthly-archive-${taskQueue}`;

/** Earliest fiscal year of the archive files (the download center's archive starts there). */
export const FIRST_ARCHIVE_FISCAL_YEAR = 2008;

/**
 * Ensures the Temporal schedule of the monthly archive files: on the 8th of each month at 06:00 UTC (upstream's
 * files carry dates like 20201108), no overlapping runs. Created on a worker's first start and then run once at
 * once, so that a new installation lists files (unless `firstRun` is false: MONTHLY_ARCHIVE_FIRST_RUN); every
 * later start updates it in place to this definition (idempotent: any number of workers may call it).
 */
export async function ensureMonthlyArchiveSchedule(
  client: Client,
  taskQueue: string,
  options: { firstRun?: boolean; input?: MonthlyArchiveInput } = {},
): Promise<void> {
  const input = options.input ?? { firstFiscalYear: FIRST_ARCHIVE_FISCAL_YEAR };
  const spec: ScheduleSpec = { calendars: [{ dayOfMonth: 8, hour: 6, minute: 0 }] };
  const action: ScheduleOptionsAction = {
    type: 'startWorkflow',
    workflowType: 'monthlyArchiveWorkflow',
    workflowId: `monthly-archive-${taskQueue}`,
    taskQueue,
    args: [input],
  };
  const scheduleId = monthlyArchiveScheduleId(taskQueue);
  try {
    await client.schedule.create({ scheduleId, spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' }, state: { triggerImmediately: options.firstRun ?? true } });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({
      ...previous,
      spec,
      action: { ...previous.action, ...action },
      policies: { ...previous.policies, overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    }));
  }
}

import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { downloadWorkflow } from '@usas/download-workflows';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { deleteReadyJob, findSameJob, insertJob, listStaleReadyJobs } from '@usas/downloads';
import { ApiError } from '@usas/errors';
import type { Request } from 'express';
import type { DownloadContext } from '../download-context';

/** URLs of a job as the responses name them. */
export function jobUrls(ctx: DownloadContext, req: Request, fileName: string): { status_url: string; file_url: string } {
  // Behind the split-mode gateway, the address the client used comes in X-Forwarded-Host/-Proto; after several
  // proxies these are lists, whose first entry is the client's.
  const first = (name: string) => req.get(name)?.split(',')[0]?.trim() || undefined;
  const host = first('x-forwarded-host') ?? req.get('host') ?? 'localhost:8000';
  const proto = first('x-forwarded-proto') ?? req.protocol;
  const base = ctx.publicUrl ?? `${proto}://${host}`;
  return {
    status_url: `${base}/api/v2/download/status?file_name=${encodeURIComponent(fileName)}`,
    file_url: `${base}/api/v2/download/files/${encodeURIComponent(fileName)}`,
  };
}

function startWorkflow(ctx: DownloadContext, fileName: string) {
  return ctx.temporal.workflow.start<typeof downloadWorkflow>('downloadWorkflow', {
    workflowId: fileName,
    taskQueue: ctx.taskQueue,
    args: [{ fileName }],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
  });
}

/**
 * Starts the workflow of every job left `ready` for over a minute: a process that died between writing a job
 * row and starting its workflow leaves one. The workflow id is the file name, so a job whose workflow did start
 * is not started again. Returns the jobs started.
 */
export async function resumeReadyJobs(ctx: DownloadContext, olderThanSeconds = 60): Promise<string[]> {
  const started: string[] = [];
  for (const fileName of await listStaleReadyJobs(ctx.primary, olderThanSeconds)) {
    try {
      await startWorkflow(ctx, fileName);
      started.push(fileName);
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return started;
}

/**
 * Accepts a job: writes its row (status `ready`) and starts its workflow, id = file name. The row is written
 * first so the workflow's first activity always finds it; if the workflow cannot be started the row is removed
 * and the client gets a 503, so no job is left that nothing will run. An identical request accepted since the
 * last data load (not failed, its file not yet removed by retention) is answered with that job instead, as
 * upstream does. Returns the file name of the job that answers.
 */
export async function startDownload(ctx: DownloadContext, job: { fileName: string; requestType: string; request: object }): Promise<string> {
  const same = await findSameJob(ctx.primary, job.requestType, job.request);
  if (same && (same.status !== 'finished' || (await fileExists(path.join(ctx.downloadDir, same.file_name))))) return same.file_name;
  await insertJob(ctx.primary, job);
  try {
    await startWorkflow(ctx, job.fileName);
  } catch (error) {
    // Another process (resumeReadyJobs) may have started it first: the job runs, all is well.
    if (error instanceof WorkflowExecutionAlreadyStartedError) return job.fileName;
    await deleteReadyJob(ctx.primary, job.fileName).catch(() => undefined);
    throw new ApiError('service_unavailable', 'The download service cannot start jobs right now; try again shortly.', { cause: error });
  }
  return job.fileName;
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { DownloadActivities, MonthlyArchiveActivities } from '@usas/download-workflows';
import { createDownloadActivities, createMonthlyArchiveActivities } from '@usas/downloads';
import type { Pool } from 'pg';
import type { DatabasePool } from 'slonik';

/** The workflow code the worker runs: libs/download-workflows, bundled for Temporal's sandbox. */
export const WORKFLOWS_PATH = path.resolve(__dirname, '..', '..', '..', 'libs', 'download-workflows', 'src', 'index.ts');

let bundle: Promise<WorkflowBundle> | undefined;
let runtimeInstalled = false;

/**
 * The Temporal SDK runtime of this process: warnings and errors only on the console (not every worker state
 * change), and no signal handlers. Call before the first connection of the process (the runtime is created with it).
 */
export function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    // No signal handlers of its own: the process stops its workers in its own shutdown order (the SDK's default
    // handlers would re-raise SIGINT after draining and end the process with 130 before its cleanup).
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
  } catch {
    // A runtime already exists in this process: keep it.
  }
}

/** The workflow bundle, built once per process (webpack, a few seconds). */
export function workflowBundle(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } });
  return bundle;
}

export interface DownloadWorkerDeps {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  db: DatabasePool;
  pgPool: Pool;
  downloadDir: string;
  /** Jobs written at once by this worker. */
  maxConcurrentJobs?: number;
  /** Rows per CSV inside a zip (default upstream's 1,000,000; tests use a small one). */
  maxRowsPerFile?: number;
}

/** The activities with the worker's dependencies: heartbeats go to Temporal, permanent errors are non-retryable. */
export function workerActivities(deps: Pick<DownloadWorkerDeps, 'db' | 'pgPool' | 'downloadDir' | 'maxRowsPerFile'>): DownloadActivities & MonthlyArchiveActivities {
  const common = {
    db: deps.db,
    pgPool: deps.pgPool,
    downloadDir: deps.downloadDir,
    maxRowsPerFile: deps.maxRowsPerFile,
    heartbeat: (progress: number) => Context.current().heartbeat(progress),
    permanentError: (message: string) => ApplicationFailure.nonRetryable(message, 'PermanentDownloadError'),
    cancelled: () => Context.current().cancellationSignal.aborted,
    // Retryable, and benign: the SDK logs it at debug instead of a warning with a stack on every Ctrl-C.
    interrupted: (message: string) => ApplicationFailure.create({ message, type: 'WorkerShutdown', category: ApplicationFailureCategory.BENIGN }),
  };
  return { ...createDownloadActivities(common), ...createMonthlyArchiveActivities(common) };
}

/**
 * A Temporal worker on the download task queue: the workflow code from libs/download-workflows, the
 * activities from libs/downloads. Any number of workers on any number of machines can share the queue.
 */
export async function createDownloadWorker(deps: DownloadWorkerDeps): Promise<Worker> {
  return Worker.create({
    connection: deps.connection,
    namespace: deps.namespace,
    taskQueue: deps.taskQueue,
    workflowBundle: await workflowBundle(),
    activities: workerActivities(deps),
    maxConcurrentActivityTaskExecutions: deps.maxConcurrentJobs ?? 2,
  });
}

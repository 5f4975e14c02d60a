/**
 * Downloads in `npm start`: the Temporal server (TEMPORAL_ADDRESS, or the embedded dev server with its state
 * in <DATA_DIR>/temporal.db), a client for the download app and a download worker in this process.
 */
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { resumeDownloads, type DownloadDeps } from '@usas/download';
import { createDownloadWorker, ensureMonthlyArchiveSchedule, ensureRetentionSchedule, installQuietRuntime } from '@usas/download-worker';
import { temporalTls } from '@usas/downloads';
import type { Config } from '@usas/service-kit';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { freePort } from '@usas/db/embedded';
import { findOrInstallTemporalCli, portFree, startTemporalDevServer } from './temporal-server';

export interface RunningDownloads {
  /** What the gateway's download app needs. */
  app: Omit<DownloadDeps, 'db' | 'primary'>;
  address: string;
  /** Stops the worker (finishing activities in hand), the connections and the embedded server. */
  stop: () => Promise<void>;
}

/** Starts (or connects to) Temporal and runs a download worker in this process. */
export async function startDownloads(options: { config: Config; databaseUrl: string; primary: DatabasePool; say: (line: string) => void }): Promise<RunningDownloads> {
  const { config, say } = options;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    installQuietRuntime();
    let address = config.TEMPORAL_ADDRESS;
    if (!address) {
      const executable = findOrInstallTemporalCli({ cli: config.TEMPORAL_CLI, say });
      const dbFile = path.resolve(config.DATA_DIR, 'temporal.db');
      say(`Starting the Temporal dev server (state in ${dbFile}) ...`);
      // TEMPORAL_PORT, else Temporal's usual 7233, else any free port (another Temporal may hold 7233).
      const port = config.TEMPORAL_PORT ?? ((await portFree(7233)) ? 7233 : await freePort());
      const server = await startTemporalDevServer({ executable, dbFile, port, namespaces: [config.TEMPORAL_NAMESPACE] });
      stops.push(server.stop);
      address = server.address;
    } else {
      say(`Using the Temporal server at ${address}.`);
    }
    const tls = temporalTls(config);
    const connection = await Connection.connect({ address, tls });
    stops.push(() => connection.close());
    const workerConnection = await NativeConnection.connect({ address, tls });
    stops.push(() => workerConnection.close());
    const pgPool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
    stops.push(() => pgPool.end());
    const downloadDir = path.resolve(config.DOWNLOAD_DIR || path.join(config.DATA_DIR, 'downloads'));
    const worker: Worker = await createDownloadWorker({
      connection: workerConnection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      db: options.primary,
      pgPool,
      downloadDir,
    });
    const running = worker.run();
    stops.push(async () => {
      worker.shutdown();
      await running;
    });
    const app = { temporal: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }), taskQueue: config.TEMPORAL_TASK_QUEUE, downloadDir, publicUrl: config.PUBLIC_URL };
    await ensureRetentionSchedule(app.temporal, config.TEMPORAL_TASK_QUEUE, config.DOWNLOAD_RETENTION_HOURS);
    await ensureMonthlyArchiveSchedule(app.temporal, config.TEMPORAL_TASK_QUEUE, { firstRun: config.MONTHLY_ARCHIVE_FIRST_RUN });
    // Jobs accepted by a previous run that died before starting their workflow.
    const resumed = await resumeDownloads({ db: options.primary, ...app }, 0);
    if (resumed.length > 0) say(`Resumed ${resumed.length} accepted download job(s).`);
    return { address, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

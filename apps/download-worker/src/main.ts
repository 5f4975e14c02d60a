/**
 * Download worker alone (split mode, or more workers for one queue): connects to TEMPORAL_ADDRESS and the
 * database (DATABASE_URL) and runs download jobs until SIGINT/SIGTERM, finishing the activities in hand.
 */
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createDbPool } from '@usas/db';
import { createLogger, loadConfig } from '@usas/service-kit';
import pg from 'pg';
import { temporalTls } from '@usas/downloads';
import { ensureMonthlyArchiveSchedule } from './monthly-archive-schedule';
import { ensureRetentionSchedule } from './retention-schedule';
import { createDownloadWorker, installQuietRuntime } from './worker';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'download-worker');
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the download worker alone.');
  if (!config.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is required to run the download worker alone (npm start runs one itself).');
  const db = await createDbPool(config.DATABASE_URL, { maximumPoolSize: 4 });
  const pgPool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  installQuietRuntime();
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS, tls: temporalTls(config) });
  const worker = await createDownloadWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    db,
    pgPool,
    downloadDir: path.resolve(config.DOWNLOAD_DIR || path.join(config.DATA_DIR, 'downloads')),
  });
  const clientConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, tls: temporalTls(config) });
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
  await ensureRetentionSchedule(client, config.TEMPORAL_TASK_QUEUE, config.DOWNLOAD_RETENTION_HOURS);
  await ensureMonthlyArchiveSchedule(client, config.TEMPORAL_TASK_QUEUE, { firstRun: config.MONTHLY_ARCHIVE_FIRST_RUN });
  await clientConnection.close();
  process.once('SIGINT', () => worker.shutdown());
  process.once('SIGTERM', () => worker.shutdown());
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, address: config.TEMPORAL_ADDRESS }, 'download worker running');
  await worker.run();
  await connection.close();
  await pgPool.end();
  await db.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`download worker failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/** Download app alone (split mode): accepts jobs, reports status, serves files; a download worker writes them. */
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createDbPool } from '@usas/db';
import { temporalTls } from '@usas/downloads';
import { runAppProcess } from '@usas/service-kit';
import { sql } from 'slonik';
import { createApp, resumeDownloads } from './app';

runAppProcess('download', async (config) => {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the download app alone.');
  if (!config.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is required to run the download app alone.');
  const primary = await createDbPool(config.DATABASE_URL, { maximumPoolSize: config.DB_POOL_SIZE });
  const db = config.DATABASE_REPLICA_URL ? await createDbPool(config.DATABASE_REPLICA_URL, { maximumPoolSize: config.DB_POOL_SIZE }) : primary;
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, tls: temporalTls(config) });
  const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const deps = {
    db,
    primary,
    temporal,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    downloadDir: path.resolve(config.DOWNLOAD_DIR || path.join(config.DATA_DIR, 'downloads')),
    publicUrl: config.PUBLIC_URL,
  };
  // Jobs accepted by a process that died before starting their workflow.
  await resumeDownloads(deps, 0);
  return {
    router: createApp(deps),
    ready: async () => {
      await primary.oneFirst(sql.unsafe`SELECT 1`);
    },
    close: async () => {
      await connection.close();
      if (db !== primary) await db.end();
      await primary.end();
    },
  };
});

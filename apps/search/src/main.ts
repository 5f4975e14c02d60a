/** Search app alone (split mode): listens on PORT, expects requests validated by the gateway. */
import http from 'node:http';
import { createDbPool } from '@usas/db';
import { createAppServer, createLogger, createMetrics, loadConfig } from '@usas/service-kit';
import { sql } from 'slonik';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the search app alone.');
  const logger = createLogger(config.LOG_LEVEL, 'search');
  // Search only reads: the replica when there is one.
  const db = await createDbPool(config.DATABASE_REPLICA_URL ?? config.DATABASE_URL, { maximumPoolSize: config.DB_POOL_SIZE });
  const app = createAppServer({
    name: 'search',
    router: createApp({ db }),
    logger,
    metrics: createMetrics(),
    bodyLimit: config.BODY_LIMIT,
    ready: async () => {
      await db.oneFirst(sql.unsafe`SELECT 1`);
    },
  });
  const server = http.createServer(app).listen(config.PORT, config.HOST, () => {
    logger.info({ port: config.PORT }, 'search app listening');
  });
  const shutdown = () => {
    server.close(() => {
      void db.end().then(() => process.exit(0));
    });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`search app failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * Gateway process. RUN_MODE=all-in-one (default) mounts every app here against DATABASE_URL;
 * RUN_MODE=split proxies each operation to the app URLs (REFERENCE_URL, ...). For the embedded
 * database, data loading and a one-command start, use `npm start` instead.
 */
import { createLogger, createMetrics, loadConfig, routeLimitsFrom } from '@usas/service-kit';
import { createAllInOneGateway, openServingPools } from './all-in-one';
import { createGateway } from './gateway';
import { listen } from './listen';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'gateway');
  const metrics = createMetrics();
  let closeDb: () => Promise<void> = async () => undefined;
  let gateway;
  if (config.RUN_MODE === 'split') {
    gateway = createGateway({
      logger,
      metrics,
      bodyLimit: config.BODY_LIMIT,
      routeLimits: routeLimitsFrom(config),
      compressMinBytes: config.COMPRESS_MIN_BYTES,
      ready: async () => undefined,
      routing: {
        mode: 'split',
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        upstreams: { reference: config.REFERENCE_URL, search: config.SEARCH_URL, profile: config.PROFILE_URL, download: config.DOWNLOAD_URL },
      },
    });
  } else {
    if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required for the gateway process (or use `npm start`).');
    // The pools belong to this composition (the process), not to the gateway: it gets them injected.
    const pools = await openServingPools(config, config.DATABASE_URL);
    closeDb = pools.end;
    gateway = createAllInOneGateway({
      db: pools.db,
      primary: pools.primary,
      logger,
      metrics,
      bodyLimit: config.BODY_LIMIT,
      routeLimits: routeLimitsFrom(config),
      compressMinBytes: config.COMPRESS_MIN_BYTES,
    });
  }
  await gateway.warmUp();
  const server = await listen(gateway.app, config.PORT, config.HOST, logger);
  logger.info({ url: server.url, mode: config.RUN_MODE }, `gateway listening; API reference at ${server.url}/docs`);
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await server.close();
    await gateway.close();
    await closeDb();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

import http from 'node:http';
import type { Router } from 'express';
import { createAppServer } from './app-server';
import { drainServer } from './drain';
import { loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { createMetrics } from './metrics';

export interface OpenedApp {
  router: Router;
  /** Readiness probe (database reachable). */
  ready: () => Promise<void>;
  /** Releases what `open` acquired (pools). */
  close: () => Promise<void>;
}

/**
 * The `main.ts` of an app in split mode: reads the config, lets the app open its dependencies, serves
 * it on PORT behind the common HTTP shell and closes everything on SIGINT/SIGTERM. Any start-up error
 * ends the process with a one-line message.
 */
export function runAppProcess(name: string, open: (config: Config, logger: Logger) => Promise<OpenedApp>): void {
  const start = async () => {
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL, name);
    const opened = await open(config, logger);
    const app = createAppServer({ name, router: opened.router, logger, metrics: createMetrics(), bodyLimit: config.BODY_LIMIT, ready: opened.ready });
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    logger.info({ port: config.PORT }, `${name} app listening`);
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      // In-flight requests finish (bounded), then the app's pools close, then the process ends.
      void drainServer(server, config.SHUTDOWN_TIMEOUT_MS)
        .then(() => opened.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  };
  start().catch((error: unknown) => {
    process.stderr.write(`${name} app failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

import type { Express, Router } from 'express';
import type { Logger } from 'pino';
import { createHttpApp } from './http-app';
import { jsonBody } from './json-body';
import type { Metrics } from './metrics';

export interface AppServerOptions {
  name: string;
  router: Router;
  logger: Logger;
  metrics: Metrics;
  ready: () => Promise<void>;
  bodyLimit: string;
}

/**
 * One app on its own (split mode): guarded JSON parsing (see jsonBody), health, metrics and the error handler around the
 * app's router. Requests are expected to come validated from the gateway.
 */
export function createAppServer(options: AppServerOptions): Express {
  return createHttpApp({
    name: options.name,
    logger: options.logger,
    metrics: options.metrics,
    ready: options.ready,
    routes: [jsonBody({ limit: options.bodyLimit }), options.router],
  });
}

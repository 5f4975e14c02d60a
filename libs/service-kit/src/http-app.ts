import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { compression } from './compression';
import { createErrorHandler, notFoundHandler, type ErrorTranslator } from './error-handler';
import { createHealthRouter } from './health.route';
import { installExactJson } from './json-content-type';
import type { Metrics } from './metrics';
import { requestScope } from './request-scope';
import { requestLogging } from './request-log';
import { securityHeaders } from './security-headers';
import { urlGuard } from './url-guard';

const PROBE_PATH = /^\/(healthz|readyz|metrics)\/?$/i;

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  metrics: Metrics;
  /** Readiness probe: resolves when dependencies (the database) are reachable. */
  ready: () => Promise<void>;
  /**
   * Steps every request passes after the common ones (body parsing, validation, limits), run in the same
   * single router layer as those: one layer per request instead of one per step.
   */
  steps?: RequestHandler[];
  /** Middleware and routes of the service, mounted after the common steps. */
  routes: Array<RequestHandler | Router>;
  /** Error translators consulted before the generic mapping (e.g. validator errors). */
  translators?: ErrorTranslator[];
  /** Middleware that must run before logging and metrics (e.g. URL normalisation). */
  early?: RequestHandler[];
  /** Smallest response body compressed when the client accepts br or gzip (bytes). Default 1024. */
  compressMinBytes?: number;
}

/**
 * Runs middleware in order as one: every request passes all of these, and one router layer costs less
 * than one per step (each layer is a path match and a trip through the router).
 */
export function chain(steps: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      const current = steps[i];
      i += 1;
      if (!current) {
        next();
        return;
      }
      try {
        void current(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/**
 * Builds an express app with the parts every process shares: `Content-Type: application/json` (no charset)
 * on every JSON answer, security headers, a guard against unusable request targets, request ids, JSON logs,
 * metrics, a request-scoped abort signal, response compression, /healthz, /readyz, /metrics, the JSON 404
 * and the single error handler. It does not listen.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  installExactJson(app);
  const health = createHealthRouter({ name: options.name, logger: options.logger, ready: options.ready });
  const metricsRoute: RequestHandler = async (_req, res, next) => {
    try {
      res.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
  // Probes and /metrics as a step that other requests pass with a length comparison, instead of a trip
  // through the health router and a route layer each.
  const probes: RequestHandler = (req, res, next) => {
    // As express matches routes: case-insensitive, with or without a trailing slash.
    const m = req.path.length <= 9 ? PROBE_PATH.exec(req.path) : null;
    if (!m) next();
    else if (m[1]?.toLowerCase() !== 'metrics') health(req, res, next);
    else if (req.method === 'GET' || req.method === 'HEAD') void metricsRoute(req, res, next);
    else next();
  };
  // Every request passes these in order, in one router layer.
  app.use(
    chain([
      securityHeaders,
      urlGuard,
      ...(options.early ?? []),
      // One 'close' listener per response writes the log line and counts the request.
      requestLogging(app, options.logger, options.metrics.record),
      requestScope,
      compression({ threshold: options.compressMinBytes ?? 1024 }),
      probes,
      ...(options.steps ?? []),
    ]),
  );
  for (const r of options.routes) app.use(r);
  app.use(notFoundHandler);
  app.use(createErrorHandler(options.logger, options.translators));
  return app;
}

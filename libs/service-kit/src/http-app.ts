import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { createErrorHandler, notFoundHandler, type ErrorTranslator } from './error-handler';
import { createHealthRouter } from './health.route';
import { exactJsonContentType } from './json-content-type';
import type { Metrics } from './metrics';
import { requestScope } from './request-scope';

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  metrics: Metrics;
  /** Readiness probe: resolves when dependencies (the database) are reachable. */
  ready: () => Promise<void>;
  /** Middleware and routes of the service, mounted after the common ones. */
  routes: Array<RequestHandler | Router>;
  /** Error translators consulted before the generic mapping (e.g. validator errors). */
  translators?: ErrorTranslator[];
  /** Middleware that must run before logging and metrics (e.g. URL normalisation). */
  early?: RequestHandler[];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds an express app with the parts every process shares: request ids, JSON logs, metrics,
 * /healthz, /readyz, /metrics, the JSON 404, the single error handler and `Content-Type: application/json`
 * (no charset) on every JSON answer. It does not listen.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.use(exactJsonContentType);
  for (const mw of options.early ?? []) app.use(mw);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.headers['x-warmup'] === '1' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(options.metrics.middleware);
  app.use(requestScope);
  app.use(createHealthRouter({ name: options.name, logger: options.logger, ready: options.ready }));
  app.get('/metrics', async (_req, res, next) => {
    try {
      res.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  });
  for (const r of options.routes) app.use(r);
  app.use(notFoundHandler);
  app.use(createErrorHandler(options.logger, options.translators));
  return app;
}

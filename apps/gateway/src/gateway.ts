import { openapiDocument } from '@usas/api-types';
import { createHttpApp, type Logger, type Metrics } from '@usas/service-kit';
import express, { type Express, type RequestHandler, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { cors } from './cors';
import { createDocsRouter } from './docs.route';
import { createPathNormaliser } from './path-normaliser';
import { createProxy, type AppName } from './proxy';
import { fromValidatorError } from './validation-errors';

/** Body limit of POST /api/v2/references/filter/ (interface spec section 8). */
const FILTER_BODY_LIMIT = '512kb';
const FILTER_PATH = /^\/api\/v2\/references\/filter\/?$/;

export type GatewayRouting =
  | { mode: 'all-in-one'; apps: Partial<Record<AppName, Router>> }
  | { mode: 'split'; upstreams: Partial<Record<AppName, string>>; timeoutMs: number };

export interface GatewayOptions {
  logger: Logger;
  metrics: Metrics;
  ready: () => Promise<void>;
  routing: GatewayRouting;
  /** Global JSON body limit (e.g. `1mb`). */
  bodyLimit: string;
  /** Validate responses against the spec too (tests). */
  validateResponses?: boolean;
}

export interface Gateway {
  app: Express;
  /** Compiles every validator up front so the first real request is not slow. */
  warmUp: () => Promise<void>;
  close: () => Promise<void>;
}

/** Routes of the gateway: docs, the bundled spec, validation, then the apps (in-process or proxied). */
export function createGateway(options: GatewayOptions): Gateway {
  const specPaths = Object.keys(openapiDocument.paths);
  const validator = OpenApiValidator.middleware({
    apiSpec: structuredClone(openapiDocument) as never,
    // Unknown query parameters (cache busters such as `?_=1` from browsers and the website) are ignored as
    // upstream does; known ones are still checked against their schemas.
    validateRequests: { allErrors: true, removeAdditional: false, coerceTypes: false, allowUnknownQueryParameters: true },
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateApiSpec: false,
    ignorePaths: (p: string) => !p.startsWith('/api/'),
    $refParser: { mode: 'bundle' },
  });
  const filterJson = express.json({ limit: FILTER_BODY_LIMIT });
  const generalJson = express.json({ limit: options.bodyLimit });
  const jsonBody: RequestHandler = (req, res, next) => (FILTER_PATH.test(req.path) ? filterJson : generalJson)(req, res, next);

  let proxyClose: () => Promise<void> = async () => undefined;
  const appRoutes: Array<RequestHandler | Router> = [];
  if (options.routing.mode === 'all-in-one') {
    for (const router of Object.values(options.routing.apps)) if (router) appRoutes.push(router);
  } else {
    const proxy = createProxy({ urls: options.routing.upstreams, timeoutMs: options.routing.timeoutMs });
    appRoutes.push(proxy.handler);
    proxyClose = proxy.close;
  }

  const specRoute: RequestHandler = (_req, res) => {
    res.json(openapiDocument);
  };
  const app = createHttpApp({
    name: 'gateway',
    logger: options.logger,
    metrics: options.metrics,
    ready: options.ready,
    early: [createPathNormaliser(specPaths), cors],
    translators: [fromValidatorError],
    routes: [
      express.Router().get(['/api/v2/openapi.json', '/openapi.json'], specRoute),
      createDocsRouter(),
      express.Router().get('/', (_req, res) => res.redirect(302, '/docs')),
      jsonBody,
      ...validator,
      ...appRoutes,
    ],
  });

  const warmUp = async () => {
    // The validator compiles each operation's schemas on its first request; send one of each
    // through the app in-process with a body that fails fast, so compilation happens at start.
    const { default: http } = await import('node:http');
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await Promise.all(
        specPaths.flatMap((p) =>
          Object.keys(openapiDocument.paths[p] ?? {})
            .filter((m) => m === 'post')
            .map(async () => {
              const url = `http://127.0.0.1:${port}${p.replace(/\{[^}]+\}/g, 'x')}`;
              await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-warmup': '1' }, body: '[]' }).catch(() => undefined);
            }),
        ),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  return { app, warmUp, close: proxyClose };
}

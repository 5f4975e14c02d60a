import { openapiDocument } from '@usas/api-types';
import { ApiError } from '@usas/errors';
import {
  chain,
  createConcurrencyLimiter,
  createHttpApp,
  jsonBody as createJsonBody,
  markWarmUp,
  type ConcurrencyLimiter,
  type Logger,
  type Metrics,
  type RouteLimits,
} from '@usas/service-kit';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { cors } from './cors';
import { createDocsRouter } from './docs.route';
import { parameterlessOperations, skipValidationWhenNothingToCheck } from './parameterless-routes';
import { createPathNormaliser, slashParameters } from './path-normaliser';
import { createProxy, type AppName } from './proxy';
import { cacheValidatorRouteRegexps } from './route-regexp-cache';
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
  /** Concurrency per route class (DEFAULT_ROUTE_LIMITS when not given). */
  routeLimits?: RouteLimits;
  /** Smallest response body compressed (bytes). */
  compressMinBytes?: number;
}

/** The defaults of SEARCH_/REFERENCE_CONCURRENCY and _QUEUE and RETRY_AFTER_SECONDS (config.ts). */
export const DEFAULT_ROUTE_LIMITS: RouteLimits = {
  limits: { search: { concurrency: 4, queue: 32 }, reference: { concurrency: 8, queue: 64 } },
  retryAfterSeconds: 2,
};

interface OperationSchema {
  operationId?: string;
  'x-app'?: string;
  'x-cache-max-age'?: number;
}

const operationOf = (req: Request): OperationSchema | undefined => (req as Request & { openapi?: { schema?: OperationSchema } }).openapi?.schema;

/**
 * A request for an operation of the spec that no mounted app answered: the app that owns it does not run in
 * this process (all-in-one without downloads, say). That is the service being partly unavailable, not an
 * unknown path, so it is a 503 naming the app rather than the 404 of the fallback.
 */
const unservedOperation: RequestHandler = (req, _res, next) => {
  const app = operationOf(req)?.['x-app'];
  if (!app) return next();
  next(new ApiError('service_unavailable', `The ${app} service does not run in this process; try again later or use another server.`));
};

/**
 * Route class of a validated request: the reference app's lookups and lists are `reference`; every
 * other app's (search aggregations and whatever is added later) `search`, the expensive class.
 */
function routeClassOf(req: Request): string | undefined {
  const app = operationOf(req)?.['x-app'];
  if (!app) return undefined;
  return app === 'reference' ? 'reference' : 'search';
}

/**
 * A required request body that is missing (no bytes, or no JSON Content-Type with an empty body) is a
 * 422. The validator checks this itself only when the body schema is a plain object: a top-level
 * `allOf` (spending_by_category) let an empty POST through to a handler that then failed.
 */
const requireBody: RequestHandler = (req, _res, next) => {
  const op = operationOf(req) as (OperationSchema & { requestBody?: { required?: boolean } }) | undefined;
  if (op?.requestBody?.required && req.body === undefined) {
    next(
      new ApiError('missing_parameter', 'Missing value: the request body is required (a JSON object).', {
        errors: [{ path: '/body', message: 'required', code: 'required' }],
      }),
    );
    return;
  }
  next();
};

/** `Cache-Control` for operations whose answers only change when reference data is loaded. */
const cacheHeaders: RequestHandler = (req, res, next) => {
  const maxAge = operationOf(req)?.['x-cache-max-age'];
  if (maxAge !== undefined && req.method === 'GET') res.setHeader('Cache-Control', `public, max-age=${maxAge}`);
  next();
};

export interface Gateway {
  app: Express;
  /** Compiles every validator up front so the first real request is not slow. */
  warmUp: () => Promise<void>;
  close: () => Promise<void>;
  /** Running and waiting requests per route class. */
  limiter: ConcurrencyLimiter;
}

/**
 * Hands a validated request to the router of the app that owns its operation (`x-app`), instead of
 * walking every app's routes in turn. A request without a known owner, or one its owner passes on, goes
 * through them all, in order (as mounting each app would).
 */
function dispatchByApp(apps: Partial<Record<AppName, Router>>): RequestHandler {
  const routers = Object.values(apps).filter((r): r is Router => r !== undefined);
  const owners = new Map<string, Router>(Object.entries(apps).filter((e): e is [AppName, Router] => e[1] !== undefined));
  const everyApp = chain(routers);
  return (req, res, next) => {
    const app = operationOf(req)?.['x-app'];
    const owner = app === undefined ? undefined : owners.get(app);
    if (!owner) everyApp(req, res, next);
    else owner(req, res, (error?: unknown) => (error === undefined || error === null ? everyApp(req, res, next) : next(error)));
  };
}

/** Runs `router` only for requests outside `/api/v2/` and for the spec itself. */
function outsideApi(router: Router): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith('/api/v2/') && !req.path.startsWith('/api/v2/openapi.json')) next();
    else router(req, res, next);
  };
}

/** Routes of the gateway: docs, the bundled spec, validation, then the apps (in-process or proxied). */
export function createGateway(options: GatewayOptions): Gateway {
  cacheValidatorRouteRegexps();
  const specPaths = Object.keys(openapiDocument.paths);
  const validator = OpenApiValidator.middleware({
    apiSpec: structuredClone(openapiDocument) as never,
    // Unknown query parameters (cache busters such as `?_=1` from browsers and the website) are ignored as
    // upstream does; known ones are still checked against their schemas.
    validateRequests: { allErrors: true, removeAdditional: false, coerceTypes: false, allowUnknownQueryParameters: true },
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateApiSpec: false,
    // No operation takes multipart bodies: without this the validator adds a multipart step to every request.
    fileUploader: false,
    ignorePaths: (p: string) => !p.startsWith('/api/'),
    $refParser: { mode: 'bundle' },
  });
  // With response validation off (production), operations that take nothing skip the request
  // validator: it would find nothing to check (see skipValidationWhenNothingToCheck).
  const nothingToCheck = skipValidationWhenNothingToCheck(parameterlessOperations(openapiDocument.paths as Record<string, Record<string, unknown>>));
  const requestValidation: RequestHandler[] = options.validateResponses
    ? [chain(validator)]
    : [nothingToCheck.mark, nothingToCheck.unlessMarked(chain(validator))];
  const filterJson = createJsonBody({ limit: FILTER_BODY_LIMIT });
  const generalJson = createJsonBody({ limit: options.bodyLimit });
  const routeLimits = options.routeLimits ?? DEFAULT_ROUTE_LIMITS;
  const limiter = createConcurrencyLimiter({ ...routeLimits, classOf: routeClassOf });
  const jsonBody: RequestHandler = (req, res, next) => {
    // Most requests (GETs) carry no body: nothing to parse, no path to test.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) next();
    else (FILTER_PATH.test(req.path) ? filterJson : generalJson)(req, res, next);
  };

  let proxyClose: () => Promise<void> = async () => undefined;
  const appRoutes: Array<RequestHandler | Router> = [];
  if (options.routing.mode === 'all-in-one') {
    appRoutes.push(dispatchByApp(options.routing.apps));
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
    early: [createPathNormaliser(specPaths, slashParameters(openapiDocument)), cors],
    translators: [fromValidatorError],
    ...(options.compressMinBytes === undefined ? {} : { compressMinBytes: options.compressMinBytes }),
    // Every API request passes these steps in order, in the same router layer as the common ones.
    steps: [
      // The spec, the docs page and its assets are not under /api/v2/ (but the spec): API requests skip them.
      outsideApi(
        express
          .Router()
          .get(['/api/v2/openapi.json', '/openapi.json'], specRoute)
          .use(createDocsRouter())
          .get('/', (_req, res) => res.redirect(302, '/docs')),
      ),
      jsonBody,
      ...requestValidation,
      requireBody,
      cacheHeaders,
      limiter.middleware,
    ],
    routes: [...appRoutes, unservedOperation],
  });

  const warmUp = async () => {
    // The validator compiles each operation's schemas on its first request; send one of each
    // through the app in-process with a body that fails fast, so compilation happens at start.
    // They are logged (at debug, see markWarmUp) and counted like any other request; no header a client
    // could send hides a request, and their request ids say what they are.
    const { default: http } = await import('node:http');
    // Requests reaching this short-lived server are the process's own: marked by the server, not by a header.
    const server = http.createServer((req, res) => {
      markWarmUp(req);
      app(req, res);
    });
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
              const headers = { 'content-type': 'application/json', 'x-request-id': `warm-up:${p.replace(/[^A-Za-z0-9._-]+/g, '.')}`.slice(0, 128) };
              await fetch(url, { method: 'POST', headers, body: '[]' }).catch(() => undefined);
            }),
        ),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  };

  return { app, warmUp, close: proxyClose, limiter };
}

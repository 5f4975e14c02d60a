import type { Request, RequestHandler } from 'express';

interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
}

/** The operations of a spec that take nothing at all: no parameters (path, query, header) and no body. */
export function parameterlessOperations(paths: Record<string, Record<string, unknown>>): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(paths)) {
    if (path.includes('{') || (Array.isArray(item.parameters) && item.parameters.length > 0)) continue;
    for (const method of ['get', 'head', 'delete'] as const) {
      const op = item[method] as Operation | undefined;
      if (!op || (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined) continue;
      out.set(`${method.toUpperCase()} ${path}`, op);
    }
  }
  return out;
}

/**
 * Lets a request to an operation that takes nothing skip the request validator, which would find
 * nothing to check: no path or query parameter, no header parameter, no body (and here, no query
 * string at all: one goes through the validator as usual). It sets `req.openapi` the way the validator's
 * metadata step does, so metrics, routing and caching see the operation, and marks the request so the
 * validator steps are passed over. Worth it because the validator (5.6.2) finds a request's operation
 * by trying every spec path in turn and builds a parameter mutator for every request: about a third of
 * the gateway's CPU on a cheap reference list. Used only without response validation (tests turn that
 * on, and it needs the validator's own metadata).
 */
export function skipValidationWhenNothingToCheck(operations: Map<string, Operation>): { mark: RequestHandler; unlessMarked: (handler: RequestHandler) => RequestHandler } {
  const SKIP = Symbol('nothing to validate');
  // Method, then path: no key string built per request.
  const byMethod = new Map<string, Map<string, Operation>>();
  for (const [key, op] of operations) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    let paths = byMethod.get(method);
    if (!paths) byMethod.set(method, (paths = new Map()));
    paths.set(key.slice(space + 1), op);
  }
  const mark: RequestHandler = (req, _res, next) => {
    if (!req.url.includes('?')) {
      const op = byMethod.get(req.method)?.get(req.path);
      if (op) {
        (req as Request & { openapi?: unknown; [SKIP]?: boolean }).openapi = {
          expressRoute: req.path, // a path without parameters is its own express route
          openApiRoute: req.path,
          pathParams: {},
          schema: op,
        };
        (req as Request & { [SKIP]?: boolean })[SKIP] = true;
      }
    }
    next();
  };
  const unlessMarked =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if ((req as Request & { [SKIP]?: boolean })[SKIP]) next();
      else void handler(req, res, next);
    };
  return { mark, unlessMarked };
}

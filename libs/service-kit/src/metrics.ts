import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';

/** Per-process Prometheus registry with request counters and latency histograms per operation. */
export interface Metrics {
  registry: Registry;
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /**
   * Counts one finished request and its latency (seconds). The middleware calls it on 'finish'; an app
   * that already has a listener on every response (createHttpApp's request log) calls it from there
   * instead of adding another.
   */
  record: (req: Request, res: Response, seconds: number) => void;
}

/** Operation name for a request: the OpenAPI operationId when the validator resolved one. */
function operationOf(req: Request): string {
  const schema = (req as Request & { openapi?: { schema?: { operationId?: string } } }).openapi?.schema;
  if (schema?.operationId) return schema.operationId;
  if (req.path === '/healthz' || req.path === '/readyz' || req.path === '/metrics') return req.path.slice(1);
  return 'unmatched';
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by operation, method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by operation',
    labelNames: ['operation', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // prom-client hashes the label values on every inc/observe; the children of each label set are
  // kept instead (operations x methods x statuses: a few hundred at most).
  const children = new Map<string, { count: { inc: () => void }; time: { observe: (v: number) => void } }>();
  const record = (req: Request, res: Response, seconds: number): void => {
    const operation = operationOf(req);
    const method = req.method;
    const status = res.statusCode;
    const key = `${operation} ${method} ${status}`;
    let child = children.get(key);
    if (!child) {
      const s = String(status);
      child = { count: requests.labels(operation, method, s), time: latency.labels(operation, method, s) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  };
  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    const start = performance.now();
    res.once('finish', () => record(req, res, (performance.now() - start) / 1e3));
    next();
  };
  return { registry, middleware, record };
}

import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { createLogThrottle } from './log-throttle';

export interface HealthOptions {
  name: string;
  logger: Logger;
  /** Resolves when the dependencies (the database) answer. */
  ready: () => Promise<void>;
  /** How long a probe may take before the database counts as down (ms). */
  probeTimeoutMs?: number;
}

/** Runs the readiness probe with a deadline: a paused database must not hang the probe itself. */
async function probe(ready: () => Promise<void>, timeoutMs: number): Promise<{ up: true } | { up: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready(),
      new Promise<never>((_r, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { up: true };
  } catch (error) {
    return { up: false, error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (liveness: always 200 while the process serves, with the database state for humans and
 * dashboards; restarting the process would not bring a database back) and `/readyz` (readiness: 503
 * while the database does not answer, so a load balancer sends traffic elsewhere).
 */
export function createHealthRouter(options: HealthOptions): Router {
  const timeout = options.probeTimeoutMs ?? 2_000;
  const throttle = createLogThrottle(10_000);
  const warn = (error: unknown) => {
    const t = throttle('readiness');
    if (t.log) options.logger.warn({ err: error, suppressed: t.suppressed }, 'readiness check failed');
  };
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    const result = await probe(options.ready, timeout);
    if (!result.up) warn(result.error);
    res.json({ status: 'ok', service: options.name, database: result.up ? 'up' : 'down' });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await probe(options.ready, timeout);
    if (result.up) {
      res.json({ status: 'ready', service: options.name });
      return;
    }
    warn(result.error);
    res.status(503).json({ detail: 'Database is not reachable.', errors: [] });
  });
  return router;
}

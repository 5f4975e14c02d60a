import { ApiError } from '@usas/errors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface RouteClassLimit {
  /** Requests of the class served at the same time. */
  concurrency: number;
  /** Requests of the class waiting for a slot; one more is answered 503 at once. */
  queue: number;
}

export interface ConcurrencyLimitOptions {
  limits: Record<string, RouteClassLimit>;
  /** The class of a request, or undefined for requests that are not limited. */
  classOf: (req: Request) => string | undefined;
  /** Seconds sent in `Retry-After` with a 503. */
  retryAfterSeconds: number;
}

interface Waiter {
  next: NextFunction;
  res: Response;
}

/** One route class: a counter of running requests and a FIFO of waiting ones. */
class Gate {
  running = 0;
  readonly waiting: Waiter[] = [];

  constructor(readonly limit: RouteClassLimit) {}

  /** Runs `w` now or queues it; false when the queue is full. */
  admit(w: Waiter): boolean {
    if (this.running < this.limit.concurrency) {
      this.start(w);
      return true;
    }
    if (this.waiting.length >= this.limit.queue) return false;
    this.waiting.push(w);
    // A client that leaves while queued gives its place up.
    w.res.once('close', () => {
      const i = this.waiting.indexOf(w);
      if (i !== -1) this.waiting.splice(i, 1);
    });
    return true;
  }

  private start(w: Waiter): void {
    this.running += 1;
    // One shared listener (the gate is kept on the response), not a closure per request.
    (w.res as Response & { [GATE]?: Gate })[GATE] = this;
    w.res.on('close', releaseSlot);
    w.next();
  }

  /** Frees a running request's slot and starts the first waiting one. */
  release(): void {
    this.running -= 1;
    const following = this.waiting.shift();
    if (following) this.start(following);
  }
}

const GATE = Symbol('concurrency gate');

/** 'close' listener of a running request's response: gives its slot back, once. */
function releaseSlot(this: Response & { [GATE]?: Gate }): void {
  const gate = this[GATE];
  if (!gate) return;
  this[GATE] = undefined;
  gate.release();
}

export interface ConcurrencyLimiter {
  middleware: RequestHandler;
  /** Running and waiting requests per class (metrics, tests). */
  state: () => Record<string, { running: number; waiting: number }>;
}

/**
 * Bounds the requests of each route class that run at once (say, search aggregations that hold a
 * database connection for seconds) and the short queue in front of them; a request that finds the
 * queue full is answered 503 with `Retry-After` at once instead of piling up. A slot is freed when the
 * response is finished or the connection closes.
 */
export function createConcurrencyLimiter(options: ConcurrencyLimitOptions): ConcurrencyLimiter {
  const gates = new Map(Object.entries(options.limits).map(([name, limit]) => [name, new Gate(limit)]));
  const middleware: RequestHandler = (req, res, next) => {
    const name = options.classOf(req);
    const gate = name === undefined ? undefined : gates.get(name);
    if (!gate) {
      next();
      return;
    }
    if (!gate.admit({ next, res })) {
      res.setHeader('Retry-After', String(options.retryAfterSeconds));
      next(new ApiError('service_unavailable', `Too many ${name} requests in progress; retry in ${options.retryAfterSeconds} s.`));
    }
  };
  const state = () => Object.fromEntries([...gates].map(([name, g]) => [name, { running: g.running, waiting: g.waiting.length }]));
  return { middleware, state };
}

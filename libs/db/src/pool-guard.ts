/**
 * Bounds every database call of a request so an overloaded, paused or dead PostgreSQL turns into a
 * fast 503 instead of a pile-up:
 *
 * - a slot per pool connection, waited for at most `acquireTimeout` (slonik's own queue waits forever);
 * - a client-side deadline a little past the server's statement_timeout, because a paused server
 *   (SIGSTOP, a frozen VM) never enforces its own timeout;
 * - cancellation: when the request's AbortSignal fires (client disconnected) or the deadline passes,
 *   the backend running the query gets `pg_cancel_backend`, so it stops holding a connection and CPU.
 *
 * Slonik 47 takes no AbortSignal and hides the pg client, so the backend pid of each pooled connection
 * is learnt once (afterPoolConnection) and the connections an operation used are recorded by an
 * interceptor through AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '@usas/errors';
import pg from 'pg';
import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  ConnectionError,
  sql,
  StatementCancelledError,
  StatementTimeoutError,
  type DatabasePool,
  type Interceptor,
} from 'slonik';
import { z } from 'zod';

export interface PoolGuardOptions {
  /** Concurrent operations (= pool connections). */
  slots: number;
  /** Milliseconds to wait for a free slot before answering 503. */
  acquireTimeout: number;
  /** The server-side statement_timeout in ms, or undefined when the pool has none (loaders). */
  statementTimeout: number | undefined;
  /** The current request's abort signal (fires when the client goes away), if any. */
  requestSignal?: () => AbortSignal | undefined;
}

/** Extra time past statement_timeout before the client gives up on a server that does not answer. */
const DEADLINE_GRACE_MS = 1_000;
const CONNECTION_PIDS_KEPT = 1_000;

interface Operation {
  connectionIds: Set<string>;
}

/** Methods that take a slot; the rest of the pool (events, state, end, configuration) passes through. */
const GUARDED = new Set(['any', 'anyFirst', 'exists', 'many', 'manyFirst', 'maybeOne', 'maybeOneFirst', 'one', 'oneFirst', 'query', 'transaction', 'connect', 'stream']);
/**
 * Streams (exports) legitimately run long, and `connect`/`transaction` run a caller's routine of many
 * statements (each bounded by statement_timeout on the server): they get a slot and cancellation but
 * no client-side deadline for the whole.
 */
const NO_DEADLINE = new Set(['stream', 'connect', 'transaction']);

const PG_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);

/** Whether an error means "the database is not there" rather than "this query is wrong". */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof BackendTerminatedError || error instanceof BackendTerminatedUnexpectedlyError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; originalError?: unknown };
  if (typeof e.code === 'string' && PG_UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && /connection terminated|timeout expired|connection pool is being terminated|Connection refused/i.test(e.message)) return true;
  return isUnavailableError(e.cause) || (e.originalError !== undefined && isUnavailableError(e.originalError));
}

class Slots {
  private free: number;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(size: number) {
    this.free = size;
  }

  acquire(timeout: number, signal: AbortSignal | undefined): Promise<() => void> {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.free++;
    };
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          cleanup();
          resolve(release);
        },
      };
      const drop = (error: ApiError) => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        cleanup();
        reject(error);
      };
      const timer = setTimeout(
        () => drop(new ApiError('service_unavailable', 'All database connections are busy; try again shortly.')),
        timeout,
      );
      const onAbort = () => drop(new ApiError('service_unavailable', 'The request was cancelled by the client.'));
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }
}

/** What a guarded pool adds: the interceptor that must be installed on the slonik pool, and the wrapper. */
export interface PoolGuard {
  interceptor: Interceptor;
  /** Wraps a pool built with `interceptor`; `connectionUri` is used for pg_cancel_backend. */
  wrap: (pool: DatabasePool, connectionUri: string) => DatabasePool;
}

/** Builds the guard for one pool (see the module comment for what it bounds and why). */
export function createPoolGuard(options: PoolGuardOptions): PoolGuard {
  const operations = new AsyncLocalStorage<Operation>();
  const pids = new Map<string, number>();
  const slots = new Slots(options.slots);

  const interceptor: Interceptor = {
    name: 'usas-pool-guard',
    afterPoolConnection: async (context, connection) => {
      if (!pids.has(context.connectionId)) {
        const pid = await connection.oneFirst(sql.type(z.object({ pid: z.number() }))`SELECT pg_backend_pid() AS pid`);
        pids.set(context.connectionId, pid);
        if (pids.size > CONNECTION_PIDS_KEPT) pids.delete(pids.keys().next().value as string);
      }
      return null;
    },
    beforeQueryExecution: (context) => {
      operations.getStore()?.connectionIds.add(context.connectionId);
      return null;
    },
  };

  const wrap = (pool: DatabasePool, connectionUri: string): DatabasePool => {
    // One short-lived connection per cancellation: pg_cancel_backend must not wait for a slot of the
    // (possibly starved) pool it is trying to free.
    const cancel = async (operation: Operation) => {
      const targets = [...operation.connectionIds].map((id) => pids.get(id)).filter((p): p is number => p !== undefined);
      if (targets.length === 0) return;
      const client = new pg.Client({ connectionString: connectionUri, connectionTimeoutMillis: 2_000, application_name: 'usas-cancel' });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [targets]);
      } catch {
        // The server is gone or paused: nothing is running on it that we could stop.
      } finally {
        await client.end().catch(() => undefined);
      }
    };

    const guarded = (method: string, fn: (...args: unknown[]) => Promise<unknown>) =>
      async (...args: unknown[]): Promise<unknown> => {
        const signal = options.requestSignal?.();
        if (signal?.aborted) throw new ApiError('service_unavailable', 'The request was cancelled by the client.');
        const release = await slots.acquire(options.acquireTimeout, signal);
        const operation: Operation = { connectionIds: new Set() };
        const work = operations.run(operation, () => fn(...args));
        // The slot is held until the driver really lets go of the connection, even after we gave up
        // waiting, so a paused server cannot make the pool open more and more connections.
        work.then(release, release);
        const deadline = options.statementTimeout !== undefined && !NO_DEADLINE.has(method) ? options.statementTimeout + DEADLINE_GRACE_MS : undefined;
        let timer: NodeJS.Timeout | undefined;
        let onAbort: (() => void) | undefined;
        const stop = new Promise<never>((_resolve, reject) => {
          if (deadline !== undefined) {
            timer = setTimeout(() => {
              void cancel(operation);
              reject(new ApiError('service_unavailable', `The database did not answer within ${deadline} ms; try again shortly.`));
            }, deadline);
          }
          if (signal) {
            onAbort = () => {
              void cancel(operation);
              reject(new ApiError('service_unavailable', 'The request was cancelled by the client.'));
            };
            signal.addEventListener('abort', onAbort, { once: true });
          }
        });
        stop.catch(() => undefined);
        try {
          return await Promise.race([work, stop]);
        } catch (error) {
          throw translate(error, options.statementTimeout);
        } finally {
          if (timer) clearTimeout(timer);
          if (onAbort) signal?.removeEventListener('abort', onAbort);
        }
      };

    // Slonik's end() rejects when a connection died mid-query earlier (the destroy re-awaits the failed
    // query); for the caller the pool is closed either way, and a shutdown must go on to the next step.
    const end = () => pool.end().catch(() => undefined);
    const wrapped = new Map<string, unknown>([['end', end]]);
    return new Proxy(pool, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop === 'end') return end;
        if (typeof prop !== 'string' || !GUARDED.has(prop) || typeof value !== 'function') return value;
        let w = wrapped.get(prop);
        if (!w) {
          w = guarded(prop, (value as (...a: unknown[]) => Promise<unknown>).bind(target));
          wrapped.set(prop, w);
        }
        return w;
      },
    });
  };

  return { interceptor, wrap };
}

/** Database outages and timeouts become a 503 whose text says what to do; query errors pass unchanged. */
function translate(error: unknown, statementTimeout: number | undefined): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof StatementTimeoutError) {
    return new ApiError(
      'service_unavailable',
      `The query took longer than the ${statementTimeout ?? 'configured'} ms limit; narrow the request (fewer filter values, a shorter period) or try again later.`,
      { cause: error },
    );
  }
  if (error instanceof StatementCancelledError) return new ApiError('service_unavailable', 'The query was cancelled; try again shortly.', { cause: error });
  if (isUnavailableError(error)) return new ApiError('service_unavailable', 'The database is unavailable; try again shortly.', { cause: error });
  return error;
}

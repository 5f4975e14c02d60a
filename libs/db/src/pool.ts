import { createPool, type DatabasePool } from 'slonik';
import type { DriverTypeParser } from '@slonik/driver';
import { createPoolGuard } from './pool-guard';
import { createResultParserInterceptor } from './result-parser.interceptor';

export type { DatabasePool };

/** PostgreSQL text timestamps (`2026-01-02 03:04:05.6+00`) to ISO-8601; the offset needs its minutes for Date. */
export const toIso = (value: string): string =>
  new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();

/**
 * Type parsers: int8 and numeric as JS numbers (API amounts are JSON numbers), dates stay
 * `YYYY-MM-DD` strings, timestamps become ISO-8601 strings.
 */
const typeParsers: DriverTypeParser[] = [
  { name: 'int8', parse: (v) => Number.parseInt(v, 10) },
  { name: 'numeric', parse: (v) => Number.parseFloat(v) },
  { name: 'date', parse: (v) => v },
  { name: 'timestamp', parse: (v) => toIso(`${v}+00`) },
  { name: 'timestamptz', parse: (v) => toIso(v) },
];

export interface DbPoolOptions {
  maximumPoolSize?: number;
  /**
   * Server-side statement_timeout in milliseconds (default 60 s); `'DISABLE_TIMEOUT'` for loaders and
   * migrations. The client gives up shortly after it too, for a server that does not answer at all.
   */
  statementTimeout?: number | 'DISABLE_TIMEOUT';
  /** Milliseconds a caller waits for a free connection before a 503 (default 5 s). */
  acquireTimeout?: number;
  /** The current request's abort signal: a query still running when it fires is cancelled. */
  requestSignal?: () => AbortSignal | undefined;
  /**
   * Milliseconds to wait for a new connection to open (default 3 s: a paused server should give a quick 503).
   * Test databases use a longer one, since a busy machine may take longer to open a freshly cloned database.
   */
  connectionTimeout?: number;
}

/**
 * Creates the slonik pool every process uses, with validating result parsers and the guard that
 * bounds waiting, answers 503 on outages and cancels queries of requests that went away.
 */
export async function createDbPool(url: string, options: DbPoolOptions = {}): Promise<DatabasePool> {
  const maximumPoolSize = options.maximumPoolSize ?? 10;
  const statementTimeout = options.statementTimeout ?? 60_000;
  const guard = createPoolGuard({
    slots: maximumPoolSize,
    acquireTimeout: options.acquireTimeout ?? 5_000,
    statementTimeout: statementTimeout === 'DISABLE_TIMEOUT' ? undefined : statementTimeout,
    requestSignal: options.requestSignal,
  });
  const pool = await createPool(url, {
    interceptors: [guard.interceptor, createResultParserInterceptor()],
    typeParsers,
    maximumPoolSize,
    statementTimeout,
    // Connecting to a paused server hangs in the TCP backlog: give up quickly so the caller gets its 503.
    connectionTimeout: options.connectionTimeout ?? 3_000,
    connectionRetryLimit: 1,
    idleTimeout: 30_000,
    // Slonik's default runs DISCARD ALL whenever a connection goes back to the pool: a round trip after every
    // query, and it throws away the cached plans of the PL/pgSQL functions the endpoints call. Nothing here
    // leaves session state behind (SET LOCAL / set_config(..., true), temp tables ON COMMIT DROP, transaction
    // advisory locks only), so a connection is returned as it is.
    resetConnection: async () => undefined,
  });
  // Slonik also emits each failed query's error on the pool; an EventEmitter 'error' without a listener
  // throws (a 500 instead of the caller's own error, or a crash). The caller gets the error anyway.
  pool.on('error', () => undefined);
  return guard.wrap(pool, url);
}

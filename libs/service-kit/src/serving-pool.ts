import type { Config } from './config';
import { requestSignal } from './request-scope';

/**
 * The database pool settings of a process that serves requests: the interactive statement timeout,
 * the bounded wait for a connection and the request's abort signal (so a query whose client left is
 * cancelled). Spread into `createDbPool` options; kept here so every main.ts wires the same thing.
 */
export function servingPool(config: Pick<Config, 'DB_STATEMENT_TIMEOUT_MS' | 'DB_ACQUIRE_TIMEOUT_MS'>): {
  statementTimeout: number;
  acquireTimeout: number;
  requestSignal: () => AbortSignal | undefined;
} {
  return { statementTimeout: config.DB_STATEMENT_TIMEOUT_MS, acquireTimeout: config.DB_ACQUIRE_TIMEOUT_MS, requestSignal };
}

import { createPool, type DatabasePool } from 'slonik';
import type { DriverTypeParser } from '@slonik/driver';
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
  /** Milliseconds; default 60 s. */
  statementTimeout?: number;
}

/** Creates the slonik pool every process uses, with validating result parsers. */
export async function createDbPool(url: string, options: DbPoolOptions = {}): Promise<DatabasePool> {
  return createPool(url, {
    interceptors: [createResultParserInterceptor()],
    typeParsers,
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: options.statementTimeout ?? 60_000,
    connectionTimeout: 10_000,
    idleTimeout: 30_000,
  });
}

import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from '@usas/api-types';

export type SpendingClient = Client<paths>;

/**
 * A typed client of the Federal Spending Data Service (and of the upstream USAspending API v2,
 * whose paths and fields it mirrors). Paths, bodies and responses are checked at compile time
 * against the OpenAPI document.
 */
export function createSpendingClient(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'> = {}): SpendingClient {
  return createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/$/, '') });
}

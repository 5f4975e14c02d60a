import { createApp as createProfileApp } from '@usas/profile';
import { createApp as createDownloadApp, type DownloadDeps } from '@usas/download';
import { createApp as createReferenceApp } from '@usas/reference';
import { createApp as createSearchApp } from '@usas/search';
import type { Logger, Metrics, RouteLimits } from '@usas/service-kit';
import { sql, type DatabasePool } from 'slonik';
import { createGateway, type Gateway } from './gateway';

export interface AllInOneOptions {
  db: DatabasePool;
  /** Primary for writes when `db` is a replica. */
  primary?: DatabasePool;
  logger: Logger;
  metrics: Metrics;
  bodyLimit: string;
  validateResponses?: boolean;
  /** Concurrency per route class (config: routeLimitsFrom). */
  routeLimits?: RouteLimits;
  compressMinBytes?: number;
  /** Temporal client, task queue and download directory: mounts the download app when given. */
  download?: Omit<DownloadDeps, 'db' | 'primary'>;
}

/** The default mode: the gateway with every app mounted in the same process. */
export function createAllInOneGateway(options: AllInOneOptions): Gateway {
  const deps = { db: options.db, primary: options.primary ?? options.db };
  return createGateway({
    logger: options.logger,
    metrics: options.metrics,
    bodyLimit: options.bodyLimit,
    validateResponses: options.validateResponses ?? false,
    ...(options.routeLimits ? { routeLimits: options.routeLimits } : {}),
    ...(options.compressMinBytes === undefined ? {} : { compressMinBytes: options.compressMinBytes }),
    ready: async () => {
      await options.db.oneFirst(sql.unsafe`SELECT 1`);
    },
    routing: {
      mode: 'all-in-one',
      apps: {
        reference: createReferenceApp(deps),
        search: createSearchApp(deps),
        profile: createProfileApp(deps),
        ...(options.download ? { download: createDownloadApp({ ...deps, ...options.download }) } : {}),
      },
    },
  });
}

import { createApp as createProfileApp } from '@usas/profile';
import { createApp as createDownloadApp, type DownloadDeps } from '@usas/download';
import { createApp as createReferenceApp } from '@usas/reference';
import { createApp as createSearchApp } from '@usas/search';
import { createDbPool } from '@usas/db';
import { servingPool, type Config, type Logger, type Metrics, type RouteLimits } from '@usas/service-kit';
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

/** The serving pools of an all-in-one process: reads (the replica when there is one) and writes. */
export interface ServingPools {
  db: DatabasePool;
  primary: DatabasePool;
  /** Ends both pools (once each). */
  end: () => Promise<void>;
}

/**
 * Opens the pools the apps of an all-in-one process serve from, with the interactive statement timeout,
 * the bounded connection wait and request cancellation (servingPool): reads from DATABASE_REPLICA_URL when
 * set, writes to `primaryUrl`. The composition that starts the process owns them (the launcher, or the
 * gateway's own main.ts) and hands them to createAllInOneGateway; the gateway itself never opens one.
 */
export async function openServingPools(
  config: Pick<Config, 'DATABASE_REPLICA_URL' | 'DB_POOL_SIZE' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_ACQUIRE_TIMEOUT_MS'>,
  primaryUrl: string,
): Promise<ServingPools> {
  const serving = { ...servingPool(config), maximumPoolSize: config.DB_POOL_SIZE };
  const db = await createDbPool(config.DATABASE_REPLICA_URL ?? primaryUrl, serving);
  const primary = config.DATABASE_REPLICA_URL ? await createDbPool(primaryUrl, { ...serving, maximumPoolSize: 4 }) : db;
  return {
    db,
    primary,
    end: async () => {
      await db.end();
      if (primary !== db) await primary.end();
    },
  };
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

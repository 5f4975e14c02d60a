import { openDatabase, type DatabaseHandle } from '@usas/db/embedded';
import type { Config } from '@usas/service-kit';

/** The database of a command-line tool: DATABASE_URL, or the embedded server under DATA_DIR. */
export function resolveDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
}

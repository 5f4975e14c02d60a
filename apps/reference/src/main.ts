/** Reference app alone (split mode): listens on PORT, expects requests validated by the gateway. */
import { createDbPool } from '@usas/db';
import { runAppProcess, servingPool } from '@usas/service-kit';
import { sql } from 'slonik';
import { createApp } from './app';

runAppProcess('reference', async (config) => {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the reference app alone.');
  // Reads may go to a replica; filter hashes are written to the primary.
  const db = await createDbPool(config.DATABASE_REPLICA_URL ?? config.DATABASE_URL, { ...servingPool(config), maximumPoolSize: config.DB_POOL_SIZE });
  const primary = config.DATABASE_REPLICA_URL ? await createDbPool(config.DATABASE_URL, { ...servingPool(config), maximumPoolSize: 4 }) : db;
  return {
    router: createApp({ db, primary }),
    ready: async () => {
      await db.oneFirst(sql.unsafe`SELECT 1`);
    },
    close: async () => {
      await db.end();
      if (primary !== db) await primary.end();
    },
  };
});

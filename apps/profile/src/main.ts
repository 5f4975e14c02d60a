/** Profile app alone (split mode): listens on PORT, expects requests validated by the gateway. */
import { createDbPool } from '@usas/db';
import { runAppProcess, servingPool } from '@usas/service-kit';
import { sql } from 'slonik';
import { createApp } from './app';

runAppProcess('profile', async (config) => {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the profile app alone.');
  // Profiles only read: the replica when there is one.
  const db = await createDbPool(config.DATABASE_REPLICA_URL ?? config.DATABASE_URL, { ...servingPool(config), maximumPoolSize: config.DB_POOL_SIZE });
  return {
    router: createApp({ db }),
    ready: async () => {
      await db.oneFirst(sql.unsafe`SELECT 1`);
    },
    close: () => db.end(),
  };
});

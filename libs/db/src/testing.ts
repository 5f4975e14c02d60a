import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { createDbPool } from './pool';

export interface TestDatabase {
  url: string;
  pool: DatabasePool;
  /** Ends the pool and drops the database. */
  drop: () => Promise<void>;
}

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: integration tests must run under jest's global setup (npm test).`);
  return v;
}

/** Connection string for another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh database cloned from the migrated, seeded test template (CREATE DATABASE ... TEMPLATE),
 * private to the calling test file.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = env('USAS_TEST_ADMIN_URL');
  const template = env('USAS_TEST_TEMPLATE');
  const name = `usas_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  // Tests fire bursts of parallel requests on a shared machine: wait for a connection rather than fail fast.
  const pool = await createDbPool(url, { maximumPoolSize: 4, acquireTimeout: 30_000, connectionTimeout: 30_000 });
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

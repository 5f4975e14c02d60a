import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
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

/**
 * The summary and ranking tables of the read model (search_summary_*, search_ranking_*, the refresh state aside),
 * each as its rows in a canonical order: what tests compare between two ways of refreshing them.
 */
export async function summarySnapshot(pool: DatabasePool): Promise<Record<string, string>> {
  const tables = await pool.anyFirst(sql.unsafe`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
      AND (tablename LIKE 'search\_summary\_%' OR tablename LIKE 'search\_ranking\_%') AND tablename <> 'search_summary_state'
    ORDER BY 1`);
  const out: Record<string, string> = {};
  for (const t of tables.map(String)) {
    out[t] = String(await pool.oneFirst(sql.unsafe`SELECT coalesce(string_agg(r, E'\n' ORDER BY r), '') FROM (SELECT to_jsonb(t)::text AS r FROM ${sql.identifier([t])} AS t) AS x`));
  }
  return out;
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Directory of the numbered, immutable `.sql` migrations. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const LOCK_KEY = 7_411_002; // arbitrary, fixed: serialises concurrent migrators on one database

export interface Migration {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/** Reads the migration files in order; only the `-- Up Migration` part of each file is run. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort()
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new Error(`unreachable: ${file}`);
      const text = readFileSync(path.join(dir, file), 'utf8');
      const up = text.split(/^-- Down Migration\s*$/m)[0] ?? text;
      return {
        id: Number(match[1]),
        name: file,
        sql: up,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
}

/**
 * Applies pending migrations, each in its own transaction, under an advisory lock so parallel
 * starters do not race. An applied migration whose file changed is an error: migrations are
 * immutable once merged; add a new one instead.
 */
export async function runMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET client_min_messages = warning');
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migration (
      id integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Map<number, { name: string; checksum: string }>();
    for (const row of (await client.query<{ id: number; name: string; checksum: string }>('SELECT id, name, checksum FROM schema_migration')).rows) {
      done.set(row.id, row);
    }
    const applied: string[] = [];
    let alreadyApplied = 0;
    for (const m of readMigrations(dir)) {
      const prior = done.get(m.id);
      if (prior) {
        if (prior.checksum !== m.checksum) {
          throw new Error(`Migration ${m.name} changed after it was applied (was ${prior.name}); add a new migration instead.`);
        }
        alreadyApplied += 1;
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migration (id, name, checksum) VALUES ($1, $2, $3)', [m.id, m.name, m.checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(m.name);
    }
    return { applied, alreadyApplied };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { LEGACY_MIGRATIONS } from './legacy-migrations';

/** Directory of the numbered, immutable `.sql` migrations: the baseline, then one file per later change. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');
/** Directory of the function files: one `CREATE OR REPLACE FUNCTION` each, re-applied on every migrate. */
export const FUNCTIONS_DIR = path.resolve(__dirname, '..', 'functions');
/** The baseline migration: the schema that migrations 0001-0096 built, squashed into one file. */
export const BASELINE = '0099_baseline.sql';

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const FUNCTION_PATTERN = /^([a-z0-9_]+)\.sql$/;
const LOCK_KEY = 7_411_002; // arbitrary, fixed: serialises concurrent migrators on one database
/**
 * Errors a function file may raise before the migrations have run: its signature or SQL-standard body
 * names a type, table, column or function that a pending migration creates (or another file defines), or
 * a pending migration must first drop the old signature. Such a file is tried again after the others and
 * after the migrations, where any error is fatal.
 */
const DEFERRABLE = new Set(['42704', '42P01', '42703', '42P13', '42883']);

export interface Migration {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface FunctionFile {
  name: string;
  sql: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
  /** Function files applied (all of them, on every run). */
  functions: number;
  /** Whether a database migrated by the squashed 0001-0096 history was recorded as at the baseline. */
  adoptedLegacy: boolean;
}

export interface MigrationDirs {
  migrations?: string;
  /** Function files; `null` applies none (the old migrations, for the schema comparison). */
  functions?: string | null;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Reads the migration files in order; only the part before a `-- Down Migration` line is run. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_PATTERN.test(f))
    .sort()
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new Error(`unreachable: ${file}`);
      const text = readFileSync(path.join(dir, file), 'utf8');
      const up = text.split(/^-- Down Migration\s*$/m)[0] ?? text;
      return { id: Number(match[1]), name: file, sql: up, checksum: sha256(text) };
    });
}

/** Reads the function files, sorted by name (the order does not matter: see applyFunctions). */
export function readFunctions(dir = FUNCTIONS_DIR): FunctionFile[] {
  return readdirSync(dir)
    .filter((f) => FUNCTION_PATTERN.test(f))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the function files in one transaction. With `check_function_bodies` off, a function whose
 * body calls another need not come after it, so files go in name order; a SQL-standard body (`RETURN
 * ...`, `BEGIN ATOMIC`) is parsed all the same, so a file that fails for a missing function is tried
 * again after the others, round by round. The final pass (`validate`) then re-runs every file with
 * `check_function_bodies` on, when every function and table exists, so a body that does not compile
 * fails the start. The pre-pass (before the migrations) returns the files it could not apply yet.
 */
async function applyFunctions(client: pg.Client, files: FunctionFile[], validate: boolean): Promise<FunctionFile[]> {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL check_function_bodies = off');
    let pending = files;
    let failed: Array<{ file: FunctionFile; error: unknown }> = [];
    for (;;) {
      failed = [];
      for (const file of pending) {
        await client.query('SAVEPOINT function_file');
        try {
          await client.query(file.sql);
          await client.query('RELEASE SAVEPOINT function_file');
        } catch (error) {
          if (!DEFERRABLE.has((error as { code?: string }).code ?? '')) throw fileError(file, error);
          await client.query('ROLLBACK TO SAVEPOINT function_file');
          failed.push({ file, error });
        }
      }
      if (failed.length === 0 || failed.length === pending.length) break;
      pending = failed.map((f) => f.file);
    }
    if (validate) {
      if (failed[0]) throw fileError(failed[0].file, failed[0].error);
      await client.query('SET LOCAL check_function_bodies = on');
      for (const f of files) await runFile(client, f);
    }
    await client.query('COMMIT');
    return failed.map((f) => f.file);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function runFile(client: pg.Client, f: FunctionFile): Promise<void> {
  try {
    await client.query(f.sql);
  } catch (error) {
    throw fileError(f, error);
  }
}

function fileError(f: FunctionFile, error: unknown): Error {
  return new Error(`Function file ${f.name} failed: ${(error as Error).message}`, { cause: error });
}

/**
 * Functions are defined by their files only: the last pass re-applies every file after the migrations, so a
 * definition inside a migration would be overwritten on the same run (when a file has its name) or be
 * history no file shows. Such a migration is refused before anything runs.
 */
function refuseFunctionDefinitions(m: Migration): void {
  const found = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?"?([A-Za-z0-9_]+)/im.exec(m.sql);
  if (found) {
    throw new Error(
      `Migration ${m.name} defines function ${found[1]}: functions live in libs/read-model/functions/${found[1]}.sql ` +
        '(one per file, CREATE OR REPLACE, applied on every start). Move the definition there; a migration may DROP or call it.',
    );
  }
}

/**
 * A database migrated by the old history (0001-0096, squashed into the baseline) holds exactly the
 * baseline's schema when every one of those files is recorded with the checksum it had: its history is
 * then replaced by the baseline row, and the data stays. A partial or edited old history cannot be
 * matched to any schema we know: the user is told to reset.
 */
async function adoptLegacyHistory(client: pg.Client, done: Map<number, { name: string; checksum: string }>, baseline: Migration | undefined): Promise<boolean> {
  const legacy = [...done.values()].filter((row) => LEGACY_MIGRATIONS.has(row.name));
  if (legacy.length === 0) return false;
  const complete = legacy.length === LEGACY_MIGRATIONS.size && legacy.every((row) => LEGACY_MIGRATIONS.get(row.name) === row.checksum);
  if (!complete || !baseline) {
    throw new Error(
      'This database was migrated by an old migration history (libs/db/migrations 0001-0096) that does not match the baseline ' +
        `(${legacy.length} of ${LEGACY_MIGRATIONS.size} old files recorded, or edited). Run \`npm run db:reset\` and start again.`,
    );
  }
  await client.query('BEGIN');
  try {
    await client.query('DELETE FROM schema_migration WHERE name = ANY($1)', [[...LEGACY_MIGRATIONS.keys()]]);
    await client.query('INSERT INTO schema_migration (id, name, checksum) VALUES ($1, $2, $3)', [baseline.id, baseline.name, baseline.checksum]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  for (const id of [...done.keys()]) if (LEGACY_MIGRATIONS.has(done.get(id)!.name)) done.delete(id);
  done.set(baseline.id, { name: baseline.name, checksum: baseline.checksum });
  return true;
}

/**
 * Brings a database to the current schema, under an advisory lock so parallel starters do not race:
 * 1. when migrations are pending, the function files (pre-pass: later migrations may call them, or
 *    create triggers on them);
 * 2. the pending numbered migrations, each in its own transaction; an applied migration whose file
 *    changed is an error (migrations are immutable once merged: add a new one);
 * 3. every function file again, validated (functions are code: edited in place, re-applied each start).
 */
export async function runMigrations(databaseUrl: string, dirs: MigrationDirs = {}): Promise<MigrationResult> {
  const migrationsDir = dirs.migrations ?? MIGRATIONS_DIR;
  const functions = dirs.functions === null ? [] : readFunctions(dirs.functions ?? FUNCTIONS_DIR);
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
    const migrations = readMigrations(migrationsDir);
    const adoptedLegacy = dirs.migrations === undefined ? await adoptLegacyHistory(client, done, migrations.find((m) => m.name === BASELINE)) : false;
    const pending = migrations.filter((m) => {
      const prior = done.get(m.id);
      if (!prior) return true;
      if (prior.checksum !== m.checksum) {
        throw new Error(`Migration ${m.name} changed after it was applied (was ${prior.name}); add a new migration instead.`);
      }
      return false;
    });
    for (const m of pending) refuseFunctionDefinitions(m);
    if (pending.length > 0 && functions.length > 0) await applyFunctions(client, functions, false);
    const applied: string[] = [];
    for (const m of pending) {
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
    if (functions.length > 0) await applyFunctions(client, functions, true);
    return { applied, alreadyApplied: migrations.length - pending.length, functions: functions.length, adoptedLegacy };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

import { cpSync, mkdtempSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { sql } from 'slonik';
import { LEGACY_MIGRATIONS } from './legacy-migrations';
import { BASELINE, FUNCTIONS_DIR, MIGRATIONS_DIR, readFunctions, readMigrations, runMigrations } from './migrate';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const copyOf = (dir: string): string => {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'usas-read-model-'));
  cpSync(dir, copy, { recursive: true });
  return copy;
};
const history = () => db.pool.anyFirst(sql.unsafe`SELECT name FROM schema_migration ORDER BY id`);

describe('migrations', () => {
  it('are numbered, unique, start with the baseline and each has an up part', () => {
    const all = readMigrations();
    expect(all[0]?.name).toBe(BASELINE);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const m of all) expect(m.sql).toMatch(/-- Up Migration/);
  });

  it('are all applied to the template and a rerun applies no migration but every function file', async () => {
    const result = await runMigrations(db.url);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBe(readMigrations().length);
    expect(result.functions).toBe(readFunctions().length);
    expect(await history()).toEqual(readMigrations().map((m) => m.name));
  });

  it('leave no table with two indexes that are the same but for their names', async () => {
    // Same columns or expressions, operator classes, collations, uniqueness and predicate: every write keeps both
    // up to date and the planner can use only one.
    const twins = await db.pool.any(sql.unsafe`
      SELECT i.indrelid::regclass::text AS table_name, array_agg(i.indexrelid::regclass::text ORDER BY i.indexrelid::regclass::text) AS indexes
      FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
      WHERE c.relnamespace = current_schema()::regnamespace
      GROUP BY i.indrelid, c.relam, i.indkey::text, i.indclass::text, i.indcollation::text, i.indisunique,
        pg_get_expr(i.indexprs, i.indrelid), pg_get_expr(i.indpred, i.indrelid)
      HAVING count(*) > 1
      ORDER BY 1`);
    expect(twins).toEqual([]);
  });

  it('refuse to run when an applied migration was edited', async () => {
    const dir = copyOf(MIGRATIONS_DIR);
    appendFileSync(path.join(dir, BASELINE), '\n-- edited\n');
    await expect(runMigrations(db.url, { migrations: dir })).rejects.toThrow(/changed after it was applied/);
  });

  it('apply a new migration once, atomically', async () => {
    const dir = copyOf(MIGRATIONS_DIR);
    writeFileSync(path.join(dir, '9998_broken.sql'), '-- Up Migration\nCREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await expect(runMigrations(db.url, { migrations: dir })).rejects.toThrow(/9998_broken.sql failed/);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT to_regclass('half_done') IS NULL`)).toBe(true);
    writeFileSync(path.join(dir, '9998_broken.sql'), '-- Up Migration\nCREATE TABLE now_done (id int);\n');
    const applied = await runMigrations(db.url, { migrations: dir });
    expect(applied.applied).toEqual(['9998_broken.sql']);
  });
});

describe('function files', () => {
  it('are applied in any order, a migration may call them, and an edited file replaces the function', async () => {
    const functions = copyOf(FUNCTIONS_DIR);
    const migrations = copyOf(MIGRATIONS_DIR);
    // a_caller's SQL-standard body is parsed at creation: it needs b_callee, which sorts after it
    writeFileSync(path.join(functions, 'a_caller.sql'), 'CREATE OR REPLACE FUNCTION a_caller() RETURNS integer LANGUAGE sql RETURN b_callee() + 1;\n');
    writeFileSync(path.join(functions, 'b_callee.sql'), 'CREATE OR REPLACE FUNCTION b_callee() RETURNS integer LANGUAGE sql RETURN 41;\n');
    writeFileSync(path.join(migrations, '9997_uses_function.sql'), '-- Up Migration\nCREATE TABLE answer AS SELECT a_caller() AS n;\n');
    await runMigrations(db.url, { migrations, functions });
    expect(await db.pool.oneFirst(sql.unsafe`SELECT n FROM answer`)).toBe(42);
    writeFileSync(path.join(functions, 'b_callee.sql'), 'CREATE OR REPLACE FUNCTION b_callee() RETURNS integer LANGUAGE sql RETURN 1;\n');
    const rerun = await runMigrations(db.url, { migrations, functions });
    expect(rerun.applied).toEqual([]);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT a_caller()`)).toBe(2);
  });

  it('are the only place a function is defined: a migration that defines one is refused before anything runs', async () => {
    const migrations = copyOf(MIGRATIONS_DIR);
    writeFileSync(path.join(migrations, '9996_defines_function.sql'),
      '-- Up Migration\nCREATE TABLE not_created (id int);\nCREATE OR REPLACE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE sql AS $$ SELECT $$;\n');
    await expect(runMigrations(db.url, { migrations })).rejects.toThrow(/9996_defines_function.sql defines function refresh_search_summaries: .*functions\/refresh_search_summaries.sql/);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT to_regclass('not_created') IS NULL`)).toBe(true);
  });

  it('fail the run, naming the file, when a body does not compile', async () => {
    const functions = copyOf(FUNCTIONS_DIR);
    writeFileSync(path.join(functions, 'broken_body.sql'), 'CREATE OR REPLACE FUNCTION broken_body() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM no_such_table $$;\n');
    await expect(runMigrations(db.url, { functions })).rejects.toThrow(/broken_body.sql failed: .*no_such_table/);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT to_regprocedure('broken_body()') IS NULL`)).toBe(true);
  });
});

describe('a database migrated by the old history (0001-0096)', () => {
  const recordLegacy = async (names: string[]) => {
    await db.pool.query(sql.unsafe`DELETE FROM schema_migration WHERE name = ${BASELINE}`);
    for (const [i, name] of names.entries()) {
      await db.pool.query(sql.unsafe`INSERT INTO schema_migration (id, name, checksum) VALUES (${i + 1}, ${name}, ${LEGACY_MIGRATIONS.get(name)!})`);
    }
  };

  it('is told to reset when its old history is incomplete', async () => {
    await recordLegacy([...LEGACY_MIGRATIONS.keys()].slice(0, 10));
    await expect(runMigrations(db.url)).rejects.toThrow(/npm run db:reset/);
    await db.pool.query(sql.unsafe`DELETE FROM schema_migration WHERE id <= 10`);
  });

  it('is recorded as at the baseline, keeping its data, when its old history is complete', async () => {
    await recordLegacy([...LEGACY_MIGRATIONS.keys()]);
    const before = await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM award_search`);
    const result = await runMigrations(db.url);
    expect(result.adoptedLegacy).toBe(true);
    expect(result.applied).toEqual([]);
    expect((await history())[0]).toBe(BASELINE);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM award_search`)).toBe(before);
  });
});

import { cpSync, mkdtempSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { MIGRATIONS_DIR, readMigrations, runMigrations } from './migrate';
import { createTestDatabase, type TestDatabase } from './testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('migrations', () => {
  it('are numbered, unique and each has an up part', () => {
    const all = readMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const m of all) expect(m.sql).toMatch(/-- Up Migration/);
  });

  it('are all applied to the template and a rerun is a no-op', async () => {
    const result = await runMigrations(db.url);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBe(readMigrations().length);
    const names = await db.pool.anyFirst(sql.unsafe`SELECT name FROM schema_migration ORDER BY id`);
    expect(names).toEqual(readMigrations().map((m) => m.name));
  });

  it('refuse to run when an applied migration was edited', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const first = readMigrations(dir)[0]!;
    appendFileSync(path.join(dir, first.name), '\n-- edited\n');
    await expect(runMigrations(db.url, dir)).rejects.toThrow(/changed after it was applied/);
  });

  it('apply a new migration once, atomically', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    writeFileSync(path.join(dir, '9998_broken.sql'), '-- Up Migration\nCREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await expect(runMigrations(db.url, dir)).rejects.toThrow(/9998_broken.sql failed/);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT to_regclass('half_done') IS NULL`)).toBe(true);
    writeFileSync(path.join(dir, '9998_broken.sql'), '-- Up Migration\nCREATE TABLE now_done (id int);\n');
    const applied = await runMigrations(db.url, dir);
    expect(applied.applied).toEqual(['9998_broken.sql']);
  });
});

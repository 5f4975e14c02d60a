/**
 * The monthly archive activity cut off by a worker shutting down: it stops between two files with the error the
 * worker gives it (a benign, retryable Temporal failure there), keeps what it wrote, and the next attempt goes on
 * after the files already recorded.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { sql } from 'slonik';
import { createMonthlyArchiveActivities } from './monthly-archive-activities';

let db: TestDatabase;
let pool: pg.Pool;
let dir: string;
/** The latest fiscal year of the template's transactions: a few targets, so a few files. */
let fiscalYear: number;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'usas-monthly-archive-'));
  fiscalYear = Number(await db.pool.oneFirst(sql.unsafe`SELECT max(fiscal_year) FROM transaction_search`));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

class Interrupted extends Error {}

const recorded = async (runId: number) =>
  (await db.pool.anyFirst(sql.unsafe`SELECT file_name FROM monthly_archive_file WHERE run_id = ${runId} ORDER BY file_name`)).map(String);

describe('a monthly archive run cut off by a worker shutting down', () => {
  it('stops between two files with the injected error, and the next attempt writes only the rest', async () => {
    let checks = 0;
    const stopAfter = (n: number) => () => {
      checks += 1;
      return checks > n;
    };
    const deps = { db: db.pool, pgPool: pool, downloadDir: dir, maxRowsPerFile: 1000, interrupted: (m: string) => new Interrupted(m) };
    const first = createMonthlyArchiveActivities({ ...deps, cancelled: stopAfter(2) });
    const { runId } = await first.startMonthlyRun('monthly-test-interrupted');

    const error = await first.writeMonthlyFiles(runId, fiscalYear).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Interrupted);
    expect((error as Error).message).toMatch(new RegExp(`^Monthly archive run ${runId} stopped after 2 file\\(s\\): the worker is shutting down`));
    const kept = await recorded(runId);
    expect(kept).toHaveLength(2);
    expect(readdirSync(dir).sort()).toEqual(kept);

    // The next attempt (no shutdown this time) writes every other file, none of the two again.
    const next = createMonthlyArchiveActivities({ ...deps, cancelled: () => false });
    const result = await next.writeMonthlyFiles(runId, fiscalYear);
    const all = await recorded(runId);
    expect(result.files).toBe(all.length - 2);
    expect(all.length).toBeGreaterThan(2);
    expect(all).toEqual(expect.arrayContaining(kept));
    expect(readdirSync(dir).sort()).toEqual(all);
  });
});

/**
 * The zip writer's split of long files: with a small row limit, a file continues in `_2`, `_3`, ... entries,
 * each with the header, no row lost or repeated, none cut in two (values holding line ends and quotes); the
 * column count of a zip, and files without requested columns.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { sql } from 'slonik';
import { emptyFile } from './download-plan';
import { partName, ROWS_PER_FILE, writeZip } from './write-zip';

let db: TestDatabase;
let pool: pg.Pool;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'usas-write-zip-'));
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The entries of a zip in archive order, read by Python's zipfile (an independent reader). */
function entries(file: string): Array<[string, string]> {
  const r = spawnSync('python3', ['-c', 'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps([[n, z.read(n).decode("utf-8")] for n in z.namelist()]))', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`not a valid zip: ${r.stderr}`);
  return JSON.parse(r.stdout) as Array<[string, string]>;
}

/** n, and a text that for every third row holds a line end and quotes (a CSV record over two lines). */
const rowsQuery = (n: number) => sql.fragment`
  SELECT g AS n, CASE WHEN g % 3 = 0 THEN 'line ' || g || chr(10) || 'say "' || g || '"' ELSE 'plain ' || g END AS text
  FROM generate_series(1, ${n}) AS g ORDER BY g`;

async function write(n: number, maxRowsPerFile: number, name: string) {
  const target = path.join(dir, name);
  const result = await writeZip({ pool, files: [{ entryName: 'Things_1.csv', layout: 'award.d1', columns: ['n', 'text'], query: rowsQuery(n) }], format: 'csv', target, maxRowsPerFile });
  return { result, entries: entries(target) };
}

describe('partName', () => {
  it('numbers the parts as upstream does', () => {
    expect(partName('Contracts_PrimeTransactions_2020_1.csv', 1)).toBe('Contracts_PrimeTransactions_2020_1.csv');
    expect(partName('Contracts_PrimeTransactions_2020_1.csv', 3)).toBe('Contracts_PrimeTransactions_2020_3.csv');
    expect(partName('FA_AccountBreakdown.txt', 2)).toBe('FA_AccountBreakdown_2.txt');
  });
});

describe('writeZip split', () => {
  it('splits 25 rows at 7 into 7, 7, 7 and 4 rows, each part with the header, every row once and whole', async () => {
    const { result, entries: parts } = await write(25, 7, 'split.zip');
    expect(result.rows).toBe(25);
    expect(parts.map(([n]) => n)).toEqual(['Things_1.csv', 'Things_2.csv', 'Things_3.csv', 'Things_4.csv']);
    const parsed = parts.map(([, text]) => parse(text) as string[][]);
    for (const p of parsed) expect(p[0]).toEqual(['n', 'text']);
    expect(parsed.map((p) => p.length - 1)).toEqual([7, 7, 7, 4]);
    const rows = parsed.flatMap((p) => p.slice(1));
    expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    for (const [n, text] of rows) {
      expect(text).toBe(Number(n) % 3 === 0 ? `line ${n}\nsay "${n}"` : `plain ${n}`);
    }
  });

  it('a file of exactly k times the limit has k parts (no empty last part)', async () => {
    const { result, entries: parts } = await write(21, 7, 'exact.zip');
    expect(result.rows).toBe(21);
    expect(parts.map(([, text]) => (parse(text) as string[][]).length - 1)).toEqual([7, 7, 7]);
  });

  it('a file under the limit, and an empty one, stay one part', async () => {
    expect((await write(5, 7, 'small.zip')).entries.map(([n, text]) => [n, (parse(text) as string[][]).length - 1])).toEqual([['Things_1.csv', 5]]);
    expect((await write(0, 7, 'empty.zip')).entries.map(([n, text]) => [n, parse(text)])).toEqual([['Things_1.csv', [['n', 'text']]]]);
  });

  it('without a limit given, the upstream limit of 1,000,000 applies', async () => {
    expect(ROWS_PER_FILE).toBe(1_000_000);
    const target = path.join(dir, 'default.zip');
    const result = await writeZip({ pool, files: [{ entryName: 'Things_1.csv', layout: 'award.d1', columns: ['n', 'text'], query: rowsQuery(30) }], format: 'csv', target });
    expect(result.rows).toBe(30);
    expect(entries(target).map(([n]) => n)).toEqual(['Things_1.csv']);
  });
});

describe('writeZip files of one zip', () => {
  it('adds the columns of every file up, and writes a file without requested columns as an empty entry named without its part', async () => {
    const target = path.join(dir, 'several.zip');
    const result = await writeZip({
      pool,
      files: [
        { entryName: 'Contracts_Things_1.csv', layout: 'award.d1', columns: ['n', 'text'], query: rowsQuery(4) },
        emptyFile('Assistance_Things_1.csv', 'award.d2'),
        { entryName: 'Contracts_Others_1.csv', layout: 'award.d1', columns: ['n', 'text'], query: rowsQuery(2) },
      ],
      format: 'csv',
      target,
    });
    expect(result).toMatchObject({ rows: 6, columns: 4 });
    expect(entries(target).map(([n, text]) => [n, text === '' ? 0 : (parse(text) as string[][]).length - 1])).toEqual([
      ['Contracts_Things_1.csv', 4],
      ['Assistance_Things.csv', 0],
      ['Contracts_Others_1.csv', 2],
    ]);
  });
});

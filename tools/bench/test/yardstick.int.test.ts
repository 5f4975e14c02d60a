/**
 * The machine yardstick of the datagen benchmark does the same work wherever it runs: a million one-row groups
 * whose sums add up to a value worked out here without the database. Its time is the only thing that may differ.
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { measureYardstick, YARDSTICK_ROWS } from '../src/yardstick';

describe('machine yardstick', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('hashes a million rows into a million groups and sums them exactly, once per run', async () => {
    let cents = 0n;
    for (let g = 1; g <= YARDSTICK_ROWS; g += 1) cents += BigInt(g % 100003);
    const expected = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

    const result = await measureYardstick(db.url, 3);

    expect(result.groups).toBe(YARDSTICK_ROWS);
    expect(result.total).toMatch(new RegExp(`^${expected.replace('.', '\\.')}0*$`));
    expect(result.runs).toHaveLength(3);
    expect(result.runs.every((s) => s > 0)).toBe(true);
    expect(result.seconds).toBe([...result.runs].sort((a, b) => a - b)[1]);
  }, 120_000);
});

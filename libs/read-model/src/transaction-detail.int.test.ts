/**
 * transaction_detail (migration 0196): each transaction's detail JSON, apart from transaction_search. Deleting
 * transactions takes their details with them (a statement trigger). Runs on the template's generated data.
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { sql } from 'slonik';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

interface Counts { transactions: number; details: number; orphans: number; missing: number }
const counts = async (): Promise<Counts> =>
  (await db.pool.one(sql.unsafe`
    SELECT (SELECT count(*)::int FROM transaction_search) AS transactions, (SELECT count(*)::int FROM transaction_detail) AS details,
      (SELECT count(*)::int FROM transaction_detail d WHERE NOT EXISTS (SELECT 1 FROM transaction_search t WHERE t.transaction_id = d.transaction_id)) AS orphans,
      (SELECT count(*)::int FROM transaction_search t WHERE NOT EXISTS (SELECT 1 FROM transaction_detail d WHERE d.transaction_id = t.transaction_id)) AS missing`)) as unknown as Counts;

describe('transaction_detail', () => {
  it('holds one detail per generated transaction, and none on transaction_search', async () => {
    const before = await counts();
    expect(before.transactions).toBeGreaterThan(1000);
    expect(before).toEqual({ transactions: before.transactions, details: before.transactions, orphans: 0, missing: 0 });
    expect(await db.pool.oneFirst(sql.unsafe`
      SELECT count(*)::int AS n FROM pg_attribute WHERE attrelid = 'transaction_search'::regclass AND attname = 'detail' AND NOT attisdropped`)).toBe(0);
  });

  it('loses the details of deleted transactions and keeps the others', async () => {
    const before = await counts();
    const deleted = await db.pool.query(sql.unsafe`
      DELETE FROM transaction_search WHERE transaction_id IN (SELECT transaction_id FROM transaction_search ORDER BY transaction_id LIMIT 25)`);
    expect(deleted.rowCount).toBe(25);
    expect(await counts()).toEqual({ transactions: before.transactions - 25, details: before.details - 25, orphans: 0, missing: 0 });
  });
});

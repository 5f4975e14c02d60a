import { sql } from 'slonik';
import { z } from 'zod';
import { toIso } from './pool';
import { createTestDatabase, type TestDatabase } from './testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('pool type parsers', () => {
  it('turn PostgreSQL values into JSON-friendly ones', async () => {
    const row = await db.pool.one(sql.unsafe`
      SELECT 12345678901::int8 AS big, 1234.56::numeric AS amount, '2020-03-06'::date AS day,
             '2021-11-15 10:20:30.5+00'::timestamptz AS at, '2021-11-15 10:20:30'::timestamp AS local`);
    expect(row).toEqual({ big: 12345678901, amount: 1234.56, day: '2020-03-06', at: '2021-11-15T10:20:30.500Z', local: '2021-11-15T10:20:30.000Z' });
  });

  it('parses every offset form PostgreSQL prints', () => {
    expect(toIso('2021-11-15 10:20:30+00')).toBe('2021-11-15T10:20:30.000Z');
    expect(toIso('2021-11-15 10:20:30.123-05')).toBe('2021-11-15T15:20:30.123Z');
    expect(toIso('2021-11-15 10:20:30+05:30')).toBe('2021-11-15T04:50:30.000Z');
  });
});

describe('result parser interceptor', () => {
  it('validates rows against the query schema', async () => {
    const ok = await db.pool.one(sql.type(z.object({ n: z.number() }))`SELECT 1 AS n`);
    expect(ok).toEqual({ n: 1 });
    await expect(db.pool.one(sql.type(z.object({ n: z.string() }))`SELECT 1 AS n`)).rejects.toThrow(/Query returned rows that do not conform/);
  });

  it('applies schema transforms', async () => {
    const row = await db.pool.one(sql.type(z.object({ code: z.string().transform((s) => s.trim()) }))`SELECT ' 050 ' AS code`);
    expect(row.code).toBe('050');
  });
});

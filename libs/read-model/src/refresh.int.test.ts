/**
 * refreshSearchSummariesInTwoLanes, the full rebuild of a bulk build on two connections (the filter pair summaries
 * beside the rest): the same tables as the one-connection refresh, claimed current only once both halves are done.
 * Runs on the template's generated dataset.
 */
import { createTestDatabase, summarySnapshot, type TestDatabase } from '@usas/db/testing';
import { sql } from 'slonik';
import { refreshSearchSummaries, refreshSearchSummariesInTwoLanes, setPairLaneTempBuffers, withOwnClient } from './refresh';

let db: TestDatabase;
/** Every summary and ranking table after a one-connection full rebuild. */
let oneLane: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  await markAllDirty();
  expect(await refreshSearchSummaries(db.url)).toBe('full');
  oneLane = await snapshot();
});
afterAll(async () => {
  await db?.drop();
});

const markAllDirty = () => db.pool.query(sql.unsafe`UPDATE search_summary_state SET dirty_all = true`);

const snapshot = () => summarySnapshot(db.pool);

/** The filter pair summaries and their all-years companions, emptied (so that a rebuild must write them again). */
async function emptyPairTables(): Promise<string[]> {
  const names = (await db.pool.anyFirst(sql.unsafe`
    SELECT name FROM search_summary_pair_targets() UNION ALL SELECT name FROM search_summary_pair_all_years()`)).map(String);
  await db.pool.query(sql.unsafe`TRUNCATE ${sql.join(names.map((n) => sql.identifier([n])), sql.fragment`, `)}`);
  return names;
}

const state = async () =>
  (await db.pool.one(sql.unsafe`
    SELECT s.dirty_all, s.last_scope, s.base_version IS NOT DISTINCT FROM v.last_value AS fresh
    FROM search_summary_state AS s, search_base_version AS v`)) as unknown as { dirty_all: boolean; last_scope: string; fresh: boolean };

describe('the full search summary rebuild on two connections', () => {
  it('writes every summary and ranking table as the one-connection rebuild does, and claims them current', async () => {
    const pairs = await emptyPairTables();
    expect(pairs.length).toBeGreaterThan(20);
    // The comparison below is not vacuous: the pair tables hold rows after a rebuild, none now.
    for (const p of pairs) expect(oneLane[p]).not.toBe('');
    await markAllDirty();
    const seconds = await refreshSearchSummariesInTwoLanes(db.url);
    expect(seconds.main).toBeGreaterThanOrEqual(0);
    expect(seconds.pairs).toBeGreaterThanOrEqual(0);
    expect(await state()).toEqual({ dirty_all: false, last_scope: 'full', fresh: true });
    expect(await snapshot()).toEqual(oneLane);
    // Current: the next refresh has nothing to do.
    expect(await refreshSearchSummaries(db.url)).toBe('none');
  });

  it('leaves the pairs to the other connection, and a full rebuild to the next refresh when only the first half ran', async () => {
    const pairs = await emptyPairTables();
    await markAllDirty();
    await withOwnClient(db.url, async (client) => {
      await client.query(`SELECT set_config('usas.summary_pairs', 'apart', false)`);
      await client.query('SELECT refresh_search_summaries()');
    });
    const half = await snapshot();
    for (const p of pairs) expect(half[p]).toBe('');
    // A build cut off here claims nothing: the next refresh rebuilds everything, the pairs included.
    expect(await state()).toMatchObject({ dirty_all: true, last_scope: 'full' });
    expect(await refreshSearchSummaries(db.url)).toBe('full');
    expect(await snapshot()).toEqual(oneLane);
    expect((await state()).dirty_all).toBe(false);
  });

  it('refuses when the summaries need less than a full rebuild, and leaves them as they were', async () => {
    // A rebuild empties each table first (TRUNCATE: a new file): neither half may start one before refusing.
    const files = () => db.pool.any(sql.unsafe`
      SELECT relname, relfilenode FROM pg_class
      WHERE relname IN (SELECT name FROM search_summary_pair_targets() UNION ALL SELECT name FROM search_summary_pair_all_years()
        UNION ALL SELECT 'search_summary_txn_month')
      ORDER BY relname`);
    const before = await files();
    expect(before.length).toBeGreaterThan(20);
    await expect(refreshSearchSummariesInTwoLanes(db.url)).rejects.toThrow(/full rebuild only/);
    expect(await files()).toEqual(before);
    expect(await state()).toEqual({ dirty_all: false, last_scope: 'full', fresh: true });
    expect(await snapshot()).toEqual(oneLane);
  });

  it('refuses the pairs half alone as well, before it writes', async () => {
    await expect(withOwnClient(db.url, (client) => client.query('SELECT refresh_search_summary_pairs()')))
      .rejects.toThrow(/full rebuild only/);
    expect(await snapshot()).toEqual(oneLane);
  });
});

describe('the pair lane temp buffers', () => {
  it('are a third of the page cache the server counts on, set on a fresh connection', async () => {
    await withOwnClient(db.url, async (client) => {
      await client.query(`SET effective_cache_size = '3GB'`);
      expect(await setPairLaneTempBuffers(client)).toBe('1GB');
      expect((await client.query<{ temp_buffers: string }>('SHOW temp_buffers')).rows[0]?.temp_buffers).toBe('1GB');
    });
    await withOwnClient(db.url, async (client) => {
      // never below PostgreSQL's default of 8 MB
      await client.query(`SET effective_cache_size = '8MB'`);
      expect(await setPairLaneTempBuffers(client)).toBe('8MB');
    });
  });
});

/**
 * Paging of the disaster insight results in SQL (insightPage) against the order Node gives them (insightTree +
 * pageOf over every row, the way every request was answered before): on rollup rows full of ties (equal amounts,
 * amounts equal once rounded to cents, half cents on both sides of zero, texts equal but for case, accents or
 * canonically equivalent forms, null budgetary resources), every sort field in both orders, pages of several sizes
 * and a page past the end. Then over HTTP on the seeded account data: page 2 continues page 1, totals unchanged.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { startHarness, type Harness } from '@usas/test-harness';
import { insightTree, pageFromRows, pageOf, type Paging } from '../src/disaster/insight-results';
import { awardSource, DIMENSIONS, insightLevels, insightPage, totalSource, type InsightSource, type SortKey } from '../src/queries/disaster-insights.query';
import { seedDisasterData } from './disaster-seed';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const TEXTS = ['alpha', 'Alpha', 'ALPHA', 'álpha', 'a\u0301lpha', 'beta', 'beta ', 'be ta', 'béta', '', 'Zeta', 'zeta', '10', '9', '-x', '_x', 'Ölfass', 'oelfass'];
const AMOUNTS = ['1.00', '1.001', '1.004', '1.005', '0.125', '-0.125', '-0.005', '0.005', '2.675', '0', '-1.00', '1000000.10', '1000000.1', '3.3333', '0.1'];

/** A pseudo-random but fixed sequence (the same rows on every run). */
function picker(seed: number) {
  let s = seed;
  return <T>(xs: readonly T[]): T => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return xs[s % xs.length] as T;
  };
}

/**
 * Rollup rows of `n` results with `ids`, each split over two code sets (so the sums add rows), with children, and the
 * total row; amounts and texts drawn from the lists above so that most sort values are shared by several results.
 */
async function seedRollups(db: CommonQueryMethods, table: 'award' | 'account', ids: string[]): Promise<void> {
  const pick = picker(table === 'award' ? 7 : 11);
  const rows: string[][] = [];
  for (const [i, id] of ids.entries()) {
    const code = pick(TEXTS);
    const desc = i % 9 === 0 ? null : pick(TEXTS);
    for (const set of ['1', '2']) rows.push(['parent', id, '', code, desc ?? '', desc === null ? 'null' : 'text', pick(AMOUNTS), pick(AMOUNTS), pick(['0', '1', '2']), set, i % 4 === 0 ? 'f' : 't']);
    for (const c of [0, 1, 2].slice(0, i % 4)) {
      const cid = `${id}${c}`;
      rows.push(['child', id, cid, pick(TEXTS), pick(TEXTS), 'text', pick(AMOUNTS), pick(AMOUNTS), pick(['0', '1']), '1', 't']);
    }
  }
  rows.push(['total', '', '', '', '', 'null', '123.45', '67.89', '42', '1', 't']);
  const values = rows.map((r) => {
    const [level, pid, cid, code, desc, descKind, obligation, outlay, count, set, gtas] = r as [string, string, string, string, string, string, string, string, string, string, string];
    const pId = level === 'total' ? sql.fragment`NULL` : sql.fragment`${pid}`;
    const cId = level === 'child' ? sql.fragment`${cid}` : sql.fragment`NULL`;
    const d = descKind === 'null' ? sql.fragment`NULL` : sql.fragment`${desc}`;
    return table === 'award'
      ? sql.fragment`('paging', ${Number(set)}, '*', ${level}, ${pId}, ${cId}, ${code}, ${d}, ${code}, ${d}, NULL, NULL, ${Number(count)}, ${obligation}::numeric, ${outlay}::numeric, ${outlay}::numeric)`
      : sql.fragment`('paging', ${set}, ${level}, ${pId}, ${cId}, ${code}, ${d}, ${code}, ${d}, ${obligation}::numeric, ${outlay}::numeric, ${obligation}::numeric, ${gtas === 't'})`;
  });
  if (table === 'award') {
    await db.query(sql.unsafe`CREATE TABLE IF NOT EXISTS paging_award_rollup (LIKE disaster_award_rollup)`);
    await db.query(sql.unsafe`TRUNCATE paging_award_rollup`);
    await db.query(sql.unsafe`INSERT INTO paging_award_rollup (dimension, set_id, award_type, level, p_id, c_id, p_code, p_desc, c_code, c_desc, extra, fips,
      award_count, obligation, outlay, face_value_of_loan) VALUES ${sql.join(values, sql.fragment`, `)}`);
  } else {
    await db.query(sql.unsafe`CREATE TABLE IF NOT EXISTS paging_account_rollup (LIKE disaster_account_rollup)`);
    await db.query(sql.unsafe`TRUNCATE paging_account_rollup`);
    await db.query(sql.unsafe`INSERT INTO paging_account_rollup (dimension, code_key, level, p_id, c_id, p_code, p_desc, c_code, c_desc,
      obligation, outlay, total_budgetary_resources, has_gtas) VALUES ${sql.join(values, sql.fragment`, `)}`);
  }
}

/** The sums of the real sources over the test tables. */
const awardTest = (): InsightSource => ({
  from: sql.fragment`paging_award_rollup WHERE dimension = 'paging'`,
  sums: awardSource(DIMENSIONS.federalAccount, { defCodes: ['L'], awardTypeCodes: undefined }).sums,
});
const accountTest = (): InsightSource => ({
  from: sql.fragment`paging_account_rollup WHERE dimension = 'paging'`,
  sums: totalSource(DIMENSIONS.federalAccount, ['L']).sums,
});

const SORTS: SortKey[] = ['id', 'code', 'description', 'award_count', 'obligation', 'outlay', 'face_value_of_loan', 'total_budgetary_resources'];

/** Every page of every sort in both orders, from SQL, equals the page Node cuts from all rows sorted (as before). */
async function expectSamePages(src: InsightSource, ids: 'integer' | 'text', n: number): Promise<void> {
  const db = h.db.pool;
  const all = insightTree(await insightLevels(db, src));
  expect(all.nodes).toHaveLength(n);
  for (const sort of SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      for (const limit of [1, 7, 100]) {
        const pages = Math.ceil(n / limit) + 1;
        const seen: string[] = [];
        for (let page = 1; page <= pages; page += 1) {
          const paging: Paging = { sort, order, limit, page };
          const before = pageOf(all.nodes, paging, 'id');
          const { count, rows } = await insightPage(db, src, ids, { sort, order, limit, page });
          const after = pageFromRows(count, rows, paging, 'id');
          expect({ sort, order, limit, page, ...after }).toEqual({ sort, order, limit, page, totals: all.totals, ...before });
          seen.push(...after.results.map((r) => r.id));
        }
        // the pages together are every result once
        expect([...seen].sort()).toEqual(all.nodes.map((r) => r.id).sort());
      }
    }
  }
}

describe('insightPage sorts and pages as Node sorted all results', () => {
  it('award rollup, integer ids (federal accounts, agencies): ties broken by id as numbers', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => String([5, 40, 100, 1234, 9, 10][i % 6]! * 1000 + i * 7));
    await seedRollups(h.db.pool, 'award', ids);
    await expectSamePages(awardTest(), 'integer', 40);
  });

  it('award rollup, text ids (recipients): ids and texts as localeCompare orders them', async () => {
    const ids = Array.from({ length: 33 }, (_, i) => `${['a', 'B', 'b', 'é', 'Z', '0'][i % 6]}${i}-${(i * 37) % 11}`);
    await seedRollups(h.db.pool, 'award', ids);
    await expectSamePages(awardTest(), 'text', 33);
  });

  it('account rollup (total spending): null budgetary resources last in both orders, null award counts tied', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => String(90000 + ((i * 13) % 25)));
    await seedRollups(h.db.pool, 'account', ids);
    await expectSamePages(accountTest(), 'integer', 25);
  });

  it('ranks amounts as JavaScript rounds them (half cents up, also below zero)', async () => {
    await seedRollups(h.db.pool, 'award', ['1', '2']);
    await h.db.pool.query(sql.unsafe`UPDATE paging_award_rollup SET obligation = CASE p_id WHEN '1' THEN -0.125 ELSE -0.12 END, award_count = 0 WHERE level = 'parent'`);
    // -0.125 + -0.125 = -0.25 (parent 1, two sets) vs -0.24 (parent 2): distinct
    const page = await insightPage(h.db.pool, awardTest(), 'integer', { sort: 'obligation', order: 'desc', page: 1, limit: 10 });
    expect(pageFromRows(page.count, page.rows, { sort: 'obligation' }, 'id').results.map((r) => [r.id, r.obligation])).toEqual([
      ['2', -0.24],
      ['1', -0.25],
    ]);
    // one set each: -0.125 shows as -0.12 (Math.round(-12.5) = -12), tied with -0.12, so id order decides
    await h.db.pool.query(sql.unsafe`DELETE FROM paging_award_rollup WHERE set_id = 2`);
    for (const order of ['asc', 'desc'] as const) {
      const p = await insightPage(h.db.pool, awardTest(), 'integer', { sort: 'obligation', order, page: 1, limit: 10 });
      expect(pageFromRows(p.count, p.rows, { sort: 'obligation', order }, 'id').results.map((r) => [r.id, r.obligation])).toEqual([
        ['1', -0.12],
        ['2', -0.12],
      ]);
    }
  });

  it('ranks texts as localeCompare: texts it finds equal (composed or not, ignorable characters) are ordered by id', async () => {
    await seedRollups(h.db.pool, 'award', ['1', '2', '3', '4']);
    // ordered by their bytes (a deterministic collation), 2 would come before 1 ascending ('a' U+0301 < U+00E1) and 4 before 3 descending
    await h.db.pool.query(sql.unsafe`UPDATE paging_award_rollup SET p_desc = CASE p_id WHEN '1' THEN 'álpha' WHEN '2' THEN 'a' || U&'\\0301' || 'lpha'
      WHEN '3' THEN 'zeta' ELSE 'z' || U&'\\200B' || 'eta' END, p_code = CASE WHEN p_id IN ('1', '2') THEN 'x' ELSE 'X' END WHERE level = 'parent'`);
    expect('álpha'.localeCompare('a\u0301lpha')).toBe(0);
    expect('zeta'.localeCompare('z\u200beta')).toBe(0);
    for (const order of ['asc', 'desc'] as const) {
      const p = await insightPage(h.db.pool, awardTest(), 'integer', { sort: 'description', order, page: 1, limit: 10 });
      expect(pageFromRows(p.count, p.rows, { sort: 'description', order }, 'id').results.map((r) => r.id)).toEqual(order === 'asc' ? ['1', '2', '3', '4'] : ['3', '4', '1', '2']);
      // 'x' and 'X' differ (lower case first, as localeCompare)
      const c = await insightPage(h.db.pool, awardTest(), 'integer', { sort: 'code', order, page: 1, limit: 10 });
      expect(pageFromRows(c.count, c.rows, { sort: 'code', order }, 'id').results.map((r) => r.id)).toEqual(order === 'asc' ? ['1', '2', '3', '4'] : ['3', '4', '1', '2']);
    }
  });
});

describe('insight endpoints page in SQL over HTTP', () => {
  beforeAll(async () => {
    await seedDisasterData(h.db.pool);
  });
  const post = (path: string, body: object) => h.http.post(`/api/v2/disaster/${path}/`).send(body);

  it('federal accounts: each page continues the previous one, totals and counts unchanged', async () => {
    for (const spending_type of ['award', 'total'] as const) {
      for (const sort of ['id', 'code', 'description', 'award_count', 'total_budgetary_resources', 'obligation', 'outlay']) {
        for (const order of ['asc', 'desc'] as const) {
          const filter = { def_codes: ['L', 'M', 'Z9'] };
          const all = (await post('federal_account/spending', { filter, spending_type, pagination: { sort, order, limit: 100 } }).expect(200)).body;
          expect(all.results).toHaveLength(3);
          for (const [i, want] of all.results.entries()) {
            const page = (await post('federal_account/spending', { filter, spending_type, pagination: { sort, order, limit: 1, page: i + 1 } }).expect(200)).body;
            expect(page.results).toEqual([want]);
            expect(page.totals).toEqual(all.totals);
            expect(page.page_metadata).toEqual({ page: i + 1, next: i < 2 ? i + 2 : null, previous: i > 0 ? i : null, hasNext: i < 2, hasPrevious: i > 0, total: 3, limit: 1 });
          }
          const past = (await post('federal_account/spending', { filter, spending_type, pagination: { sort, order, limit: 2, page: 3 } }).expect(200)).body;
          expect(past).toEqual({ totals: all.totals, results: [], page_metadata: { page: 3, next: null, previous: 2, hasNext: false, hasPrevious: true, total: 3, limit: 2 } });
        }
      }
    }
  });

  it('federal accounts by id and by obligation: the seeded order, children sorted the same way', async () => {
    const filter = { def_codes: ['L', 'M'] };
    const byId = (await post('federal_account/spending', { filter, spending_type: 'award', pagination: { sort: 'id', order: 'desc', limit: 2 } }).expect(200)).body;
    expect(byId.results.map((r: { id: number }) => r.id)).toEqual([90003, 90002]);
    expect(byId.page_metadata).toEqual({ page: 1, next: 2, previous: null, hasNext: true, hasPrevious: false, total: 3, limit: 2 });
    const p2 = (await post('federal_account/spending', { filter, spending_type: 'award', pagination: { sort: 'id', order: 'desc', limit: 2, page: 2 } }).expect(200)).body;
    expect(p2.results.map((r: { id: number; children: Array<{ id: number }> }) => [r.id, r.children.map((c) => c.id)])).toEqual([[90001, [900001]]]);
    expect(p2.totals).toEqual(byId.totals);
    // counted File C rows of L and M: 90003: 40 + 300 + 25 + 60 = 425; 90002: 200 - 25 = 175; 90001: 100.25
    const byObligation = (await post('federal_account/spending', { filter, spending_type: 'award', pagination: { sort: 'obligation', order: 'desc' } }).expect(200)).body;
    expect(byObligation.results.map((r: { id: number; obligation: number }) => [r.id, r.obligation])).toEqual([
      [90003, 425],
      [90002, 175],
      [90001, 100.25],
    ]);
    expect(byObligation.totals).toMatchObject({ obligation: 700.25 });
  });

  it('recipients and agencies page the same way; a query text still filters (in Node)', async () => {
    const filter = { def_codes: ['L', 'M', 'Z9'] };
    // recipients R1, R2 (loans: R1 of 9000003, R2 of 9000004/5); agencies 9001, 9002 (loans: every loan row is on a TAS of 9002)
    for (const [path, count] of [['recipient/spending', 2], ['recipient/loans', 2], ['agency/spending', 2], ['agency/loans', 1]] as const) {
      const all = (await post(path, { filter, spending_type: 'award', pagination: { limit: 100 } }).expect(200)).body;
      expect({ path, n: all.results.length }).toEqual({ path, n: count });
      const p2 = (await post(path, { filter, spending_type: 'award', pagination: { limit: 1, page: 2 } }).expect(200)).body;
      expect(p2.results).toEqual(all.results.slice(1, 2));
      expect(p2.totals).toEqual(all.totals);
      expect(p2.page_metadata).toMatchObject({ total: count, hasNext: false, previous: 1 });
    }
    const recipients = (await post('recipient/spending', { filter, pagination: { sort: 'description', order: 'asc' } }).expect(200)).body;
    expect(recipients.results.map((r: { description: string }) => r.description)).toEqual(['ALPHA RELIEF INC', 'BETA LENDING LLC']);
    const queried = (await post('federal_account/spending', { filter: { ...filter, query: 'loans' }, spending_type: 'award' }).expect(200)).body;
    expect(queried.results.map((r: { id: number }) => r.id)).toEqual([90002]);
    expect(queried.page_metadata.total).toBe(1);
  });
});

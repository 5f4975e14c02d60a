/**
 * refresh_search_summaries() rebuilds only the fiscal years the writes since the last refresh changed
 * (migration 0065), and those rebuilds leave every summary and ranking table exactly as a full rebuild
 * would. Runs on the template's generated dataset.
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { sql } from 'slonik';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(sql.unsafe`UPDATE search_summary_state SET dirty_all = true`);
  await db.pool.query(sql.unsafe`SELECT refresh_search_summaries()`);
});
afterAll(async () => {
  await db?.drop();
});

interface State {
  dirty_all: boolean;
  dirty_fiscal_years: string[];
  last_scope: string | null;
  fresh: boolean;
}

const state = async (): Promise<State> =>
  (await db.pool.one(sql.unsafe`
    SELECT s.dirty_all, s.dirty_fiscal_years::text[] AS dirty_fiscal_years, s.last_scope,
           s.base_version IS NOT DISTINCT FROM v.last_value AS fresh
    FROM search_summary_state AS s, search_base_version AS v`)) as unknown as State;

const refresh = async (): Promise<State> => {
  await db.pool.query(sql.unsafe`SELECT refresh_search_summaries()`);
  return state();
};

/** Every summary and ranking table, each as its rows in a canonical order. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db.pool.anyFirst(sql.unsafe`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
      AND (tablename LIKE 'search\_summary\_txn\_%' OR tablename LIKE 'search\_summary\_award\_%' OR tablename LIKE 'search\_ranking\_%')
    ORDER BY 1`);
  const out: Record<string, string> = {};
  for (const t of tables.map(String)) {
    out[t] = String(await db.pool.oneFirst(sql.unsafe`SELECT coalesce(string_agg(r, E'\n' ORDER BY r), '') FROM (SELECT to_jsonb(t)::text AS r FROM ${sql.identifier([t])} AS t) AS x`));
  }
  return out;
}

/** Ids of `n` transactions of a fiscal year (by action date), lowest first. */
const transactionsOf = async (fiscalYear: number, n: number, offset = 0): Promise<number[]> =>
  (await db.pool.anyFirst(sql.unsafe`
    SELECT transaction_id FROM transaction_search
    WHERE action_date >= ${`${fiscalYear - 1}-10-01`}::date AND action_date < ${`${fiscalYear}-10-01`}::date
    ORDER BY transaction_id LIMIT ${n} OFFSET ${offset}`)).map(Number);

const ids = (list: number[]) => sql.array(list, 'int8');

describe('summary refresh by fiscal year', () => {
  it('starts from a full refresh with nothing recorded', async () => {
    expect(await state()).toEqual({ dirty_all: false, dirty_fiscal_years: [], last_scope: 'full', fresh: true });
  });

  it('records the fiscal years of every changed row, old and new dates, and rebuilds only those exactly as a full refresh', async () => {
    const before = await snapshot();
    const amounts = await transactionsOf(2020, 20);
    const moved = await transactionsOf(2017, 5);
    const deleted = await transactionsOf(2022, 5);
    const copied = await transactionsOf(2022, 5, 10);
    const defc = await transactionsOf(2021, 8);
    expect([amounts, moved, deleted, copied, defc].every((l) => l.length > 0)).toBe(true);

    await db.pool.query(sql.unsafe`
      UPDATE transaction_search SET federal_action_obligation = federal_action_obligation + 1000,
        generated_pragmatic_obligation = generated_pragmatic_obligation + 1000 WHERE transaction_id = ANY(${ids(amounts)})`);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET action_date = '2019-01-15', fiscal_year = 2019 WHERE transaction_id = ANY(${ids(moved)})`);
    await db.pool.query(sql.unsafe`DELETE FROM transaction_search WHERE transaction_id = ANY(${ids(deleted)})`);
    await db.pool.query(sql.unsafe`
      INSERT INTO transaction_search
      SELECT (jsonb_populate_record(NULL::transaction_search, to_jsonb(t) || jsonb_build_object(
        'transaction_id', t.transaction_id + 100000000, 'transaction_unique_id', t.transaction_unique_id || '_COPY'))).*
      FROM transaction_search AS t WHERE t.transaction_id = ANY(${ids(copied)})`);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET disaster_emergency_fund_codes = '{L}' WHERE transaction_id = ANY(${ids(defc)})`);
    await db.pool.query(sql.unsafe`
      UPDATE award_search SET generated_pragmatic_obligation = generated_pragmatic_obligation + 5
      WHERE award_id IN (SELECT award_id FROM award_search WHERE action_date >= '2020-10-01' AND action_date < '2021-10-01' ORDER BY award_id LIMIT 10)`);
    // A rolled-back write records nothing.
    await db.pool
      .transaction(async (t) => {
        await t.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = 0 WHERE action_date < '2010-10-01'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);

    expect(await state()).toEqual({
      dirty_all: false,
      dirty_fiscal_years: ['2016-10-01', '2018-10-01', '2019-10-01', '2020-10-01', '2021-10-01'],
      last_scope: 'full',
      fresh: false,
    });
    expect(await refresh()).toEqual({
      dirty_all: false,
      dirty_fiscal_years: [],
      last_scope: 'fiscal years 2016-10-01, 2018-10-01, 2019-10-01, 2020-10-01, 2021-10-01',
      fresh: true,
    });
    const partial = await snapshot();
    // The writes changed the summaries (the comparison below is not vacuous) ...
    const changed = Object.keys(partial).filter((t) => partial[t] !== before[t]);
    expect(changed).toEqual(expect.arrayContaining(['search_summary_txn_month', 'search_summary_txn_recipient_fy', 'search_summary_award_fy', 'search_ranking_recipient_fy']));
    // ... and a full rebuild gives every table exactly as the fiscal-year rebuild left it.
    await db.pool.query(sql.unsafe`UPDATE search_summary_state SET dirty_all = true`);
    expect((await refresh()).last_scope).toBe('full');
    const full = await snapshot();
    for (const t of Object.keys(full)) expect({ t, rows: partial[t] }).toEqual({ t, rows: full[t] });
  });

  it('marks the summaries current without rebuilding when the writes changed no row', async () => {
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET type = type WHERE false`);
    expect(await state()).toMatchObject({ dirty_fiscal_years: [], fresh: false });
    expect(await refresh()).toEqual({ dirty_all: false, dirty_fiscal_years: [], last_scope: 'none', fresh: true });
  });

  it('rebuilds everything after a change of DEF enactment dates, or while a recording trigger is off', async () => {
    await db.pool.query(sql.unsafe`UPDATE disaster_emergency_fund_code SET earliest_public_law_enactment_date = earliest_public_law_enactment_date + 1 WHERE code = 'L'`);
    expect(await state()).toMatchObject({ dirty_all: true, fresh: false });
    expect((await refresh()).last_scope).toBe('full');

    await db.pool.query(sql.unsafe`ALTER TABLE transaction_search DISABLE TRIGGER transaction_search_summary_rows_updated`);
    const one = await transactionsOf(2020, 1);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = generated_pragmatic_obligation + 1 WHERE transaction_id = ANY(${ids(one)})`);
    expect(await refresh()).toMatchObject({ last_scope: 'full', fresh: true });
    await db.pool.query(sql.unsafe`ALTER TABLE transaction_search ENABLE TRIGGER transaction_search_summary_rows_updated`);
  });

  it('rebuilds everything when more than a third of the fiscal years changed', async () => {
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = generated_pragmatic_obligation + 1`);
    expect((await state()).dirty_fiscal_years.length).toBeGreaterThan(10);
    expect((await refresh()).last_scope).toBe('full');
  });
});

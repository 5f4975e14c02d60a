/**
 * refresh_search_summaries() merges the rows the writes since the last refresh changed into the summaries
 * (the baseline), or rebuilds the fiscal years they changed, and either way leaves every summary
 * and ranking table exactly as a full rebuild would. Runs on the template's generated dataset.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, summarySnapshot, type TestDatabase } from '@usas/db/testing';
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

const snapshot = () => summarySnapshot(db.pool);

/** Ids of `n` transactions of a fiscal year (by action date), lowest first. */
const transactionsOf = async (fiscalYear: number, n: number, offset = 0): Promise<number[]> =>
  (await db.pool.anyFirst(sql.unsafe`
    SELECT transaction_id FROM transaction_search
    WHERE action_date >= ${`${fiscalYear - 1}-10-01`}::date AND action_date < ${`${fiscalYear}-10-01`}::date
    ORDER BY transaction_id LIMIT ${n} OFFSET ${offset}`)).map(Number);

const ids = (list: number[]) => sql.array(list, 'int8');

/** The log of changed rows: its size as recorded, and whether it holds every change since the last refresh. */
const logged = async (): Promise<{ rows: number; complete: boolean }> => {
  const r = (await db.pool.one(sql.unsafe`SELECT delta_rows, delta_complete FROM search_summary_state`)) as unknown as { delta_rows: string; delta_complete: boolean };
  return { rows: Number(r.delta_rows), complete: r.delta_complete };
};

/**
 * ANALYZE runs on the summary and ranking tables so far (pg_stat_user_tables.analyze_count, autovacuum's own
 * analyses not counted): a merge of changed rows keeps their statistics, a rebuild renews them.
 */
const summaryAnalyses = async (): Promise<number> =>
  Number(await db.pool.oneFirst(sql.unsafe`
    SELECT coalesce(sum(analyze_count), 0) FROM pg_stat_user_tables
    WHERE relname LIKE 'search\_summary\_%' OR relname LIKE 'search\_ranking\_%'`));

describe('summary refresh by changed rows and by fiscal year', () => {
  it('starts from a full refresh with nothing recorded', async () => {
    expect(await state()).toEqual({ dirty_all: false, dirty_fiscal_years: [], last_scope: 'full', fresh: true });
  });

  /**
   * Writes of every kind to five fiscal years: amounts, a date moved across years, deletes, inserts, DEF codes,
   * award amounts, and a rolled-back write that must leave no trace.
   */
  async function writeFiveYears(): Promise<void> {
    const amounts = await transactionsOf(2020, 20);
    const moved = await transactionsOf(2017, 5);
    const deleted = await transactionsOf(2022, 5);
    const copied = await transactionsOf(2022, 5, 10);
    const defc = await transactionsOf(2021, 8, 8);
    expect([amounts, moved, deleted, copied, defc].every((l) => l.length > 0)).toBe(true);

    await db.pool.query(sql.unsafe`
      UPDATE transaction_search SET federal_action_obligation = federal_action_obligation + 1000,
        generated_pragmatic_obligation = generated_pragmatic_obligation + 1000 WHERE transaction_id = ANY(${ids(amounts)})`);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET action_date = '2019-01-15', fiscal_year = 2019 WHERE transaction_id = ANY(${ids(moved)})`);
    await db.pool.query(sql.unsafe`DELETE FROM transaction_search WHERE transaction_id = ANY(${ids(deleted)})`);
    await db.pool.query(sql.unsafe`
      INSERT INTO transaction_search
      SELECT (jsonb_populate_record(NULL::transaction_search, to_jsonb(t) || jsonb_build_object(
        'transaction_id', t.transaction_id + 100000000 + (SELECT count(*) FROM transaction_search),
        'transaction_unique_id', t.transaction_unique_id || '_COPY' || (SELECT count(*) FROM transaction_search)))).*
      FROM transaction_search AS t WHERE t.transaction_id = ANY(${ids(copied)})`);
    // A new code list (new DEF groups), and a recipient whose levels and name change (new recipient groups).
    await db.pool.query(sql.unsafe`
      UPDATE transaction_search SET disaster_emergency_fund_codes = CASE WHEN disaster_emergency_fund_codes = '{L}' THEN '{M,N}'::text[] ELSE '{L}'::text[] END
      WHERE transaction_id = ANY(${ids(defc)})`);
    await db.pool.query(sql.unsafe`
      UPDATE transaction_search SET recipient_name = recipient_name || ' (renamed)', recipient_levels = '{R}', parent_recipient_hash = NULL, parent_uei = NULL
      WHERE transaction_id = ANY(${ids(amounts.slice(0, 3))})`);
    // Columns no summary reads: nothing to log.
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET award_date_signed = award_date_signed + 1 WHERE transaction_id = ANY(${ids(amounts.slice(3))})`);
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
  }

  const years = ['2016-10-01', '2018-10-01', '2019-10-01', '2020-10-01', '2021-10-01'];

  /** After a refresh of the five years: the tables changed, and a full rebuild leaves every table as it was. */
  async function expectSameAsFull(before: Record<string, string>): Promise<void> {
    const partial = await snapshot();
    // The writes changed the summaries (the comparison below is not vacuous) ...
    const changed = Object.keys(partial).filter((t) => partial[t] !== before[t]);
    expect(changed).toEqual(expect.arrayContaining([
      'search_summary_txn_month', 'search_summary_txn_recipient_fy', 'search_summary_txn_defc_awarding_month', 'search_summary_txn_federal_account_fy',
      'search_summary_award_fy', 'search_ranking_recipient_fy', 'search_summary_txn_awarding_recipient_fy', 'search_summary_txn_naics_month',
      'search_summary_txn_recipient_text_month', 'search_summary_award_recipient_text_fy']));
    // Every recipient text key a summary holds is listed with its values (recipient_search_text finds keys there),
    // the renamed recipient's new key included.
    const keyed = await db.pool.anyFirst(sql.unsafe`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'recipient_text_key' AND table_name <> 'search_recipient_text' ORDER BY 1`);
    expect(keyed.length).toBeGreaterThanOrEqual(9);
    for (const t of keyed.map(String)) {
      const missing = await db.pool.oneFirst(sql.unsafe`
        SELECT count(*) FROM ${sql.identifier([t])} AS s WHERE NOT EXISTS (SELECT 1 FROM search_recipient_text AS r WHERE r.recipient_text_key = s.recipient_text_key)`);
      expect({ t, missing: Number(missing) }).toEqual({ t, missing: 0 });
    }
    expect(Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM search_recipient_text WHERE recipient_name LIKE '% (renamed)'`))).toBeGreaterThan(0);
    // Each listed key is the hash of the values listed with it (the refresh hashes some per group, some per row).
    expect(Number(await db.pool.oneFirst(sql.unsafe`
      SELECT count(*) FROM search_recipient_text
      WHERE recipient_text_key <> recipient_text_key(recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id)`))).toBe(0);
    // ... and a full rebuild gives every table exactly as the partial refresh left it.
    await db.pool.query(sql.unsafe`UPDATE search_summary_state SET dirty_all = true`);
    expect((await refresh()).last_scope).toBe('full');
    const full = await snapshot();
    for (const t of Object.keys(full)) expect({ t, rows: partial[t] }).toEqual({ t, rows: full[t] });
    // The award fiscal years are summed from the award months; both ways match the awards themselves.
    expect(await db.pool.anyFirst(sql.unsafe`
      SELECT to_jsonb(x)::text FROM (
        SELECT fiscal_year_start_of(action_date) AS fy, fiscal_year_start_of(date_signed) AS signed, type, category,
          sum(generated_pragmatic_obligation) AS gpo, sum(total_outlays) AS outlays, count(*) AS n
        FROM award_search GROUP BY 1, 2, 3, 4
        EXCEPT
        SELECT action_date, date_signed, type, category, generated_pragmatic_obligation, total_outlays, row_count FROM search_summary_award_fy) AS x`)).toEqual([]);
    expect(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM search_summary_award_fy`))
      .toBe(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM (SELECT DISTINCT fiscal_year_start_of(action_date), fiscal_year_start_of(date_signed), type, category FROM award_search) AS g`));
  }

  it('logs the changed rows, and merges them into the summaries exactly as a full refresh would build them', async () => {
    const before = await snapshot();
    await writeFiveYears();
    expect(await state()).toEqual({ dirty_all: false, dirty_fiscal_years: years, last_scope: 'full', fresh: false });
    // 20 amounts, 5 moved, 3 renamed and 8 DEF changes (old and new rows each), 5 deleted, 5 inserted
    expect(await logged()).toEqual({ rows: 2 * (20 + 5 + 3 + 8) + 5 + 5, complete: true });
    const analyses = await summaryAnalyses();
    expect(await refresh()).toEqual({ dirty_all: false, dirty_fiscal_years: [], last_scope: `changed rows in fiscal years ${years.join(', ')}`, fresh: true });
    expect(await logged()).toEqual({ rows: 0, complete: true });
    expect(await summaryAnalyses()).toBe(analyses);
    await expectSameAsFull(before);
  });

  it('rebuilds the changed fiscal years when the log is incomplete, exactly as a full refresh would', async () => {
    const before = await snapshot();
    await writeFiveYears();
    await db.pool.query(sql.unsafe`UPDATE search_summary_state SET delta_complete = false`);
    const analyses = await summaryAnalyses();
    expect(await refresh()).toEqual({ dirty_all: false, dirty_fiscal_years: [], last_scope: `fiscal years ${years.join(', ')}`, fresh: true });
    expect(await summaryAnalyses()).toBeGreaterThan(analyses);
    await expectSameAsFull(before);
  });

  it('stops logging past a tenth of the table, and rebuilds fiscal years when the log outweighs them', async () => {
    const total = Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM transaction_search`));
    const fy2020 = Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM transaction_search WHERE action_date >= '2019-10-01' AND action_date < '2020-10-01'`));
    // Every row of one fiscal year: more logged rows (old and new) than a quarter of the year's rows.
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = generated_pragmatic_obligation + 1 WHERE action_date >= '2019-10-01' AND action_date < '2020-10-01'`);
    expect(await logged()).toEqual(fy2020 <= Math.max(10000, total / 10) ? { rows: 2 * fy2020, complete: true } : { rows: 0, complete: false });
    expect((await refresh()).last_scope).toBe('fiscal years 2019-10-01');
    // A statement that would take the log past its cap logs nothing and marks it incomplete.
    await db.pool.query(sql.unsafe`UPDATE search_summary_state SET delta_rows = 100000000`);
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = generated_pragmatic_obligation - 1 WHERE transaction_id = ANY(${ids(await transactionsOf(2020, 2))})`);
    expect(await logged()).toEqual({ rows: 100000000, complete: false });
    expect(Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM search_summary_txn_delta`))).toBe(0);
    expect((await refresh()).last_scope).toBe('fiscal years 2019-10-01');
    expect(await logged()).toEqual({ rows: 0, complete: true });
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
    // Refreshed while the trigger is off: what is written until it is back on is recorded nowhere.
    expect(await refresh()).toMatchObject({ last_scope: 'full', fresh: true, dirty_all: true });
    await db.pool.query(sql.unsafe`ALTER TABLE transaction_search ENABLE TRIGGER transaction_search_summary_rows_updated`);
    expect((await refresh()).last_scope).toBe('full');
  });

  it('rebuilds everything when more than a third of the fiscal years changed', async () => {
    await db.pool.query(sql.unsafe`UPDATE transaction_search SET generated_pragmatic_obligation = generated_pragmatic_obligation + 1`);
    expect((await state()).dirty_fiscal_years.length).toBeGreaterThan(10);
    expect((await refresh()).last_scope).toBe('full');
  });

  it('leaves every index of the summary and ranking tables as the schema defines it after rebuilds that drop them', async () => {
    // Full rebuilds drop these tables' indexes and build them again afterwards (drop_table_indexes, create_indexes);
    // the tests above ran several. The committed schema dump is read from a database that was only migrated.
    const summaryIndex = /^CREATE (UNIQUE )?INDEX \S+ ON public\.(search_summary_(txn|award)_|search_ranking_)\S+ /;
    const schema = readFileSync(join(__dirname, '../../../libs/read-model/schema.sql'), 'utf8');
    const expected = schema.split('\n').filter((line) => summaryIndex.test(line)).sort();
    const actual = (await db.pool.anyFirst(sql.unsafe`
      SELECT pg_get_indexdef(i.indexrelid) || ';' FROM pg_index AS i JOIN pg_class AS t ON t.oid = i.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace`)).map(String).filter((line) => summaryIndex.test(line)).sort();
    expect(expected.length).toBeGreaterThan(90);
    expect(expected).toContain('CREATE INDEX search_summary_txn_recipient_fy_text_idx ON public.search_summary_txn_recipient_fy USING btree (recipient_text_key, action_date);');
    expect(actual).toEqual(expected);
  });
});

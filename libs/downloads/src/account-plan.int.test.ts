/**
 * Which submissions and rows an account download reads (upstream's rules), run against the test data: balances
 * from the submissions of the requested period only, File C rows that are not all zero, and by federal account,
 * File C outlays from the requested period's submissions only (they are balances to date: summing every period's
 * would count them many times over).
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { planAccountDownload, type AccountDownloadRequest } from './account-plan';
import { inlineSql } from './inline-sql';

let db: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const FY = 2026;

/** The rows of each file of the download (by file kind: `AccountBalances`, `Contracts_AccountBreakdownByAward`, ...). */
async function download(level: AccountDownloadRequest['account_level'], type: AccountDownloadRequest['download_types'][number], filters: AccountDownloadRequest['filters']) {
  const request: AccountDownloadRequest = { request_type: 'account', account_level: level, download_types: [type], file_format: 'csv', columns: [], agency: 'all', filters };
  const out: Record<string, Array<Record<string, string | null>>> = {};
  for (const file of planAccountDownload(request, 'T', 'STEM')) {
    const kind = file.entryName.replace(/^STEM_/, '').replace(/_T_1\.csv$/, '');
    out[kind] = file.query === null ? [] : (await pool.query<Record<string, string | null>>(inlineSql(file.query))).rows;
  }
  return out;
}

const cents = (x: string | number | null | undefined) => Math.round(Number(x ?? 0) * 100);
const total = (rows: Array<Record<string, string | null>>, column: string) => rows.reduce((sum, r) => sum + cents(r[column]), 0);

describe('account downloads read the submissions upstream reads', () => {
  it("balances: each agency's submission of the requested period; an agency whose latest submission is older is left out", async () => {
    // One agency stops after period 11: its period-12 submission is gone.
    const gone = await db.pool.one(sql.type(z.object({ id: z.number(), agency: z.string(), rows: z.number() }))`
      SELECT s.submission_id AS id, s.reporting_agency_name AS agency, count(b.*)::int AS rows
      FROM submission_attributes s JOIN appropriation_account_balances b USING (submission_id)
      WHERE s.reporting_fiscal_year = ${FY} AND s.reporting_fiscal_period = 12 AND NOT s.quarter_format_flag
      GROUP BY 1, 2 ORDER BY count(b.*) DESC, 1 LIMIT 1`);
    for (const table of ['appropriation_account_balances', 'financial_accounts_by_program_activity_object_class', 'financial_accounts_by_awards', 'submission_attributes']) {
      await db.pool.query(sql.unsafe`DELETE FROM ${sql.identifier([table])} WHERE submission_id = ${gone.id}`);
    }
    const p12 = (await download('treasury_account', 'account_balances', { fy: FY, period: 12 })).AccountBalances!;
    expect(p12.length).toBeGreaterThan(0);
    expect(new Set(p12.map((r) => r.submission_period))).toEqual(new Set([`FY${FY}P12`]));
    expect(p12.filter((r) => r.reporting_agency_name === gone.agency)).toEqual([]);
    // Asked for period 11, its period-11 balances are there.
    const p11 = (await download('treasury_account', 'account_balances', { fy: FY, period: 11 })).AccountBalances!;
    expect(p11.filter((r) => r.reporting_agency_name === gone.agency).length).toBeGreaterThan(0);
    expect(new Set(p11.map((r) => r.submission_period))).toEqual(new Set([`FY${FY}P11`]));
    // By federal account: one row per account and period, the TAS balances added up, even where the TAS differ in
    // a name (one TAS of an account with several gets another budget function: the row joins both names).
    const split = await db.pool.one(sql.type(z.object({ tas: z.number(), fa: z.string(), bf: z.string() }))`
      SELECT max(t.treasury_account_identifier) AS tas, f.federal_account_code AS fa, min(t.budget_function_title) AS bf
      FROM appropriation_account_balances b JOIN submission_attributes s USING (submission_id)
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = b.treasury_account_identifier
      JOIN federal_account f ON f.id = t.federal_account_id
      WHERE s.reporting_fiscal_year = ${FY} AND s.reporting_fiscal_period = 12 AND t.budget_function_title IS NOT NULL
      GROUP BY f.federal_account_code HAVING count(DISTINCT t.treasury_account_identifier) > 1 ORDER BY 2 LIMIT 1`);
    await db.pool.query(sql.unsafe`UPDATE treasury_appropriation_account SET budget_function_title = 'ZZ Other function' WHERE treasury_account_identifier = ${split.tas}`);
    const byAccount = (await download('federal_account', 'account_balances', { fy: FY, period: 12 })).AccountBalances!;
    expect(new Set(byAccount.map((r) => `${r.federal_account_symbol}|${r.submission_period}`)).size).toBe(byAccount.length);
    expect(new Set(byAccount.map((r) => r.federal_account_symbol)).size).toBe(new Set(p12.map((r) => r.federal_account_symbol)).size);
    expect(byAccount.filter((r) => r.federal_account_symbol === split.fa).map((r) => r.budget_function)).toEqual([`${split.bf};ZZ Other function`]);
    for (const column of ['total_budgetary_resources', 'obligations_incurred', 'gross_outlay_amount']) {
      expect({ column, total: total(byAccount, column) }).toEqual({ column, total: total(p12, column) });
    }
  });

  it('award financial: the rows of every period that are not all zero; by federal account, outlays of the requested period only', async () => {
    const Expected = z.object({ rows: z.number(), zero: z.number(), obligation: z.string(), outlay_p12: z.string().nullable(), outlay_all: z.string().nullable() });
    const expected = await db.pool.one(sql.type(Expected)`
      SELECT count(*) FILTER (WHERE nonzero)::int AS rows, count(*) FILTER (WHERE NOT nonzero)::int AS zero,
        coalesce(sum(f.transaction_obligated_amount), 0)::text AS obligation,
        sum(f.gross_outlay_amount_by_award_cpe) FILTER (WHERE s.reporting_fiscal_period = 12)::text AS outlay_p12,
        sum(f.gross_outlay_amount_by_award_cpe)::text AS outlay_all
      FROM financial_accounts_by_awards f JOIN submission_attributes s USING (submission_id)
      CROSS JOIN LATERAL (SELECT coalesce(f.transaction_obligated_amount, 0) <> 0 OR coalesce(f.gross_outlay_amount_by_award_cpe, 0) <> 0
        OR coalesce(f.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, 0) <> 0
        OR coalesce(f.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe, 0) <> 0 AS nonzero) z
      WHERE s.reporting_fiscal_year = ${FY}
        AND (f.award_id IS NULL OR EXISTS (SELECT 1 FROM award_search a WHERE a.award_id = f.award_id))`);
    expect(expected.zero).toBeGreaterThan(0);
    expect(cents(expected.outlay_all)).not.toBe(cents(expected.outlay_p12));

    const byTas = Object.values(await download('treasury_account', 'award_financial', { fy: FY, period: 12 })).flat();
    expect(byTas).toHaveLength(expected.rows);
    expect(total(byTas, 'transaction_obligated_amount')).toBe(cents(expected.obligation));
    expect(total(byTas, 'gross_outlay_amount_FYB_to_period_end')).toBe(cents(expected.outlay_all));

    const byAccount = Object.values(await download('federal_account', 'award_financial', { fy: FY, period: 12 })).flat();
    expect(byAccount.length).toBeGreaterThan(0);
    expect(total(byAccount, 'transaction_obligated_amount')).toBe(cents(expected.obligation));
    expect(total(byAccount, 'gross_outlay_amount_FYB_to_period_end')).toBe(cents(expected.outlay_p12));
  });
});

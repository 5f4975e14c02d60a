import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { direction, pageFragment, type Paging } from '../common/paging';
import { fileCRows } from './file-c-rows';

const AccountRow = z.object({
  total_transaction_obligated_amount: z.coerce.number(),
  federal_account: z.string(),
  account_title: z.string(),
  funding_agency_abbreviation: z.string().nullable(),
  funding_agency_name: z.string().nullable(),
  funding_agency_id: z.number().nullable(),
  funding_toptier_agency_id: z.number().nullable(),
  funding_agency_slug: z.string().nullable(),
  total_count: z.number(),
});
export type AccountRow = z.infer<typeof AccountRow>;
export type AccountSort = 'account_title' | 'agency' | 'federal_account' | 'total_transaction_obligated_amount';

const ACCOUNT_SORT: Record<AccountSort, FragmentSqlToken> = {
  account_title: sql.fragment`account_title`,
  agency: sql.fragment`funding_agency_name`,
  federal_account: sql.fragment`federal_account`,
  total_transaction_obligated_amount: sql.fragment`total_transaction_obligated_amount`,
};

/**
 * Federal accounts of the File C rows of the given awards, with their obligations. The funding agency is
 * the account's owning toptier agency (its agency row without a subtier). `total_count` is the number of
 * accounts (the same as countFederalAccounts).
 */
export async function listAccounts(db: CommonQueryMethods, awards: FragmentSqlToken, sort: AccountSort, order: 'asc' | 'desc', p: Paging): Promise<readonly AccountRow[]> {
  return db.any(sql.type(AccountRow)`
    WITH acc AS (
      SELECT fa.federal_account_code AS federal_account, coalesce(fa.account_title, '') AS account_title,
        ta.abbreviation AS funding_agency_abbreviation, ta.name AS funding_agency_name,
        toptier_agency_row_id(ta.toptier_agency_id) AS funding_agency_id,
        ta.toptier_agency_id AS funding_toptier_agency_id, ta.slug AS funding_agency_slug,
        coalesce(sum(f.transaction_obligated_amount), 0) AS total_transaction_obligated_amount
      FROM ${fileCRows(awards)} f
      JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id
      JOIN federal_account fa ON fa.id = t.federal_account_id
      LEFT JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id
      GROUP BY fa.id, ta.toptier_agency_id
    )
    SELECT *, (count(*) OVER ())::int AS total_count FROM acc
    ORDER BY ${ACCOUNT_SORT[sort]} ${direction(order)}, federal_account ${direction(order)}
    ${pageFragment(p)}`);
}

const CountRow = z.object({ n: z.number() });

/** Number of distinct federal accounts of the File C rows of the given awards. */
export async function countFederalAccounts(db: CommonQueryMethods, awards: FragmentSqlToken): Promise<number> {
  return (await db.one(sql.type(CountRow)`
    SELECT count(DISTINCT t.federal_account_id)::int AS n
    FROM ${fileCRows(awards)} f JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id
    WHERE t.federal_account_id IS NOT NULL`)).n;
}

const RollupRow = z.object({
  total_transaction_obligated_amount: z.coerce.number(),
  awarding_agency_count: z.number(),
  funding_agency_count: z.number(),
  federal_account_count: z.number(),
});
export type RollupRow = z.infer<typeof RollupRow>;

/**
 * File C obligations of the given awards and the numbers of distinct awarding agencies (of the awards with
 * File C rows), funding agencies (owners of the accounts) and federal accounts.
 */
export async function fundingRollup(db: CommonQueryMethods, awards: FragmentSqlToken): Promise<RollupRow> {
  return db.one(sql.type(RollupRow)`
    SELECT coalesce(sum(f.transaction_obligated_amount), 0) AS total_transaction_obligated_amount,
      count(DISTINCT a.awarding_toptier_agency_code)::int AS awarding_agency_count,
      count(DISTINCT fa.parent_toptier_agency_id)::int AS funding_agency_count,
      count(DISTINCT t.federal_account_id)::int AS federal_account_count
    FROM ${fileCRows(awards)} f
    JOIN award_search a ON a.award_id = f.award_id
    LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id
    LEFT JOIN federal_account fa ON fa.id = t.federal_account_id`);
}

const FundingRow = z.object({
  award_id: z.number(),
  generated_unique_award_id: z.string(),
  piid: z.string().nullable(),
  agency_id: z.string().nullable(),
  main_account_code: z.string().nullable(),
  reporting_fiscal_year: z.number().nullable(),
  reporting_fiscal_quarter: z.number().nullable(),
  reporting_fiscal_month: z.number().nullable(),
  is_quarterly_submission: z.boolean().nullable(),
  disaster_emergency_fund_code: z.string().nullable(),
  awarding_agency_id: z.number().nullable(),
  awarding_toptier_agency_id: z.number().nullable(),
  awarding_agency_slug: z.string().nullable(),
  awarding_agency_name: z.string().nullable(),
  funding_agency_id: z.number().nullable(),
  funding_toptier_agency_id: z.number().nullable(),
  funding_agency_slug: z.string().nullable(),
  funding_agency_name: z.string().nullable(),
  federal_account: z.string().nullable(),
  account_title: z.string().nullable(),
  program_activity_code: z.string().nullable(),
  program_activity_name: z.string().nullable(),
  object_class: z.string().nullable(),
  object_class_name: z.string().nullable(),
  transaction_obligated_amount: z.coerce.number().nullable(),
  gross_outlay_amount: z.coerce.number().nullable(),
  total_count: z.number(),
});
export type FundingRow = z.infer<typeof FundingRow>;
export type FundingSort =
  | 'account_title' | 'awarding_agency_name' | 'disaster_emergency_fund_code' | 'federal_account' | 'funding_agency_name'
  | 'gross_outlay_amount' | 'object_class' | 'program_activity' | 'reporting_fiscal_date' | 'transaction_obligated_amount'
  | 'piid' | 'reporting_agency_name';

const FUNDING_SORT: Record<FundingSort, FragmentSqlToken[]> = {
  account_title: [sql.fragment`account_title`],
  awarding_agency_name: [sql.fragment`awarding_agency_name`],
  disaster_emergency_fund_code: [sql.fragment`disaster_emergency_fund_code`],
  federal_account: [sql.fragment`federal_account`],
  funding_agency_name: [sql.fragment`funding_agency_name`],
  gross_outlay_amount: [sql.fragment`gross_outlay_amount`],
  object_class: [sql.fragment`object_class`, sql.fragment`object_class_name`],
  program_activity: [sql.fragment`program_activity_code`, sql.fragment`program_activity_name`],
  reporting_fiscal_date: [sql.fragment`reporting_fiscal_year`, sql.fragment`reporting_fiscal_month`],
  transaction_obligated_amount: [sql.fragment`transaction_obligated_amount`],
  piid: [sql.fragment`piid`],
  reporting_agency_name: [sql.fragment`reporting_agency_name`],
};

/** One page of the File C rows of the given awards (optionally of one PIID), with `total_count` of all rows. */
export async function listFunding(db: CommonQueryMethods, awards: FragmentSqlToken, piid: string | undefined, sort: FundingSort, order: 'asc' | 'desc', p: Paging): Promise<readonly FundingRow[]> {
  const dir = direction(order);
  const orderBy = sql.join(FUNDING_SORT[sort].map((c) => sql.fragment`${c} ${dir}`), sql.fragment`, `);
  return db.any(sql.type(FundingRow)`
    WITH rows AS (
      SELECT f.financial_accounts_by_awards_id AS row_id, a.award_id, a.generated_unique_award_id, a.piid,
        fa.agency_identifier AS agency_id, fa.main_account_code,
        f.reporting_fiscal_year, f.reporting_fiscal_quarter, f.reporting_fiscal_period AS reporting_fiscal_month,
        f.quarter_format_flag AS is_quarterly_submission, f.disaster_emergency_fund_code,
        a.awarding_agency_id, a.awarding_toptier_agency_id, at.slug AS awarding_agency_slug,
        a.awarding_toptier_agency_name AS awarding_agency_name,
        toptier_agency_row_id(ft.toptier_agency_id) AS funding_agency_id,
        ft.toptier_agency_id AS funding_toptier_agency_id, ft.slug AS funding_agency_slug, ft.name AS funding_agency_name,
        fa.federal_account_code AS federal_account, fa.account_title,
        pa.program_activity_code, pa.program_activity_name, oc.object_class, oc.object_class_name,
        f.transaction_obligated_amount, f.gross_outlay_amount_by_award_cpe AS gross_outlay_amount, f.reporting_agency_name
      FROM ${fileCRows(awards)} f
      JOIN award_search a ON a.award_id = f.award_id
      LEFT JOIN toptier_agency at ON at.toptier_agency_id = a.awarding_toptier_agency_id
      LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = f.treasury_account_id
      LEFT JOIN federal_account fa ON fa.id = t.federal_account_id
      LEFT JOIN toptier_agency ft ON ft.toptier_agency_id = fa.parent_toptier_agency_id
      LEFT JOIN ref_program_activity pa ON pa.id = f.program_activity_id
      LEFT JOIN object_class oc ON oc.id = f.object_class_id
      WHERE ${piid === undefined ? sql.fragment`TRUE` : sql.fragment`a.piid = ${piid}`}
    )
    SELECT award_id, generated_unique_award_id, piid, agency_id, main_account_code, reporting_fiscal_year,
      reporting_fiscal_quarter, reporting_fiscal_month, is_quarterly_submission, disaster_emergency_fund_code,
      awarding_agency_id, awarding_toptier_agency_id, awarding_agency_slug, awarding_agency_name, funding_agency_id,
      funding_toptier_agency_id, funding_agency_slug, funding_agency_name, federal_account, account_title,
      program_activity_code, program_activity_name, object_class, object_class_name, transaction_obligated_amount,
      gross_outlay_amount, (count(*) OVER ())::int AS total_count
    FROM rows
    ORDER BY ${orderBy}, row_id ${dir}
    ${pageFragment(p)}`);
}

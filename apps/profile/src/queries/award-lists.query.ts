import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { direction, pageFragment, type Paging } from '../common/paging';

const CountRow = z.object({ n: z.number() });

/** Number of transactions of an award (the length of its transaction history). */
export async function countTransactions(db: CommonQueryMethods, awardId: number): Promise<number> {
  return (await db.one(sql.type(CountRow)`SELECT count(*)::int AS n FROM transaction_search WHERE award_id = ${awardId}`)).n;
}

/** Number of subawards of an award. */
export async function countSubawards(db: CommonQueryMethods, awardId: number | null): Promise<number> {
  const where = awardId === null ? sql.fragment`TRUE` : sql.fragment`award_id = ${awardId}`;
  return (await db.one(sql.type(CountRow)`SELECT count(*)::int AS n FROM subaward_search WHERE ${where}`)).n;
}

const TransactionRow = z.object({
  id: z.string(),
  type: z.string(),
  type_description: z.string().nullable(),
  action_date: z.string(),
  action_type: z.string().nullable(),
  action_type_description: z.string().nullable(),
  modification_number: z.string(),
  description: z.string().nullable(),
  federal_action_obligation: z.coerce.number().nullable(),
  face_value_loan_guarantee: z.coerce.number().nullable(),
  original_loan_subsidy_cost: z.coerce.number().nullable(),
  cfda_number: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof TransactionRow>;

export type TransactionSort =
  | 'modification_number' | 'action_date' | 'federal_action_obligation' | 'face_value_loan_guarantee'
  | 'original_loan_subsidy_cost' | 'action_type_description' | 'description';

const TRANSACTION_SORT: Record<TransactionSort, FragmentSqlToken> = {
  modification_number: sql.fragment`modification_number`,
  action_date: sql.fragment`action_date`,
  federal_action_obligation: sql.fragment`federal_action_obligation`,
  face_value_loan_guarantee: sql.fragment`face_value_loan_guarantee`,
  original_loan_subsidy_cost: sql.fragment`original_loan_subsidy_cost`,
  action_type_description: sql.fragment`action_type_description`,
  description: sql.fragment`transaction_description`,
};

/**
 * One page of an award's transactions. Loan amounts are given for loans only and obligations for the
 * rest, as upstream. Ties are broken by the transaction key so pages never overlap.
 */
export async function listTransactions(db: CommonQueryMethods, awardId: number, sort: TransactionSort, order: 'asc' | 'desc', p: Paging): Promise<readonly TransactionRow[]> {
  return db.any(sql.type(TransactionRow)`
    SELECT transaction_unique_id AS id, type, type_description, action_date::text AS action_date, action_type,
      action_type_description, coalesce(modification_number, '') AS modification_number, transaction_description AS description,
      CASE WHEN award_category = 'loans' THEN NULL ELSE federal_action_obligation END AS federal_action_obligation,
      CASE WHEN award_category = 'loans' THEN face_value_loan_guarantee END AS face_value_loan_guarantee,
      CASE WHEN award_category = 'loans' THEN original_loan_subsidy_cost END AS original_loan_subsidy_cost,
      cfda_number
    FROM transaction_search WHERE award_id = ${awardId}
    ORDER BY ${TRANSACTION_SORT[sort]} ${direction(order)}, transaction_unique_id ${direction(order)}
    ${pageFragment(p)}`);
}

const SubawardRow = z.object({
  id: z.number(),
  subaward_number: z.string(),
  description: z.string(),
  action_date: z.string(),
  amount: z.coerce.number(),
  recipient_name: z.string(),
});
export type SubawardRow = z.infer<typeof SubawardRow>;
export type SubawardSort = 'subaward_number' | 'id' | 'description' | 'action_date' | 'amount' | 'recipient_name';

const SUBAWARD_SORT: Record<SubawardSort, FragmentSqlToken> = {
  subaward_number: sql.fragment`subaward_number`,
  id: sql.fragment`broker_subaward_id`,
  description: sql.fragment`subaward_description`,
  action_date: sql.fragment`sub_action_date`,
  amount: sql.fragment`subaward_amount`,
  recipient_name: sql.fragment`sub_awardee_or_recipient_legal`,
};

/** One page of the subawards of an award (or of all awards when awardId is null). */
export async function listSubawards(db: CommonQueryMethods, awardId: number | null, sort: SubawardSort, order: 'asc' | 'desc', p: Paging): Promise<readonly SubawardRow[]> {
  const where = awardId === null ? sql.fragment`TRUE` : sql.fragment`award_id = ${awardId}`;
  return db.any(sql.type(SubawardRow)`
    SELECT broker_subaward_id AS id, subaward_number, coalesce(subaward_description, '') AS description,
      sub_action_date::text AS action_date, subaward_amount AS amount, coalesce(sub_awardee_or_recipient_legal, '') AS recipient_name
    FROM subaward_search WHERE ${where}
    ORDER BY ${SUBAWARD_SORT[sort]} ${direction(order)}, broker_subaward_id ${direction(order)}
    ${pageFragment(p)}`);
}

const LastUpdatedRow = z.object({ last_updated: z.string().nullable() });

/** The latest update date of any award as MM/DD/YYYY (null without awards). */
export async function awardsLastUpdated(db: CommonQueryMethods): Promise<string | null> {
  const row = await db.one(sql.type(LastUpdatedRow)`SELECT to_char(max(update_date), 'MM/DD/YYYY') AS last_updated FROM award_search`);
  return row.last_updated;
}

import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { direction, pageFragment, type Paging } from '../common/paging';

/** Names upstream leaves out of recipient lists (aggregate and redacted recipients). */
const SPECIAL_NAMES = ['MULTIPLE RECIPIENTS', 'REDACTED DUE TO PII', 'MULTIPLE FOREIGN RECIPIENTS', 'PRIVATE INDIVIDUAL',
  'INDIVIDUAL RECIPIENT', 'MISCELLANEOUS FOREIGN AWARDEES'];

export type RecipientAwardType = 'all' | 'contracts' | 'grants' | 'loans' | 'direct_payments' | 'other_financial_assistance';

/** recipient_profile's trailing-12-month column and award category of each award type of the list request. */
const AWARD_TYPE: Record<Exclude<RecipientAwardType, 'all'>, { column: string; category: string }> = {
  contracts: { column: 'last_12_contracts', category: 'contract' },
  grants: { column: 'last_12_grants', category: 'grant' },
  loans: { column: 'last_12_loans', category: 'loans' },
  direct_payments: { column: 'last_12_direct_payments', category: 'direct payment' },
  other_financial_assistance: { column: 'last_12_other', category: 'other' },
};

function listFilter(keyword: string | undefined, awardType: RecipientAwardType): FragmentSqlToken {
  const parts = [sql.fragment`(recipient_name IS NULL OR recipient_name <> ALL (${sql.array(SPECIAL_NAMES, 'text')}))`];
  if (keyword !== undefined && keyword.trim() !== '') {
    const k = keyword.trim();
    parts.push(sql.fragment`(recipient_name ILIKE ${`%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR uei = ${k.toUpperCase()} OR recipient_unique_id = ${k})`);
  }
  if (awardType !== 'all') parts.push(sql.fragment`award_types @> ARRAY[${AWARD_TYPE[awardType].category}]::text[]`);
  return sql.fragment`${sql.join(parts, sql.fragment` AND `)}`;
}

const amountColumn = (awardType: RecipientAwardType) =>
  sql.identifier([awardType === 'all' ? 'last_12_months' : AWARD_TYPE[awardType].column]);

const ListRow = z.object({
  id: z.string(),
  duns: z.string().nullable(),
  uei: z.string().nullable(),
  name: z.string().nullable(),
  recipient_level: z.enum(['P', 'C', 'R']),
  amount: z.coerce.number(),
});
export type RecipientListRow = z.infer<typeof ListRow>;
export type RecipientSort = 'name' | 'duns' | 'amount';

/**
 * One page of recipient_profile (one row per recipient hash and level) with the trailing-12-month amount of
 * the award type, filtered by keyword (name contains it, or UEI/DUNS equals it) and award type.
 */
export async function listRecipients(db: CommonQueryMethods, keyword: string | undefined, awardType: RecipientAwardType, sort: RecipientSort, order: 'asc' | 'desc', p: Paging): Promise<readonly RecipientListRow[]> {
  const sortColumn = sort === 'name' ? sql.fragment`recipient_name` : sort === 'duns' ? sql.fragment`recipient_unique_id` : sql.fragment`amount`;
  return db.any(sql.type(ListRow)`
    SELECT recipient_hash::text || '-' || recipient_level AS id, recipient_unique_id AS duns, uei, recipient_name AS name,
      recipient_level, ${amountColumn(awardType)} AS amount
    FROM recipient_profile WHERE ${listFilter(keyword, awardType)}
    ORDER BY ${sortColumn} ${direction(order)}, recipient_hash ${direction(order)}, recipient_level ${direction(order)}
    ${pageFragment(p)}`);
}

const CountRow = z.object({ n: z.number() });

/** Number of rows listRecipients has for the same filters. */
export async function countRecipients(db: CommonQueryMethods, keyword: string | undefined, awardType: RecipientAwardType): Promise<number> {
  return (await db.one(sql.type(CountRow)`SELECT count(*)::int AS n FROM recipient_profile WHERE ${listFilter(keyword, awardType)}`)).n;
}

const ProfileRow = z.object({
  recipient_hash: z.string(),
  recipient_level: z.enum(['P', 'C', 'R']),
  name: z.string().nullable(),
  duns: z.string().nullable(),
  uei: z.string().nullable(),
  affiliations: z.array(z.string()),
  last_12_months: z.coerce.number(),
  last_12_months_count: z.number(),
  alternate_names: z.array(z.string()).nullable(),
  parent_uei: z.string().nullable(),
  parent_duns: z.string().nullable(),
  parent_name: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city_name: z.string().nullable(),
  state_code: z.string().nullable(),
  zip: z.string().nullable(),
  zip4: z.string().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  congressional_code: z.string().nullable(),
  business_types: z.array(z.string()).nullable(),
});
export type RecipientProfileRow = z.infer<typeof ProfileRow>;

/** The recipient_profile row of a hash and level with its recipient_lookup details, or null. */
export async function getRecipientProfile(db: CommonQueryMethods, hash: string, level: string): Promise<RecipientProfileRow | null> {
  return db.maybeOne(sql.type(ProfileRow)`
    SELECT p.recipient_hash::text AS recipient_hash, p.recipient_level, coalesce(l.legal_business_name, p.recipient_name) AS name,
      coalesce(l.duns, p.recipient_unique_id) AS duns, coalesce(l.uei, p.uei) AS uei, p.recipient_affiliations AS affiliations,
      p.last_12_months, p.last_12_months_count, l.alternate_names, l.parent_uei, l.parent_duns,
      l.parent_legal_business_name AS parent_name, l.address_line_1 AS address_line1, l.address_line_2 AS address_line2,
      l.city AS city_name, l.state AS state_code, l.zip5 AS zip, l.zip4, l.country_code, c.country_name,
      l.congressional_district AS congressional_code, l.business_types_codes AS business_types
    FROM recipient_profile p
    LEFT JOIN recipient_lookup l ON l.recipient_hash = p.recipient_hash
    LEFT JOIN ref_country_code c ON c.country_code = l.country_code
    WHERE p.recipient_hash = ${hash}::uuid AND p.recipient_level = ${level}`);
}

const ParentRow = z.object({ parent_id: z.string(), parent_name: z.string().nullable(), parent_duns: z.string().nullable(), parent_uei: z.string().nullable() });
export type ParentRow = z.infer<typeof ParentRow>;

/** Parent recipients (P level) whose UEI or DUNS is one of the ids. */
export async function findParents(db: CommonQueryMethods, ids: readonly string[]): Promise<readonly ParentRow[]> {
  if (ids.length === 0) return [];
  return db.any(sql.type(ParentRow)`
    SELECT p.recipient_hash::text || '-P' AS parent_id, coalesce(l.legal_business_name, p.recipient_name) AS parent_name,
      coalesce(l.duns, p.recipient_unique_id) AS parent_duns, coalesce(l.uei, p.uei) AS parent_uei
    FROM recipient_profile p LEFT JOIN recipient_lookup l ON l.recipient_hash = p.recipient_hash
    WHERE p.recipient_level = 'P' AND (p.uei = ANY (${sql.array([...ids], 'text')}) OR p.recipient_unique_id = ANY (${sql.array([...ids], 'text')}))
    ORDER BY parent_name, parent_id`);
}

/** Which transactions a recipient id covers: its own (child or no parent) or, for a parent, its children's. */
export function recipientScope(hash: string, level: 'P' | 'C' | 'R'): FragmentSqlToken {
  if (level === 'P') return sql.fragment`parent_recipient_hash = ${hash}::uuid`;
  return level === 'C'
    ? sql.fragment`recipient_hash = ${hash}::uuid AND parent_recipient_hash IS NOT NULL`
    : sql.fragment`recipient_hash = ${hash}::uuid AND parent_recipient_hash IS NULL`;
}

/** Fiscal year range [from, to) of a `year` parameter, or null for all time. */
export function fiscalYearRange(year: number | null): FragmentSqlToken {
  return year === null
    ? sql.fragment`TRUE`
    : sql.fragment`action_date >= make_date(${year - 1}, 10, 1) AND action_date < make_date(${year}, 10, 1)`;
}

const TotalsRow = z.object({
  amount: z.coerce.number(),
  transactions: z.number(),
  loan_amount: z.coerce.number(),
  loan_transactions: z.number(),
});
export type RecipientTotals = z.infer<typeof TotalsRow>;

const FreshRow = z.object({ fresh: z.boolean() });

/** Whether the search summaries were built from the current base data (the search planner's rule). */
export async function summariesFresh(db: CommonQueryMethods): Promise<boolean> {
  const row = await db.maybeOne(sql.type(FreshRow)`
    SELECT (s.base_version IS NOT DISTINCT FROM v.last_value AND s.base_version IS NOT NULL) AS fresh
    FROM search_summary_state AS s CROSS JOIN search_base_version AS v`);
  return row?.fresh ?? false;
}

/**
 * Totals of a recipient id in a fiscal year (or all time). Obligations and transaction counts come from the
 * per-recipient fiscal-year summary (search_summary_txn_recipient_fy, a few rows per recipient and year)
 * when it is fresh, otherwise from transaction_search; loan face values from the recipient's loan
 * transactions through the partial indexes of the baseline (loans are a small share of all rows).
 */
export async function recipientTotals(db: CommonQueryMethods, hash: string, level: 'P' | 'C' | 'R', year: number | null, fresh: boolean): Promise<RecipientTotals> {
  const scope = recipientScope(hash, level);
  const range = fiscalYearRange(year);
  const main = fresh
    ? sql.fragment`SELECT coalesce(sum(generated_pragmatic_obligation), 0) AS amount, coalesce(sum(row_count), 0)::int AS transactions
        FROM search_summary_txn_recipient_fy WHERE ${scope} AND ${range}`
    : sql.fragment`SELECT coalesce(sum(generated_pragmatic_obligation), 0) AS amount, count(*)::int AS transactions
        FROM transaction_search WHERE ${scope} AND ${range}`;
  return db.one(sql.type(TotalsRow)`
    SELECT m.amount, m.transactions, l.loan_amount, l.loan_transactions
    FROM (${main}) m CROSS JOIN (
      SELECT coalesce(sum(face_value_loan_guarantee), 0) AS loan_amount, count(face_value_loan_guarantee)::int AS loan_transactions
      FROM transaction_search WHERE award_category = 'loans' AND ${scope} AND ${range}) l`);
}

/** Loan face value totals of a recipient id over the trailing 12 months. */
export async function recipientRecentLoans(db: CommonQueryMethods, hash: string, level: 'P' | 'C' | 'R'): Promise<Pick<RecipientTotals, 'loan_amount' | 'loan_transactions'>> {
  return db.one(sql.type(TotalsRow.pick({ loan_amount: true, loan_transactions: true }))`
    SELECT coalesce(sum(face_value_loan_guarantee), 0) AS loan_amount, count(face_value_loan_guarantee)::int AS loan_transactions
    FROM transaction_search
    WHERE award_category = 'loans' AND ${recipientScope(hash, level)} AND action_date >= current_date - interval '1 year'`);
}

const ChildRow = z.object({
  name: z.string().nullable(),
  duns: z.string().nullable(),
  uei: z.string().nullable(),
  recipient_id: z.string(),
  state_province: z.string().nullable(),
  amount: z.coerce.number(),
});
export type ChildRow = z.infer<typeof ChildRow>;

const ParentHashRow = z.object({ recipient_hash: z.string() });

/** The hash of the parent recipient (P level) with this UEI or DUNS, or null. */
export async function findParentHash(db: CommonQueryMethods, dunsOrUei: string): Promise<string | null> {
  const row = await db.maybeOne(sql.type(ParentHashRow)`
    SELECT recipient_hash::text AS recipient_hash FROM recipient_profile
    WHERE recipient_level = 'P' AND (uei = ${dunsOrUei.toUpperCase()} OR recipient_unique_id = ${dunsOrUei})
    ORDER BY recipient_hash LIMIT 1`);
  return row?.recipient_hash ?? null;
}

const ExistsRow = z.object({ found: z.boolean() });

/** Whether any recipient (of any level) has this UEI or DUNS. */
export async function recipientIdExists(db: CommonQueryMethods, dunsOrUei: string): Promise<boolean> {
  return (await db.one(sql.type(ExistsRow)`
    SELECT EXISTS (SELECT 1 FROM recipient_profile WHERE uei = ${dunsOrUei.toUpperCase()} OR recipient_unique_id = ${dunsOrUei}) AS found`)).found;
}

/**
 * The children of a parent hash (every recipient whose transactions name it as parent) with their obligations
 * in the fiscal year, all time (year null), or the trailing 12 months (latest), largest first.
 */
export async function listChildren(db: CommonQueryMethods, parentHash: string, year: number | 'latest' | null, fresh: boolean): Promise<readonly ChildRow[]> {
  const period = year === 'latest' ? sql.fragment`action_date >= current_date - interval '1 year'` : fiscalYearRange(year);
  const source = fresh && year !== 'latest' ? sql.identifier(['search_summary_txn_recipient_fy']) : sql.identifier(['transaction_search']);
  return db.any(sql.type(ChildRow)`
    WITH kids AS (
      SELECT DISTINCT recipient_hash FROM award_search WHERE parent_recipient_hash = ${parentHash}::uuid
    ), amounts AS (
      SELECT recipient_hash, sum(generated_pragmatic_obligation) AS amount FROM ${source}
      WHERE parent_recipient_hash = ${parentHash}::uuid AND ${period} GROUP BY recipient_hash
    )
    SELECT l.legal_business_name AS name, l.duns, l.uei, k.recipient_hash::text || '-C' AS recipient_id,
      l.state AS state_province, coalesce(a.amount, 0) AS amount
    FROM kids k LEFT JOIN amounts a USING (recipient_hash) LEFT JOIN recipient_lookup l USING (recipient_hash)
    WHERE k.recipient_hash IS NOT NULL
    ORDER BY amount DESC, recipient_id
    LIMIT 10000`);
}

import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Paging } from '../common/paging';
import { jsonColumns, JsonRow } from './json-row';
import { orderBy, pageOrder, serialPlan, type ListSort } from './spending-by-award.query';

const TRANSACTION_COLUMNS = [
  'transaction_id',
  'award_id',
  'generated_unique_award_id',
  'display_award_id',
  'action_date',
  'action_type',
  'type_description',
  'modification_number',
  'transaction_description',
  'federal_action_obligation',
  'face_value_loan_guarantee',
  'original_loan_subsidy_cost',
  'awarding_agency_id',
  'awarding_toptier_agency_name',
  'awarding_subtier_agency_name',
  'funding_toptier_agency_name',
  'funding_subtier_agency_name',
  'recipient_name',
  'recipient_uei',
  'recipient_hash',
  'recipient_levels',
  'cfda_number',
  'cfda_title',
  'naics_code',
  'naics_description',
  'product_or_service_code',
  'product_or_service_description',
  'disaster_emergency_fund_codes',
  'pop_country_code',
  'pop_country_name',
  'pop_state_code',
  'pop_state_name',
  'pop_city_name',
  'pop_county_code',
  'pop_county_name',
  'pop_congressional_code',
  'pop_zip5',
  'recipient_location_address_line1',
  'recipient_location_country_code',
  'recipient_location_country_name',
  'recipient_location_state_code',
  'recipient_location_state_name',
  'recipient_location_city_name',
  'recipient_location_county_code',
  'recipient_location_county_name',
  'recipient_location_congressional_code',
  'recipient_location_zip5',
  'recipient_location_foreign_province',
] as const;

const TransactionRowOut = z.object({ transaction_id: z.number(), data: JsonRow });

/** A transaction row: the listed columns (values as JSON gives them). */
export type TransactionRow = Record<string, unknown> & {
  transaction_id: number;
  award_id: number;
  generated_unique_award_id: string;
  recipient_levels: string[] | null;
  disaster_emergency_fund_codes: string[] | null;
  awarding_agency_id: number | null;
};

/**
 * One page (limit + 1 rows) of transactions in sort order, ties broken by transaction id; the page's ids
 * first, then its rows as JSON.
 */
export async function listTransactions(
  db: CommonQueryMethods,
  where: FragmentSqlToken,
  sort: ListSort,
  page: Paging,
): Promise<readonly TransactionRow[]> {
  const order = orderBy(sort, sql.fragment`transaction_id`);
  const rows = await serialPlan(db, (t) => t.any(sql.type(TransactionRowOut)`
    WITH page AS (
      SELECT transaction_id AS page_id, ${sort.expression} AS sort_key
      FROM transaction_search
      WHERE ${where}
      ${order}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT page.page_id AS transaction_id, ${jsonColumns(TRANSACTION_COLUMNS, 't')} AS data
    FROM page JOIN transaction_search AS t ON t.transaction_id = page.page_id
    ${pageOrder(sort)}
  `));
  return rows.map((r) => ({ ...r.data, transaction_id: r.transaction_id }) as TransactionRow);
}

const AwardDatesRow = z.object({
  award_id: z.number(),
  period_of_performance_start_date: z.string().nullable(),
  ordering_period_end_date: z.string().nullable(),
});

/** Start and ordering-period end dates of some awards (Issued Date, Last Date to Order of their transactions). */
export async function awardDates(db: CommonQueryMethods, awardIds: readonly number[]): Promise<Map<number, z.infer<typeof AwardDatesRow>>> {
  if (awardIds.length === 0) return new Map();
  const rows = await db.any(sql.type(AwardDatesRow)`
    SELECT award_id, period_of_performance_start_date, ordering_period_end_date
    FROM award_search WHERE award_id = ANY(${sql.array([...awardIds], 'int8')})
  `);
  return new Map(rows.map((r) => [r.award_id, r]));
}

const GroupedRow = z.object({
  award_id: z.string().nullable(),
  transaction_count: z.number(),
  transaction_obligation: z.number(),
  award_generated_internal_id: z.string(),
});
export type TransactionGroupRow = z.infer<typeof GroupedRow>;

const GROUPED_SORT: Record<string, FragmentSqlToken> = {
  award_id: sql.fragment`award_id`,
  award_generated_internal_id: sql.fragment`award_generated_internal_id`,
  transaction_count: sql.fragment`transaction_count`,
  transaction_obligation: sql.fragment`transaction_obligation`,
};

/** Selected transactions grouped by prime award: count and obligation sum, one page (limit + 1 rows). */
export async function transactionsByAward(
  db: CommonQueryMethods,
  where: FragmentSqlToken,
  sort: keyof typeof GROUPED_SORT,
  order: 'asc' | 'desc',
  page: Paging,
): Promise<readonly TransactionGroupRow[]> {
  const direction = order === 'desc' ? sql.fragment`DESC` : sql.fragment`ASC`;
  return db.any(sql.type(GroupedRow)`
    SELECT max(display_award_id) AS award_id, count(*)::bigint AS transaction_count,
           coalesce(sum(federal_action_obligation), 0) AS transaction_obligation,
           generated_unique_award_id AS award_generated_internal_id
    FROM transaction_search
    WHERE ${where}
    GROUP BY generated_unique_award_id
    ORDER BY ${GROUPED_SORT[sort]!} ${direction} NULLS LAST, award_generated_internal_id ${direction}
    LIMIT ${page.limit + 1} OFFSET ${page.offset}
  `);
}

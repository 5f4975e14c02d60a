import { sql, type CommonQueryMethods, type FragmentSqlToken, type IdentifierSqlToken } from 'slonik';
import { z } from 'zod';
import type { CategoryQuery } from '../categories/category-definitions';
import { AGGREGATION_COLUMNS } from '../common/level-columns';
import type { Paging } from '../common/paging';
import type { SpendingLevel } from '../common/spending-level';
import type { RankingSlice, RankingTable } from '../planner/ranking';
import type { Source } from '../planner/source';

const CategoryRow = z.object({
  id: z.number().nullable(),
  name: z.string().nullable(),
  code: z.string().nullable(),
  amount: z.number(),
  total_outlays: z.number().nullable(),
  agency_slug: z.string().nullable().optional(),
  agency_id: z.number().nullable().optional(),
  agency_abbreviation: z.string().nullable().optional(),
  agency_name: z.string().nullable().optional(),
  recipient_id: z.string().nullable().optional(),
  uei: z.string().nullable().optional(),
  year_retired: z.number().nullable().optional(),
});
export type CategoryRow = z.infer<typeof CategoryRow>;

/**
 * One page (plus one row, to tell whether another page exists) of a category: the selected records
 * grouped by the category key, by amount descending (key ascending breaks ties), named afterwards so
 * the reference lookups only touch the rows of the page.
 */
export async function spendingByCategory(
  db: CommonQueryMethods,
  source: Source,
  where: FragmentSqlToken,
  level: SpendingLevel,
  q: CategoryQuery,
  page: Paging,
): Promise<readonly CategoryRow[]> {
  const cols = AGGREGATION_COLUMNS[level];
  const outlays = cols.outlays ? source.sum(cols.outlays) : sql.fragment`NULL::numeric`;
  const keyOrder = q.keyCount === 1 ? sql.fragment`1` : sql.fragment`1, 2`;
  const outerKeyOrder = q.keyCount === 1 ? sql.fragment`g.k1` : sql.fragment`g.k1, g.k2`;
  const aggregates = q.aggregates ? sql.fragment`, ${q.aggregates}` : sql.fragment``;
  return db.any(sql.type(CategoryRow)`
    WITH grouped AS (
      SELECT ${q.keys}, coalesce(${source.sum(cols.obligation)}, 0) AS amount, ${outlays} AS total_outlays ${aggregates}
      FROM ${source.table} ${q.lateral ?? sql.fragment``}
      WHERE ${where} AND ${q.keyPresent}
      GROUP BY ${keyOrder}
      ORDER BY amount DESC, ${keyOrder}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    ${q.projection}
    ORDER BY g.amount DESC, ${outerKeyOrder}
  `);
}

/**
 * The same page of a category read from its ranking table: a slice's rows already are the groups, with the
 * keys, amount and fallbacks of `spendingByCategory`'s CTE, so one slice's page is an index range in the same
 * order; several fiscal years' slices are summed per key first (the fallbacks are maxima in both). The
 * projection is the category's own.
 */
export async function spendingByCategoryRanking(
  db: CommonQueryMethods,
  ranking: { table: RankingTable; slice: RankingSlice },
  q: CategoryQuery,
  page: Paging,
): Promise<readonly CategoryRow[]> {
  const { table, slice } = ranking;
  const list = (items: Array<FragmentSqlToken | IdentifierSqlToken>) => sql.join(items, sql.fragment`, `);
  const keys = list(table.keys.map((k) => sql.identifier([k])));
  const keyItems = list(table.keys.map((k, i) => sql.fragment`${sql.identifier([k])} AS ${sql.identifier([`k${i + 1}`])}`));
  const single = slice.actionDates.length === 1;
  const fallbacks = table.fallbacks.map((f) => (single ? sql.fragment`${sql.identifier([f])}` : sql.fragment`max(${sql.identifier([f])}) AS ${sql.identifier([f])}`));
  const fallback = fallbacks.length === 0 ? sql.fragment`` : sql.fragment`, ${list(fallbacks)}`;
  const slices = sql.fragment`award_type_group = ${slice.awardTypeGroup} AND ${
    single ? sql.fragment`action_date = ${slice.actionDates[0]!}::date` : sql.fragment`action_date = ANY(${sql.array(slice.actionDates, 'date')})`
  }`;
  const outerKeyOrder = table.keys.length === 1 ? sql.fragment`g.k1` : sql.fragment`g.k1, g.k2`;
  const grouped = single
    ? sql.fragment`SELECT ${keyItems}, amount, NULL::numeric AS total_outlays ${fallback}
      FROM ${sql.identifier([table.table])} WHERE ${slices}
      ORDER BY amount DESC, ${keys}`
    : sql.fragment`SELECT ${keyItems}, sum(amount) AS amount, NULL::numeric AS total_outlays ${fallback}
      FROM ${sql.identifier([table.table])} WHERE ${slices}
      GROUP BY ${keys}
      ORDER BY amount DESC, ${keys}`;
  return db.any(sql.type(CategoryRow)`
    WITH grouped AS (
      ${grouped}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    ${q.projection}
    ORDER BY g.amount DESC, ${outerKeyOrder}
  `);
}

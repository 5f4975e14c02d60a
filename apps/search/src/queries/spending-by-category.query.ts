import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
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
 * The same page of a category read from its ranking table (the baseline): the slice's rows already
 * are the groups, with the keys, amount and fallback name of `spendingByCategory`'s CTE, in the same order,
 * so the page is an index range and the projection is the category's own.
 */
export async function spendingByCategoryRanking(
  db: CommonQueryMethods,
  ranking: { table: RankingTable; slice: RankingSlice },
  q: CategoryQuery,
  page: Paging,
): Promise<readonly CategoryRow[]> {
  const { table, slice } = ranking;
  const keys = table.keys.map((k) => sql.identifier([k]));
  const keyItems = sql.join(
    table.keys.map((k, i) => sql.fragment`${sql.identifier([k])} AS ${sql.identifier([`k${i + 1}`])}`),
    sql.fragment`, `,
  );
  const fallback =
    table.fallbacks.length === 0
      ? sql.fragment``
      : sql.fragment`, ${sql.join(
          table.fallbacks.map((f) => sql.identifier([f])),
          sql.fragment`, `,
        )}`;
  const outerKeyOrder = table.keys.length === 1 ? sql.fragment`g.k1` : sql.fragment`g.k1, g.k2`;
  return db.any(sql.type(CategoryRow)`
    WITH grouped AS (
      SELECT ${keyItems}, amount, NULL::numeric AS total_outlays ${fallback}
      FROM ${sql.identifier([table.table])}
      WHERE action_date = ${slice.actionDate}::date AND award_type_group = ${slice.awardTypeGroup}
      ORDER BY amount DESC, ${sql.join(keys, sql.fragment`, `)}
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    ${q.projection}
    ORDER BY g.amount DESC, ${outerKeyOrder}
  `);
}

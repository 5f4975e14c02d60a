import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { JsonRows } from './json-row';
import { periodSql, type TimeGroup } from '../common/fiscal-periods';
import type { SpendingLevel } from '../common/spending-level';
import type { Source } from '../planner/source';

/** Sums of one period and category. */
export interface OverTimeRow {
  year: number;
  sub: number | null;
  category: string | null;
  obligation: number | null;
  outlays: number | null;
}

// Returned as one jsonb array: monthly series over many years have thousands of period x category rows.
const OverTimeResult = z.object({ rows: JsonRows });

/** Columns each level's over-time sums read: the date that places a record in a period, its category and amounts. */
export const OVER_TIME_COLUMNS: Record<SpendingLevel, { date: string; category: string; obligation: string; outlays: string | null }> = {
  transactions: { date: 'action_date', category: 'award_category', obligation: 'generated_pragmatic_obligation', outlays: null },
  awards: { date: 'action_date', category: 'category', obligation: 'generated_pragmatic_obligation', outlays: 'total_outlays' },
  subawards: { date: 'sub_action_date', category: 'subaward_type', obligation: 'subaward_amount', outlays: null },
};

/** Obligation (and award outlay) sums per period and award category of the selected records. */
export async function sumOverTime(
  db: CommonQueryMethods,
  source: Source,
  where: FragmentSqlToken,
  level: SpendingLevel,
  group: TimeGroup,
): Promise<readonly OverTimeRow[]> {
  const c = OVER_TIME_COLUMNS[level];
  const period = periodSql(sql.fragment`${sql.identifier([c.date])}`, group);
  const outlays = c.outlays ? source.sum(c.outlays) : sql.fragment`NULL::numeric`;
  const result = await db.one(sql.type(OverTimeResult)`
    SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) AS rows
    FROM (
      SELECT ${period.year} AS year, ${period.sub} AS sub, ${sql.identifier([c.category])} AS category,
             ${source.sum(c.obligation)} AS obligation, ${outlays} AS outlays
      FROM ${source.table}
      WHERE ${where} AND ${sql.identifier([c.date])} IS NOT NULL
      GROUP BY 1, 2, 3
    ) AS t
  `);
  return result.rows as unknown as OverTimeRow[];
}

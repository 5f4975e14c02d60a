import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { periodSql, type TimeGroup } from '../common/fiscal-periods';

const NewAwardsRow = z.object({ year: z.number(), sub: z.number().nullable(), count: z.number() });

/** Number of selected awards per fiscal period of their base obligation date (date_signed). */
export async function newAwardsByPeriod(
  db: CommonQueryMethods,
  where: FragmentSqlToken,
  group: Exclude<TimeGroup, 'calendar_year'>,
): Promise<readonly z.infer<typeof NewAwardsRow>[]> {
  const period = periodSql(sql.fragment`date_signed`, group);
  return db.any(sql.type(NewAwardsRow)`
    SELECT ${period.year} AS year, ${period.sub} AS sub, count(*)::bigint AS count
    FROM award_search
    WHERE ${where} AND date_signed IS NOT NULL
    GROUP BY 1, 2
  `);
}

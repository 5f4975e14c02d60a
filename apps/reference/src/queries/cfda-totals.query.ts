import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const CfdaTotalsRow = z.object({ cfda: z.string(), posted: z.number(), closed: z.number(), archived: z.number(), forecasted: z.number() });
export type CfdaTotalsRow = z.infer<typeof CfdaTotalsRow>;

/**
 * For every assistance listing, its awards counted by where the period of performance stands today:
 * `forecasted` (starts later), `posted` (running, or no end date), `closed` (ended within a year),
 * `archived` (ended earlier). This stands in for upstream's grants.gov opportunity counts, which are not
 * available offline. One pass over the awards; callers cache the result per data version.
 *
 * Programs are those of the reference table and every program number found on awards, so each listing the
 * disaster endpoints report (disaster/cfda/spending groups awards by their program number) has its totals here.
 */
export async function listCfdaTotals(db: CommonQueryMethods): Promise<readonly CfdaTotalsRow[]> {
  return db.any(sql.type(CfdaTotalsRow)`
    WITH periods AS (
      SELECT a.cfda_number,
             a.period_of_performance_start_date > current_date AS not_started,
             a.period_of_performance_current_end_date AS end_date
      FROM award_search a
      WHERE a.cfda_number IS NOT NULL
    ), counts AS (
      SELECT cfda_number,
        count(*) FILTER (WHERE not_started) AS forecasted,
        count(*) FILTER (WHERE not_started IS NOT TRUE AND (end_date IS NULL OR end_date >= current_date)) AS posted,
        count(*) FILTER (WHERE not_started IS NOT TRUE AND end_date < current_date AND end_date >= current_date - 365) AS closed,
        count(*) FILTER (WHERE not_started IS NOT TRUE AND end_date < current_date - 365) AS archived
      FROM periods
      GROUP BY cfda_number
    )
    SELECT c.program_number AS cfda,
           coalesce(n.posted, 0)::int AS posted, coalesce(n.closed, 0)::int AS closed,
           coalesce(n.archived, 0)::int AS archived, coalesce(n.forecasted, 0)::int AS forecasted
    FROM (SELECT program_number FROM references_cfda UNION SELECT cfda_number FROM counts) c
    LEFT JOIN counts n ON n.cfda_number = c.program_number
    ORDER BY c.program_number
  `);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const DataVersionRow = z.object({ changes: z.number(), loads: z.string() });

/**
 * A string that changes whenever reference data changes: the number of writing transactions recorded
 * by the change triggers (the baseline) plus the latest load of every reference group. Both are read
 * through tiny tables, so checking costs well under a millisecond.
 */
export async function readDataVersion(db: CommonQueryMethods): Promise<string> {
  const row = await db.one(sql.type(DataVersionRow)`
    SELECT
      (SELECT count(*) FROM reference_data_change)::int AS changes,
      (SELECT coalesce(max(loaded_at)::text, '-') || '/' || count(*) FROM reference_data_load) AS loads
  `);
  return `${row.changes}:${row.loads}`;
}

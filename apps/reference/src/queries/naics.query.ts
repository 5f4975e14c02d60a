import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const NaicsRow = z.object({ code: z.string(), description: z.string(), year_retired: z.number().nullable() });
export type NaicsRow = z.infer<typeof NaicsRow>;

/** Every NAICS code (all levels) in code order; the tree endpoints work on it in memory. */
export async function listNaics(db: CommonQueryMethods): Promise<readonly NaicsRow[]> {
  return db.any(sql.type(NaicsRow)`SELECT code, description, year_retired FROM naics ORDER BY code`);
}

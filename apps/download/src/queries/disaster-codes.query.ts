import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const Row = z.object({ code: z.string(), group_name: z.string().nullable() });

/** Every DEF code with its disaster group. */
export async function listDisasterCodes(db: CommonQueryMethods): Promise<readonly z.infer<typeof Row>[]> {
  return db.any(sql.type(Row)`SELECT code, group_name FROM disaster_emergency_fund_code ORDER BY code COLLATE "C"`);
}

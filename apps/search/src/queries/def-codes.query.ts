import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const DefCodeRow = z.object({
  code: z.string(),
  group_name: z.enum(['covid_19', 'infrastructure']).nullable(),
  enacted: z.string().nullable(),
});
export type DefCodeRow = z.infer<typeof DefCodeRow>;

/** Every DEF code with its disaster group and the enactment date of its public law. */
export async function listDefCodes(db: CommonQueryMethods): Promise<readonly DefCodeRow[]> {
  return db.any(sql.type(DefCodeRow)`
    SELECT code, group_name, earliest_public_law_enactment_date::text AS enacted
    FROM disaster_emergency_fund_code
    ORDER BY code COLLATE "C"
  `);
}

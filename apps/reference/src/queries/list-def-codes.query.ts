import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const DefCodeRow = z.object({
  code: z.string(),
  public_law: z.string(),
  title: z.string().nullable(),
  urls: z.string().nullable(),
  disaster: z.enum(['covid_19', 'infrastructure']).nullable(),
});
export type DefCodeRow = z.infer<typeof DefCodeRow>;

/** Every DEF code ordered by code (byte order, so digits sort before letters as upstream). */
export async function listDefCodes(db: CommonQueryMethods): Promise<readonly DefCodeRow[]> {
  return db.any(sql.type(DefCodeRow)`
    SELECT code, public_law, title, urls, group_name AS disaster
    FROM disaster_emergency_fund_code
    ORDER BY code COLLATE "C"
  `);
}

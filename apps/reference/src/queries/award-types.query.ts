import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AwardTypeRow = z.object({ code: z.string(), description: z.string(), group_name: z.string() });

/** Every award type code with its description and group, in the customary order. */
export async function listAwardTypes(db: CommonQueryMethods) {
  return db.any(sql.type(AwardTypeRow)`SELECT code, description, group_name FROM award_type ORDER BY sort_order, code`);
}

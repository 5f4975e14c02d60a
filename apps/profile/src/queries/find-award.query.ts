import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AwardRef = z.object({
  award_id: z.number(),
  generated_unique_award_id: z.string(),
  category: z.string().nullable(),
  piid: z.string().nullable(),
});
export type AwardRef = z.infer<typeof AwardRef>;

/** The award with this internal id, or null. */
export async function findAwardById(db: CommonQueryMethods, id: number): Promise<AwardRef | null> {
  return db.maybeOne(sql.type(AwardRef)`
    SELECT award_id, generated_unique_award_id, category, piid FROM award_search WHERE award_id = ${id}`);
}

/** The award with this generated unique award id (compared upper-cased, as upstream stores them), or null. */
export async function findAwardByKey(db: CommonQueryMethods, key: string): Promise<AwardRef | null> {
  return db.maybeOne(sql.type(AwardRef)`
    SELECT award_id, generated_unique_award_id, category, piid FROM award_search
    WHERE generated_unique_award_id = ${key.toUpperCase()}`);
}

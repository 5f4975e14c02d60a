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

/** The award with this generated unique award id, as given or upper-cased (upstream stores them upper-cased), or null. */
export async function findAwardByKey(db: CommonQueryMethods, key: string): Promise<AwardRef | null> {
  return db.maybeOne(sql.type(AwardRef)`
    SELECT award_id, generated_unique_award_id, category, piid FROM award_search
    WHERE generated_unique_award_id IN (${key}, ${key.toUpperCase()})
    ORDER BY generated_unique_award_id = ${key} DESC LIMIT 1`);
}

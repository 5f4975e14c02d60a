import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AwardRow = z.object({ award_id: z.number(), category: z.string().nullable(), is_fpds: z.boolean(), display_id: z.string() });
export type AwardForDownload = z.infer<typeof AwardRow>;

/**
 * The award a single-award download names: the internal id (a number, or digits) or the generated unique award
 * id (`CONT_AWD_...`, `ASST_NON_...`, `CONT_IDV_...`), as the award pages pass either.
 */
export async function findAwardForDownload(db: CommonQueryMethods, awardId: number | string): Promise<AwardForDownload | null> {
  const text = String(awardId).trim();
  const byInternal = /^\d{1,18}$/.test(text);
  return db.maybeOne(sql.type(AwardRow)`
    SELECT award_id, category, is_fpds, coalesce(piid, fain, uri, generated_unique_award_id) AS display_id
    FROM award_search
    WHERE ${byInternal ? sql.fragment`award_id = ${Number(text)}` : sql.fragment`generated_unique_award_id = ${text.toUpperCase()}`}`);
}

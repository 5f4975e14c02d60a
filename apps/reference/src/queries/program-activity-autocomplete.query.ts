import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { textPatterns } from '../search/search-text';

const ProgramActivityRow = z.object({ program_activity_code: z.string(), program_activity_name: z.string() });

/**
 * Codes are stored upper-case (digits), so they are compared as stored, which lets the code's
 * text_pattern_ops index and the name's trigram index combine (BitmapOr).
 *
 * Distinct program activity (code, name) pairs by code prefix or name (contains): the exact code, then
 * code prefixes, then names starting with the text, then the rest.
 */
export async function searchProgramActivities(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  return db.any(sql.type(ProgramActivityRow)`
    SELECT r.program_activity_code, r.program_activity_name
    FROM ref_program_activity r
    WHERE r.program_activity_code LIKE ${p.prefix} OR upper(r.program_activity_name) LIKE ${p.contains}
    GROUP BY r.program_activity_code, r.program_activity_name
    ORDER BY
      min(CASE WHEN r.program_activity_code = ${p.exact} THEN 0 WHEN r.program_activity_code LIKE ${p.prefix} THEN 1
               WHEN upper(r.program_activity_name) LIKE ${p.prefix} THEN 2 ELSE 3 END),
      r.program_activity_code COLLATE "C", upper(r.program_activity_name) COLLATE "C"
    LIMIT ${limit}
  `);
}

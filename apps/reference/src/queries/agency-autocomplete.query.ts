import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { textPatterns, wordRank } from '../search/search-text';

const AgencyMatchRow = z.object({
  id: z.number(),
  toptier_flag: z.boolean(),
  toptier_code: z.string(),
  toptier_abbreviation: z.string().nullable(),
  toptier_name: z.string(),
  subtier_abbreviation: z.string().nullable(),
  subtier_name: z.string(),
});
export type AgencyMatchRow = z.infer<typeof AgencyMatchRow>;

/**
 * Agencies (one per subtier) whose subtier name or abbreviation contains the text. Order: an exact name or
 * abbreviation first, then names holding the text as whole words ("Defense": Department of Defense), then names
 * with a word starting with it, then the rest; within each, FEMA under DHS before the legacy FEMA toptier
 * (upstream's special case), then toptier agencies first (so "Defense" surfaces the Department of Defense above
 * its many "Defense ..." subtiers), then toptier and subtier names.
 */
export async function searchAgencies(db: CommonQueryMethods, text: string, limit: number): Promise<readonly AgencyMatchRow[]> {
  const p = textPatterns(text);
  const rank = sql.fragment`CASE WHEN upper(s.abbreviation) = ${p.exact} THEN 0 ELSE ${wordRank(sql.fragment`s.name`, text)} END`;
  return db.any(sql.type(AgencyMatchRow)`
    SELECT a.id, a.toptier_flag, t.toptier_code, t.abbreviation AS toptier_abbreviation, t.name AS toptier_name,
           s.abbreviation AS subtier_abbreviation, s.name AS subtier_name
    FROM agency a
    JOIN toptier_agency t ON t.toptier_agency_id = a.toptier_agency_id
    JOIN subtier_agency s ON s.subtier_agency_id = a.subtier_agency_id
    WHERE upper(s.name) LIKE ${p.contains} OR upper(s.abbreviation) LIKE ${p.contains}
    ORDER BY ${rank},
      CASE WHEN t.abbreviation = 'FEMA' AND s.abbreviation = 'FEMA' THEN 1 WHEN t.abbreviation = 'FEMA' THEN 2 ELSE 0 END,
      a.toptier_flag DESC, upper(t.name) COLLATE "C", upper(s.name) COLLATE "C", a.id
    LIMIT ${limit}
  `);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { matchRank, textPatterns } from '../search/search-text';

const NaicsRow = z.object({ naics: z.string(), naics_description: z.string(), year_retired: z.number().nullable() });

/** 6-digit NAICS codes: numeric text matches codes, other text descriptions (contains). */
export async function searchNaicsCodes(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  const numeric = /^[0-9]+$/.test(text);
  const column = numeric ? sql.fragment`n.code` : sql.fragment`upper(n.description)`;
  return db.any(sql.type(NaicsRow)`
    SELECT n.code AS naics, n.description AS naics_description, n.year_retired
    FROM naics n
    WHERE length(n.code) = 6 AND ${column} LIKE ${p.contains}
    ORDER BY ${matchRank(column, p)}, n.code
    LIMIT ${limit}
  `);
}

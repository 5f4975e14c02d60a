import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { matchRank, textPatterns } from '../search/search-text';

const CfdaRow = z.object({ program_number: z.string(), program_title: z.string(), popular_name: z.string() });

/**
 * Assistance listings: digits-and-dots text matches program numbers, other text titles and popular
 * names (contains). Exact, then prefix matches first; ties by program number. A listing without a popular name
 * (or title) answers an empty string: the contract declares both strings.
 */
export async function searchCfdaPrograms(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  const numeric = /^[0-9.]+$/.test(text) && /[0-9]/.test(text);
  const where = numeric
    ? sql.fragment`c.program_number LIKE ${p.contains}`
    : sql.fragment`(upper(c.program_title) LIKE ${p.contains} OR upper(c.popular_name) LIKE ${p.contains})`;
  const rank = numeric
    ? matchRank(sql.fragment`c.program_number`, p)
    : sql.fragment`least(${matchRank(sql.fragment`upper(c.program_title)`, p)}, ${matchRank(sql.fragment`upper(c.popular_name)`, p)})`;
  return db.any(sql.type(CfdaRow)`
    SELECT c.program_number, coalesce(c.program_title, '') AS program_title, coalesce(c.popular_name, '') AS popular_name
    FROM references_cfda c
    WHERE ${where}
    ORDER BY ${rank}, c.program_number
    LIMIT ${limit}
  `);
}

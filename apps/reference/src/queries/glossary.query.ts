import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { matchRank, textPatterns } from '../search/search-text';

const GlossaryRow = z.object({
  term: z.string(),
  slug: z.string(),
  data_act_term: z.string(),
  plain: z.string(),
  official: z.string(),
  resources: z.string(),
});
export type GlossaryRow = z.infer<typeof GlossaryRow>;

/** The texts a term lacks are empty strings: the contracts declare them strings, never null. */
const COLUMNS = sql.fragment`g.term, g.slug, coalesce(g.data_act_term, '') AS data_act_term, coalesce(g.plain, '') AS plain,
  coalesce(g.official, '') AS official, coalesce(g.resources, '') AS resources`;

/** Every glossary term, alphabetically (upper-cased byte order, so "Award Type" precedes "Awarding"). */
export async function listGlossaryTerms(db: CommonQueryMethods): Promise<readonly GlossaryRow[]> {
  return db.any(sql.type(GlossaryRow)`SELECT ${COLUMNS} FROM glossary g ORDER BY upper(g.term) COLLATE "C", g.term`);
}

/** Terms containing the text: exact, then prefix matches, then the rest, alphabetically. */
export async function searchGlossaryTerms(db: CommonQueryMethods, text: string, limit: number): Promise<readonly GlossaryRow[]> {
  const p = textPatterns(text);
  return db.any(sql.type(GlossaryRow)`
    SELECT ${COLUMNS}
    FROM glossary g
    WHERE upper(g.term) LIKE ${p.contains}
    ORDER BY ${matchRank(sql.fragment`upper(g.term)`, p)}, upper(g.term) COLLATE "C", g.term
    LIMIT ${limit}
  `);
}

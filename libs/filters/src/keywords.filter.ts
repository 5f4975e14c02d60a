import { sql } from 'slonik';
import type { LevelColumns } from './level-columns';
import type { AdvancedFilter } from './types';
import { anyOf, col, containsText, escapeLike, TRUE, unique, withKeywordDocument, type Fragment } from './sql-helpers';

/**
 * The keywords a filter set searches: `keywords` plus the single `keyword` of the website's keyword page
 * (upstream reads it as `keywords: [keyword]` on every search endpoint). Undefined when neither is given.
 */
export function searchKeywords(filters: Pick<AdvancedFilter, 'keywords' | 'keyword'>): string[] | undefined {
  const single = typeof filters.keyword === 'string' ? [filters.keyword] : [];
  if (filters.keywords === undefined && single.length === 0) return undefined;
  return [...(filters.keywords ?? []), ...single];
}

/**
 * `keywords`: a row matches when any keyword is found in any searched column.
 * - identifier columns (piid/fain/uri/display id, UEI/DUNS and parents, NAICS/PSC codes): case-insensitive
 *   prefix, as upstream's `kw*` / phrase_prefix on keyword fields;
 * - text columns (recipient names, descriptions, NAICS/PSC descriptions): case-insensitive substring.
 * Index: every level ANDs the OR with a substring match on a keyword document that finds the candidates
 * through one pg_trgm GIN index (award_search's, which transactions reach through their award;
 * subaward_search's own). Keywords under 3 characters cannot use trigrams and scan.
 */
export function keywordsFilter(keywords: readonly string[], c: LevelColumns): Fragment {
  const terms = unique(keywords.map((k) => k.trim()).filter((k) => k.length > 0));
  // Blank keywords carry no condition (the same as leaving the filter out).
  if (terms.length === 0) return TRUE;
  const parts: Fragment[] = [];
  for (const term of terms) {
    for (const column of c.keywordIdColumns) parts.push(sql.fragment`${col(column)} ILIKE ${`${escapeLike(term)}%`}`);
    for (const column of c.keywordTextColumns) parts.push(containsText(column, term));
  }
  return withKeywordDocument(c.keywordDocument, terms, anyOf(parts));
}

/** `description`: case-insensitive substring of the level's description column (keyword document or column trigram index). */
export function descriptionFilter(text: string, c: LevelColumns): Fragment {
  const term = text.trim();
  return term.length === 0 ? TRUE : withKeywordDocument(c.keywordDocument, [term], containsText(c.description, term));
}

import { sql } from 'slonik';
import type { LevelColumns } from './level-columns';
import { anyOf, col, containsText, escapeLike, TRUE, unique, type Fragment } from './sql-helpers';

/**
 * `keywords`: a row matches when any keyword is found in any searched column.
 * - identifier columns (piid/fain/uri/display id, UEI/DUNS and parents, NAICS/PSC codes): case-insensitive
 *   prefix, as upstream's `kw*` / phrase_prefix on keyword fields;
 * - text columns (recipient names, descriptions, NAICS/PSC descriptions): case-insensitive substring.
 * Index: a pg_trgm GIN index (gin_trgm_ops) per searched column turns the OR into a BitmapOr of index scans
 * (trigram indexes serve both `ILIKE 'kw%'` and `ILIKE '%kw%'` for keywords of 3+ characters).
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
  return anyOf(parts);
}

/** `description`: case-insensitive substring of the level's description column (pg_trgm GIN index). */
export function descriptionFilter(text: string, c: LevelColumns): Fragment {
  const term = text.trim();
  return term.length === 0 ? TRUE : containsText(c.description, term);
}

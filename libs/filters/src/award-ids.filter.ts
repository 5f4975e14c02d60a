import type { LevelColumns } from './level-columns';
import { anyOf, containsText, equalsAny, TRUE, unique, withKeywordDocument, type Fragment } from './sql-helpers';

/**
 * `award_ids`: an id wrapped in double quotes matches exactly (`column = ANY(ids)` on each id column:
 * btree indexes on display_award_id, piid, fain, uri / award_piid_fain, subaward_number); any other id is a
 * case-insensitive substring of an id column, narrowed by the keyword document's trigram index (the
 * document contains every award id column).
 */
export function awardIdsFilter(ids: readonly string[], c: LevelColumns): Fragment {
  const exact: string[] = [];
  const partial: string[] = [];
  for (const raw of ids) {
    const id = raw.trim();
    if (id.length >= 2 && id.startsWith('"') && id.endsWith('"')) {
      const inner = id.slice(1, -1);
      if (inner.length > 0) exact.push(inner);
    } else if (id.length > 0) {
      // Runs of whitespace collapse to one space (upstream turns them into " +").
      partial.push(id.replace(/\s+/g, ' '));
    }
  }
  // Blank ids carry no condition (the same as leaving the filter out).
  if (exact.length === 0 && partial.length === 0) return TRUE;
  const parts: Fragment[] = [];
  const exactIds = unique(exact);
  if (exactIds.length > 0) for (const column of c.awardIdColumns) parts.push(equalsAny(column, exactIds));
  const partialIds = unique(partial);
  if (partialIds.length > 0) {
    const substrings = partialIds.flatMap((id) => c.awardIdColumns.map((column) => containsText(column, id)));
    parts.push(withKeywordDocument(c.keywordDocument, partialIds, anyOf(substrings)));
  }
  return anyOf(parts);
}

import { badRequest } from '@usas/errors';
import { sql } from 'slonik';
import type { LevelColumns } from './level-columns';
import { allOf, anyOf, col, containsText, TRUE, unique, withKeywordDocument, type Fragment } from './sql-helpers';
import { parseRecipientId } from './recipient-id';
import type { SpendingLevel } from './types';

/**
 * `recipient_search_text`: texts OR-ed; each matches the recipient name (and, on prime levels, the parent
 * name, as upstream) as a case-insensitive substring (pg_trgm GIN index), or the UEI / DUNS (and parent
 * UEI / DUNS) exactly after upper-casing (btree index per id column). The OR is narrowed with the level's
 * keyword document trigram index (it contains the names and ids; transactions use their award's).
 */
export function recipientSearchTextFilter(texts: readonly string[], c: LevelColumns): Fragment {
  const terms = unique(texts.map((t) => t.trim()).filter((t) => t.length > 0));
  if (terms.length === 0) return TRUE;
  const parts: Fragment[] = [];
  for (const term of terms) {
    parts.push(containsText(c.recipientName, term));
    if (c.parentRecipientName) parts.push(containsText(c.parentRecipientName, term));
  }
  const ids = unique(terms.map((t) => t.toUpperCase()));
  for (const column of [c.recipientUei, c.recipientDuns, c.parentUei, c.parentDuns]) {
    if (column) parts.push(sql.fragment`${col(column)} = ANY(${sql.array(ids, 'text')})`);
  }
  return withKeywordDocument(c.keywordDocument, terms, anyOf(parts));
}

/**
 * `recipient_id` (`<hash>-<level>`): P = awards of the parent's children (`parent_recipient_hash`),
 * C = the recipient as a child (has a parent UEI), R = the recipient without parent information.
 * Index: btree on recipient_hash / parent_recipient_hash. Subawards have no recipient id (400, as upstream).
 */
export function recipientIdFilter(recipientId: string, level: SpendingLevel): Fragment {
  if (level === 'subawards') {
    throw badRequest('Invalid filter: recipient_id is not supported for subaward queries.', [
      { path: '/body/filters/recipient_id', message: 'not supported for subawards', code: 'unsupported' },
    ]);
  }
  const { hash, level: recipientLevel } = parseRecipientId(recipientId);
  const uuid = sql.uuid(hash as `${string}-${string}-${string}-${string}-${string}`);
  switch (recipientLevel) {
    case 'P':
      return sql.fragment`${col('parent_recipient_hash')} = ${uuid}`;
    case 'C':
      return allOf([sql.fragment`${col('recipient_hash')} = ${uuid}`, sql.fragment`${col('parent_uei')} IS NOT NULL`]);
    case 'R':
      return allOf([sql.fragment`${col('recipient_hash')} = ${uuid}`, sql.fragment`${col('parent_uei')} IS NULL`]);
  }
}

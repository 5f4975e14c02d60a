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
  const terms = searchTerms(texts);
  if (terms.length === 0) return TRUE;
  return withKeywordDocument(c.keywordDocument, terms, recipientTextMatch(terms, c));
}

/** Table of the distinct recipient text keys and the six values each stands for (migration 0192). */
const RECIPIENT_TEXT = 'search_recipient_text';
/** The summaries' column holding recipient_text_key(...) of their rows' six values. */
export const RECIPIENT_TEXT_KEY = 'recipient_text_key';

/**
 * `recipient_search_text` on a summary that keeps `recipient_text_key` (prime levels only): the same match
 * as recipientSearchTextFilter, run over search_recipient_text, which has the six columns under the level's
 * names and the same indexes, selects the keys; the summary's rows follow through its index on the key.
 * Exact: a row's key stands for exactly its six values, and every key a summary holds is listed.
 */
export function recipientSearchTextKeyFilter(texts: readonly string[], c: LevelColumns): Fragment {
  const terms = searchTerms(texts);
  if (terms.length === 0) return TRUE;
  const alias = sql.identifier([RECIPIENT_TEXT]);
  return sql.fragment`${col(RECIPIENT_TEXT_KEY)} IN (SELECT ${alias}.${col(RECIPIENT_TEXT_KEY)} FROM ${alias} WHERE ${recipientTextMatch(terms, c)})`;
}

const searchTerms = (texts: readonly string[]) => unique(texts.map((t) => t.trim()).filter((t) => t.length > 0));

/** The exact condition of recipient_search_text over the level's unqualified columns. */
function recipientTextMatch(terms: readonly string[], c: LevelColumns): Fragment {
  const parts: Fragment[] = [];
  for (const term of terms) {
    parts.push(containsText(c.recipientName, term));
    if (c.parentRecipientName) parts.push(containsText(c.parentRecipientName, term));
  }
  const ids = unique(terms.map((t) => t.toUpperCase()));
  for (const column of [c.recipientUei, c.recipientDuns, c.parentUei, c.parentDuns]) {
    if (column) parts.push(sql.fragment`${col(column)} = ANY(${sql.array(ids, 'text')})`);
  }
  return anyOf(parts);
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

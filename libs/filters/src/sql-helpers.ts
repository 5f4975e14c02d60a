import { sql, type FragmentSqlToken } from 'slonik';
import type { KeywordDocument } from './level-columns';

/** Fragment type every filter builder returns. */
export type Fragment = FragmentSqlToken;

export const TRUE: Fragment = sql.fragment`TRUE`;
export const FALSE: Fragment = sql.fragment`FALSE`;

/** An unqualified column of the level's table. */
export const col = (name: string) => sql.identifier([name]);

/** A column qualified with its table name, for correlated subqueries that must reach the outer row. */
export const qualified = (table: string, name: string) => sql.identifier([table, name]);

/** Escapes LIKE/ILIKE metacharacters so user text only ever matches literally (backslash is the default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** OR of the parts, parenthesised; FALSE when there is none (an empty OR matches nothing). */
export function anyOf(parts: readonly Fragment[]): Fragment {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0]!;
  return sql.fragment`(${sql.join(parts, sql.fragment` OR `)})`;
}

/** AND of the parts, parenthesised; TRUE when there is none. */
export function allOf(parts: readonly Fragment[]): Fragment {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return sql.fragment`(${sql.join(parts, sql.fragment` AND `)})`;
}

/** NOT that also keeps rows where the expression is NULL (a NULL column never "matches" an exclusion). */
export function notTrue(part: Fragment): Fragment {
  return sql.fragment`(${part}) IS NOT TRUE`;
}

/** `column = ANY(array)`: one btree index scan per value on the column's index. */
export function equalsAny(column: string, values: readonly string[]): Fragment {
  if (values.length === 1) return sql.fragment`${col(column)} = ${values[0]!}`;
  return sql.fragment`${col(column)} = ANY(${sql.array(values, 'text')})`;
}

/** `array_column && array`: served by a GIN index on the array column. */
export function overlaps(column: string, values: readonly string[] | readonly number[], memberType: 'text' | 'int4' = 'text'): Fragment {
  return sql.fragment`${col(column)} && ${sql.array(values, memberType)}`;
}

/** Case-insensitive substring match; expects a pg_trgm GIN index (gin_trgm_ops) on the column. */
export function containsText(column: string, text: string): Fragment {
  return sql.fragment`${col(column)} ILIKE ${`%${escapeLike(text)}%`}`;
}

/** Shortest term pg_trgm can extract a trigram from; shorter `%term%` patterns cannot use a trigram index. */
const MIN_TRIGRAM_TERM = 3;

/**
 * Narrows an exact text condition with the level's keyword-document trigram index (the baseline):
 * the document contains every searched column, so a row matching `exact` always contains one of the terms
 * in its document and the AND removes nothing. Transactions use their award's document, which also holds
 * every value of the award's transactions (`viaAward`): the row's award_id must be among the awards whose
 * document matches, a semi-join the planner runs from the award index (rare terms) or as a probe by
 * award_search's primary key per candidate row (when another index drives the scan). When a term is too
 * short for trigrams (the index could not narrow the OR), `exact` is returned alone.
 */
export function withKeywordDocument(doc: KeywordDocument, terms: readonly string[], exact: Fragment): Fragment {
  if (terms.length === 0 || terms.some((t) => t.length < MIN_TRIGRAM_TERM)) return exact;
  const argument = (column: string) => (doc.viaAward ? qualified(KEYWORD_AWARD, column) : col(column));
  const document = sql.fragment`${sql.identifier([doc.fn])}(${sql.join(doc.columns.map(argument), sql.fragment`, `)})`;
  const prefilter = anyOf(terms.map((t) => sql.fragment`${document} ILIKE ${`%${escapeLike(t)}%`}`));
  if (!doc.viaAward) return allOf([prefilter, exact]);
  const alias = sql.identifier([KEYWORD_AWARD]);
  return allOf([sql.fragment`${col('award_id')} IN (SELECT ${alias}.award_id FROM award_search AS ${alias} WHERE ${prefilter})`, exact]);
}

/** Alias of award_search in the keyword semi-join (not a name any query gives its own tables). */
const KEYWORD_AWARD = 'keyword_award';

/** Removes duplicates, keeping the first occurrence order (stable SQL text for the same input). */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

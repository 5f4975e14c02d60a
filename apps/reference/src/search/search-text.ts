import { badRequest } from '@usas/errors';
import { sql, type FragmentSqlToken } from 'slonik';

/** Escapes the LIKE wildcards (and the escape character) of user text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The trimmed search text; blank text is a 400 (upstream answers the same). */
export function requireSearchText(raw: string, field = 'search_text'): string {
  const text = raw.trim();
  if (text === '') {
    throw badRequest(`Missing one or more required request parameters: ${field}`, [
      { path: `/body/${field}`, message: 'must not be blank', code: 'blank' },
    ]);
  }
  return text;
}

export interface TextPatterns {
  /** The upper-cased text. */
  exact: FragmentSqlToken;
  /** LIKE pattern: starts with the text. */
  prefix: FragmentSqlToken;
  /** LIKE pattern: contains the text. */
  contains: FragmentSqlToken;
}

/**
 * SQL expressions matching `text` case-insensitively against upper-cased columns. They are constant
 * at plan time (literal parameters under immutable functions), so PostgreSQL can turn the prefix
 * pattern into an index range and the contains pattern into trigram lookups.
 */
export function textPatterns(text: string): TextPatterns {
  const escaped = escapeLike(text);
  return {
    exact: sql.fragment`upper(${text})`,
    prefix: sql.fragment`(upper(${escaped}) || '%')`,
    contains: sql.fragment`('%' || upper(${escaped}) || '%')`,
  };
}

/** 0 for an exact match of the upper-cased column, 1 for a prefix match, 2 otherwise. */
export function matchRank(upperColumn: FragmentSqlToken, p: TextPatterns): FragmentSqlToken {
  return sql.fragment`(CASE WHEN ${upperColumn} = ${p.exact} THEN 0 WHEN ${upperColumn} LIKE ${p.prefix} THEN 1 ELSE 2 END)`;
}

/** Trigram indexes need three characters; shorter texts only use prefix lookups on large tables. */
export const MIN_CONTAINS_LENGTH = 3;

/** Upper-cased words of a text joined by single spaces: runs of anything but A-Z and 0-9 separate words. */
export function normalizedWords(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
}

/**
 * Where the text's words stand in a name, the name normalised as normalizedWords does in SQL: 0 when the
 * name equals them, 1 when they are whole words of the name ("Defense" in "Department of Defense"), 2 when
 * they start a word ("Def"), 3 otherwise. A text without letters or digits ranks 3 everywhere.
 */
export function wordRank(name: FragmentSqlToken, text: string): FragmentSqlToken {
  const words = normalizedWords(text);
  if (words === '') return sql.fragment`3`;
  const padded = sql.fragment`(' ' || trim(regexp_replace(upper(${name}), '[^A-Z0-9]+', ' ', 'g')) || ' ')`;
  const escaped = escapeLike(words);
  return sql.fragment`(CASE WHEN ${padded} = ${` ${words} `} THEN 0 WHEN ${padded} LIKE ${`% ${escaped} %`} THEN 1
    WHEN ${padded} LIKE ${`% ${escaped}%`} THEN 2 ELSE 3 END)`;
}

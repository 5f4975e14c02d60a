import type { AwardFileLayout } from './layouts';

/**
 * How a column's values are checked and normalised before any mapping reads them:
 * - `date`: a calendar date YYYY-MM-DD, or a date-time starting with one (`2028-09-19 00:00:00`,
 *   `2023-03-01T10:00:00Z`, as upstream files and exports of them hold); the date is kept, as written (no time
 *   zone arithmetic).
 * - `fips`: a FIPS code of `width` digits. Values that went through a spreadsheet or a float column
 *   (`11001.0`, `6037`, `6.0`) are normalised to the code (`11001`, `06037`, `06`); anything else is rejected.
 */
export type ColumnRule = { kind: 'date' } | { kind: 'fips'; width: number };

/** The rules of a layout's columns present in a header. */
export function columnRules(layout: AwardFileLayout, header: string[]): Map<string, ColumnRule> {
  const rules = new Map<string, ColumnRule>();
  for (const c of layout.dateColumns) if (header.includes(c)) rules.set(c, { kind: 'date' });
  for (const c of header) {
    if (c.endsWith('_state_fips_code')) rules.set(c, { kind: 'fips', width: 2 });
    else if (c.endsWith('_county_fips_code')) rules.set(c, { kind: 'fips', width: 5 });
  }
  return rules;
}

/**
 * Whether a (trimmed, non-null) value starts with an ISO date YYYY-MM-DD of the calendar: the format, months
 * 01-12 and days 01-31 by a regular expression, year 0 excluded; only days 29 to 31 need the calendar (month
 * length, leap years) worked out by is_iso_date (functions/is_iso_date.sql), half the cost of doing that for every value.
 * (pg_input_is_valid would do it too, but only from PostgreSQL 16; DATABASE_URL may name a 15.)
 */
const isoDate = (v: string) =>
  `(${v} ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])' AND left(${v}, 4) <> '0000' AND (substr(${v}, 9, 2) <= '28' OR is_iso_date(left(${v}, 10))))`;

/** A time after the date: ` HH:MM[:SS[.ffffff]]` or `THH:MM...`, with an optional `Z` or `±HH[:MM]` offset. */
const TIME = `^[ T]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$`;

/** Whether a trimmed value passes its rule (the common case, a plain date, costs the date check alone). */
export function ruleAccepts(rule: ColumnRule, v: string): string {
  if (rule.kind === 'date') return `(${isoDate(v)} AND (octet_length(${v}) = 10 OR substr(${v}, 11) ~ '${TIME}'))`;
  return `(${v} ~ '^[0-9]{1,${rule.width}}(\\.0*)?$')`;
}

/** The reason a value fails its rule, as a SQL text expression. */
export function ruleReason(rule: ColumnRule, column: string, v: string): string {
  return rule.kind === 'date'
    ? `format('invalid date %L in ${column} (expected YYYY-MM-DD, or a date-time)', ${v})`
    : `format('invalid FIPS code %L in ${column} (expected ${rule.width} digits)', ${v})`;
}

/** The normalised value of a trimmed value that passed its rule. */
export function ruleValue(rule: ColumnRule, v: string): string {
  return rule.kind === 'date' ? `left(${v}, 10)` : `lpad(split_part(${v}, '.', 1), ${rule.width}, '0')`;
}

/**
 * Whether the normalised value differs from the value as written, in a way the import report names: FIPS codes
 * always; date-times in date columns other than the last-modified ones (those are date-times by definition).
 */
export function ruleReports(rule: ColumnRule, column: string): boolean {
  return rule.kind === 'fips' || !column.endsWith('last_modified_date');
}

import { DataFileError } from '../csv';

/** Where a value came from, for error messages. */
export interface At {
  file: string;
  line: number;
}

/** Blank cells are empty or a single space in these files; both mean null. Other values are trimmed. */
export function text(v: string | undefined): string | null {
  if (v === undefined) return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A required value: blank is a DataFileError naming the column. */
export function required(at: At, column: string, v: string | undefined): string {
  const t = text(v);
  if (t === null) throw new DataFileError(at.file, at.line, `${column} is blank`);
  return t;
}

/** Digits left-padded with zeros to `width` (the files drop leading zeros); blank stays null. */
export function digits(at: At, column: string, v: string | undefined, width: number): string | null {
  const t = text(v);
  if (t === null) return null;
  if (!/^\d+$/.test(t) || t.length > width) throw new DataFileError(at.file, at.line, `${column} '${t}' is not a number of at most ${width} digits`);
  return t.padStart(width, '0');
}

/** TRUE/FALSE in any case (also T/F, Y/N, 1/0); blank is `fallback` when given, else an error. */
export function bool(at: At, column: string, v: string | undefined, fallback?: boolean): boolean {
  const t = text(v)?.toUpperCase() ?? null;
  if (t === null && fallback !== undefined) return fallback;
  if (t === 'TRUE' || t === 'T' || t === 'Y' || t === 'YES' || t === '1') return true;
  if (t === 'FALSE' || t === 'F' || t === 'N' || t === 'NO' || t === '0') return false;
  throw new DataFileError(at.file, at.line, `${column} '${v ?? ''}' is not TRUE or FALSE`);
}

/** A whole number (commas allowed as thousands separators); blank stays null. */
export function integer(at: At, column: string, v: string | undefined): number | null {
  const t = text(v)?.replace(/,/g, '') ?? null;
  if (t === null) return null;
  if (!/^-?\d+$/.test(t)) throw new DataFileError(at.file, at.line, `${column} '${t}' is not a whole number`);
  return Number(t);
}

function isoDate(at: At, column: string, raw: string, y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new DataFileError(at.file, at.line, `${column} '${raw}' is not a calendar date`);
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * US dates `M/D/YY` or `MM/DD/YYYY`, optionally followed by a `HH:MM:SS` time that is dropped.
 * Two-digit years follow the POSIX strptime pivot the source systems used: 69-99 -> 19xx, 00-68 -> 20xx.
 */
export function usDate(at: At, column: string, v: string | undefined): string | null {
  const t = text(v);
  if (t === null) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?: \d{2}:\d{2}:\d{2})?$/.exec(t);
  if (!m) throw new DataFileError(at.file, at.line, `${column} '${t}' is not a date (M/D/YY or MM/DD/YYYY)`);
  let year = Number(m[3]);
  if (m[3]?.length === 2) year += year >= 69 ? 1900 : 2000;
  return isoDate(at, column, t, year, Number(m[1]), Number(m[2]));
}

/** ISO timestamps as `YYYY-MM-DD HH:MM:SSZ` (or with `T`/offset); returned in ISO form for PostgreSQL. */
export function isoTimestamp(at: At, column: string, v: string | undefined): string {
  const t = required(at, column, v);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(t);
  if (!m) throw new DataFileError(at.file, at.line, `${column} '${t}' is not a timestamp (YYYY-MM-DD HH:MM:SSZ)`);
  isoDate(at, column, t, Number(m[1]), Number(m[2]), Number(m[3]));
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? 'Z'}`;
}

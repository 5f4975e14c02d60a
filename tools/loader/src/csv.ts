import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** A problem in a reference or award file, pointing at the file and line. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
  ) {
    super(`${path.basename(file)}${line === undefined ? '' : `:${line}`}: ${reason}`);
    this.name = 'DataFileError';
  }
}

export interface CsvRow {
  /** 1-based line number of the record's first line in the file. */
  line: number;
  values: Record<string, string>;
}

/**
 * Reads a CSV file with a header row. Every record must have as many fields as the header; the
 * header must contain `requiredColumns`. Values are returned raw (no trimming): each file has its
 * own blank and padding conventions, handled by its group.
 */
export function readCsv(file: string, requiredColumns: string[]): CsvRow[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataFileError(file, undefined, `cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { info: true, relax_quotes: false, skip_empty_lines: true, bom: true }) as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message: string };
    throw new DataFileError(file, e.lines, e.message.replace(/^Invalid Record Length: /, 'wrong number of fields: '));
  }
  const header = records.shift();
  if (!header) throw new DataFileError(file, 1, 'file is empty (no header row)');
  const columns = header.record.map((c) => c.trim());
  const missing = requiredColumns.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw new DataFileError(file, 1, `missing column(s): ${missing.join(', ')}`);
  let previousEnd = header.info.lines;
  return records.map(({ record, info }) => {
    const values: Record<string, string> = {};
    columns.forEach((c, i) => {
      values[c] = record[i] ?? '';
    });
    const row = { line: previousEnd + 1, values };
    previousEnd = info.lines;
    return row;
  });
}

/** Blank cells in these files may be empty or a single space; both mean null. */
export const blankToNull = (v: string | undefined): string | null => {
  if (v === undefined) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

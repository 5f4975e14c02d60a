import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/**
 * The listed columns of a table's current row as one jsonb object. Wide list rows travel as one jsonb value
 * instead of dozens of columns: the pool's row parser validates each column asynchronously, which costs
 * far more per row than the query itself for 50+ columns. (jsonb_build_object takes at most 100
 * arguments, so the object is built in chunks and concatenated.)
 */
export function jsonColumns(columns: readonly string[], table: string): FragmentSqlToken {
  const chunks: FragmentSqlToken[] = [];
  for (let i = 0; i < columns.length; i += 40) {
    const pairs = columns.slice(i, i + 40).map((c) => sql.fragment`${c}::text, ${sql.identifier([table, c])}`);
    chunks.push(sql.fragment`jsonb_build_object(${sql.join(pairs, sql.fragment`, `)})`);
  }
  return sql.fragment`${sql.join(chunks, sql.fragment` || `)}`;
}

/** Schema of such a jsonb column: any JSON object (its keys are the columns listed). */
export const JsonRow = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'expected a JSON object');

/**
 * Schema of a jsonb array of rows whose shape the SQL fixes (every column cast to its JSON type): checked to be an
 * array, typed as `T`, so that hundreds of rows are not parsed field by field.
 */
export const jsonRowsOf = <T extends object>() => z.custom<T[]>((v) => Array.isArray(v), 'expected a JSON array');

/** Schema of a jsonb array of row objects (a whole result aggregated into one value). */
export const JsonRows = jsonRowsOf<Record<string, unknown>>();

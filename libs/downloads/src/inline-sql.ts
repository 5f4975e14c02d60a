import { escapeLiteral } from 'pg';
import type { FragmentSqlToken } from 'slonik';

/** A PostgreSQL array literal (`{"a","b"}`) of a bound array value. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot inline the number ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Array.isArray(value)) return escapeLiteral(arrayLiteral(value));
  if (typeof value === 'string') return escapeLiteral(value);
  throw new Error(`cannot inline a value of type ${typeof value}`);
}

/**
 * The SQL text of a slonik fragment with its bound values written in as quoted literals. COPY takes no
 * parameters, so the one query the download writes with COPY is sent this way; every value goes through
 * pg's `escapeLiteral` (and casts the fragment already carries, such as `::"text"[]`, still apply).
 * Placeholders are slonik's own `$slonik_N` tokens, which no other SQL text of ours contains.
 */
export function inlineSql(fragment: FragmentSqlToken): string {
  return fragment.sql.replace(/\$slonik_(\d+)/g, (_m, n: string) => literal(fragment.values[Number(n) - 1]));
}

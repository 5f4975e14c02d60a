import { escapeLiteral } from 'pg';
import { ruleValue, type ColumnRule } from './column-rules';

/**
 * The columns of one staged file, as SQL expressions. The staging table names its columns c1..cN by
 * position (file headers are data, never identifiers); this maps header names to them, turns blanks into
 * nulls, normalises the values of ruled columns (dates, FIPS codes: `column-rules.ts`; the rows whose values
 * fail a rule are rejected before anything is mapped), and records which columns a mapping consumed so the
 * rest can go to the `detail` JSON.
 */
export class SourceColumns {
  private readonly index = new Map<string, number>();
  readonly used = new Set<string>();

  constructor(
    readonly header: string[],
    private readonly rules: ReadonlyMap<string, ColumnRule> = new Map(),
    private readonly alias = 's',
  ) {
    header.forEach((name, i) => {
      if (!this.index.has(name)) this.index.set(name, i + 1);
    });
  }

  has(name: string): boolean {
    return this.index.has(name);
  }

  /** Stage column of a header name (c1..cN). */
  column(name: string): string | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : `c${i}`;
  }

  /** Trimmed text, normalised by the column's rule, null when blank or when the file has no such column. */
  text(name: string): string {
    if (!this.index.has(name)) return 'NULL::text';
    this.used.add(name);
    return this.peek(name);
  }

  /** Like `text`, but the column stays in `detail` (for values derived from a column that is kept as is). */
  peek(name: string): string {
    const written = this.written(name);
    const rule = this.rules.get(name);
    return rule === undefined || written === 'NULL::text' ? written : ruleValue(rule, written);
  }

  /** The trimmed text as written (no rule applied), null when blank; for the checks of the rules. */
  written(name: string): string {
    const i = this.index.get(name);
    return i === undefined ? 'NULL::text' : `nullif(btrim(${this.alias}.c${i}), '')`;
  }

  /** The staged text as it is (untrimmed, blank kept), without consuming the column. */
  raw(name: string): string {
    const i = this.index.get(name);
    return i === undefined ? 'NULL::text' : `${this.alias}.c${i}`;
  }

  /** The first non-blank of several columns (layouts name the same value differently). */
  first(...names: string[]): string {
    const present = names.filter((n) => this.has(n));
    if (present.length === 0) return 'NULL::text';
    return present.length === 1 ? this.text(present[0] as string) : `coalesce(${present.map((n) => this.text(n)).join(', ')})`;
  }

  date(name: string): string {
    return `(${this.text(name)})::date`;
  }

  amount(name: string): string {
    return `(${this.text(name)})::numeric(23, 2)`;
  }

  /**
   * `detail` JSON: every column no mapping consumed, keyed by its header name, blanks dropped. Built with
   * jsonb_object over a key array and a value array, with the keys in jsonb's own order (shorter first,
   * then byte-wise), which costs less than half of jsonb_build_object over the same pairs: no per-argument
   * type lookup, no argument limit, and the key sort finds them already sorted.
   */
  detail(): string {
    const rest = this.header.filter((name, i) => !this.used.has(name) && this.index.get(name) === i + 1);
    if (rest.length === 0) return 'NULL::jsonb';
    rest.sort(jsonbKeyOrder);
    const keys = rest.map((name) => escapeLiteral(name)).join(', ');
    const values = rest.map((name) => this.peek(name)).join(', ');
    return `nullif(jsonb_strip_nulls(jsonb_object(ARRAY[${keys}]::text[], ARRAY[${values}]::text[])), '{}'::jsonb)`;
  }
}

/** jsonb's order of object keys: by length in bytes, then byte-wise. */
function jsonbKeyOrder(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}

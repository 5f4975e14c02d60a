import { escapeLiteral } from 'pg';

/**
 * The columns of one staged file, as SQL expressions. The staging table names its columns c1..cN by
 * position (file headers are data, never identifiers); this maps header names to them, turns blanks into
 * nulls, and records which columns a mapping consumed so the rest can go to the `detail` JSON.
 */
export class SourceColumns {
  private readonly index = new Map<string, number>();
  readonly used = new Set<string>();

  constructor(
    readonly header: string[],
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

  /** Trimmed text, null when blank or when the file has no such column. */
  text(name: string): string {
    const i = this.index.get(name);
    if (i === undefined) return 'NULL::text';
    this.used.add(name);
    return `nullif(btrim(${this.alias}.c${i}), '')`;
  }

  /** Like `text`, but the column stays in `detail` (for values derived from a column that is kept as is). */
  peek(name: string): string {
    const i = this.index.get(name);
    return i === undefined ? 'NULL::text' : `nullif(btrim(${this.alias}.c${i}), '')`;
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

  /** `detail` JSON: every column no mapping consumed, keyed by its header name, blanks dropped. */
  detail(): string {
    const rest = this.header.filter((name, i) => !this.used.has(name) && this.index.get(name) === i + 1);
    if (rest.length === 0) return 'NULL::jsonb';
    const parts: string[] = [];
    for (let i = 0; i < rest.length; i += 40) {
      const pairs = rest.slice(i, i + 40).map((name) => `${escapeLiteral(name)}, nullif(btrim(${this.alias}.${this.column(name)}), '')`);
      parts.push(`jsonb_build_object(${pairs.join(', ')})`);
    }
    return `nullif(jsonb_strip_nulls(${parts.join(' || ')}), '{}'::jsonb)`;
  }
}

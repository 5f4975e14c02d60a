/**
 * Values in PostgreSQL's COPY text format: tab-separated fields, `\N` for null, backslash escapes for
 * backslash, tab, newline and carriage return. Amounts are whole cents (exact integers) printed as
 * decimals, so sums in JavaScript and in SQL agree to the cent.
 */
export const NULL = '\\N';
const SPECIAL = /[\\\t\n\r]/;

/** A text field. */
export function text(value: string | null | undefined): string {
  if (value === null || value === undefined) return NULL;
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** Decimal text of an amount in whole cents. */
export function centsText(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs - whole * 100;
  return `${negative ? '-' : ''}${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** A numeric field from whole cents (null stays null). */
export function cents(value: number | null | undefined): string {
  return value === null || value === undefined ? NULL : centsText(value);
}

/** An integer field. */
export function int(value: number | null | undefined): string {
  return value === null || value === undefined ? NULL : String(value);
}

/** A boolean field. */
export function bool(value: boolean): string {
  return value ? 't' : 'f';
}

/** A text[] field. */
export function textArray(values: readonly string[] | null | undefined): string {
  if (values === null || values === undefined) return NULL;
  const items = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return text(`{${items.join(',')}}`);
}

/** An integer[] field. */
export function intArray(values: readonly number[] | null | undefined): string {
  if (values === null || values === undefined) return NULL;
  return `{${values.join(',')}}`;
}

/** A json/jsonb field from already serialised JSON text. */
export function jsonText(json: string | null | undefined): string {
  return text(json);
}

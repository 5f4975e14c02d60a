import type { FragmentSqlToken } from 'slonik';

/** A compiled fragment as plain data: SQL text with `$n` placeholders and the bound values in order. */
export interface RenderedFragment {
  sql: string;
  values: unknown[];
}

/** Renders a fragment for golden files: slonik's `$slonik_n` placeholders become `$n`. */
export function renderFragment(fragment: FragmentSqlToken): RenderedFragment {
  return { sql: fragment.sql.replace(/\$slonik_(\d+)/g, '$$$1'), values: [...fragment.values] };
}

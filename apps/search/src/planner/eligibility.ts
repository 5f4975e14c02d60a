import type { FilterNeeds } from '@usas/filters';
import type { SpendingLevel } from '../common/spending-level';
import type { Grain, SummaryTable } from './summary-tables';

/** What a query needs from its source: the compiled filter's needs and what the query itself reads. */
export interface PlanRequest {
  level: SpendingLevel;
  /** What the compiled filter reads (libs/filters compileFilterSet), for the same level. */
  needs: FilterNeeds;
  /** What its summary variant reads (CompiledFilters.summary), when it has one; else `needs` holds for summaries too. */
  summaryNeeds?: FilterNeeds;
  /** Columns the query reads outside the filter: grouping keys and measures. */
  columns: readonly string[];
  /**
   * The finest date resolution the query reads from date columns: `month` when it groups by calendar
   * year, quarter or month, `fiscal_year` when it groups by fiscal year, `none` when it reads no date.
   */
  dateResolution: 'none' | Exclude<Grain, 'all_years'>;
  /** An array column the query unnests into its grouping key (defc, federal_account categories). */
  unnest?: string;
}

const GRAIN_ORDER: Record<'none' | Grain, number> = { none: 0, all_years: 0, fiscal_year: 1, month: 2 };

const lastDayOfMonth = (date: string) => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * Whether a period's bounds fall on the grain's boundaries: then "date >= start" and "date <= end" select
 * the same rows whether the date is exact or truncated to the first day of its month / fiscal year.
 */
export function alignedTo(grain: Grain, start: string, end: string): boolean {
  if (grain === 'all_years') return false;
  if (grain === 'month') return start.endsWith('-01') && end === lastDayOfMonth(end);
  return start.slice(4) === '-10-01' && end.slice(4) === '-09-30';
}

/**
 * Whether a summary table answers a request exactly: same level, no filter that only the base table can
 * evaluate, every column the query and the compiled filter read is kept, the date resolution is not
 * coarser than needed, and every time period compares kept date columns on aligned bounds. Tables with
 * one array element per row only serve queries grouping by that element, or (singleValueFilter) requests
 * filtering that column on a single value; tables restricted to the rows of a filter only serve requests
 * with that filter.
 */
export function tableAnswers(t: SummaryTable, req: PlanRequest): boolean {
  const needs = req.summaryNeeds ?? req.needs;
  if (t.level !== req.level || needs.level !== req.level) return false;
  if (needs.baseOnly.length > 0) return false;
  if (t.singleValueFilter !== undefined) {
    // One array element per row, serving one filtered value: a query reading the array itself (the defc
    // category unnests every code of each matching record, not only the filtered one) needs whole arrays.
    if (needs.defCodes.length !== 1 || req.unnest === t.unnested || req.columns.includes(t.unnested ?? '')) return false;
  } else if (t.unnested !== undefined && req.unnest !== t.unnested) return false;
  if (t.requires === 'def_codes' && needs.defCodes.length === 0) return false;
  if (GRAIN_ORDER[t.grain] < GRAIN_ORDER[req.dateResolution]) return false;
  if (!req.columns.every((c) => t.columns.has(c))) return false;
  for (const read of Object.values(needs.columns)) if (!read.every((c) => t.columns.has(c))) return false;
  for (const p of needs.periods) {
    if (!p.columns.every((c) => t.dateColumns.includes(c))) return false;
    if (!alignedTo(t.grain, p.start, p.end)) return false;
  }
  return true;
}

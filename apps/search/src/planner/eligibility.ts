import type { AdvancedFilter } from '@usas/filters';
import type { SpendingLevel } from '../common/spending-level';
import type { Grain, SummaryTable } from './summary-tables';

/** What a query needs from its source besides the filter. */
export interface PlanRequest {
  level: SpendingLevel;
  filters: AdvancedFilter;
  /** Columns the query reads outside the filter: grouping keys and measures. */
  columns: readonly string[];
  /**
   * The finest date resolution the query reads from date columns: `month` when it groups by calendar
   * year, quarter or month, `fiscal_year` when it groups by fiscal year, `none` when it reads no date.
   */
  dateResolution: 'none' | Grain;
  /** An array column the query unnests into its grouping key (defc, federal_account categories). */
  unnest?: string;
}

const GRAIN_ORDER: Record<'none' | Grain, number> = { none: 0, fiscal_year: 1, month: 2 };

/** True for a filter value that carries a condition (the filter compiler skips the others). */
function given(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.length > 0;
  return true;
}

/** Date columns a time_period entry's date_type compiles to, per level (see libs/filters time-period). */
function timeColumns(level: SpendingLevel, dateType: string | undefined): string[] {
  if (level === 'awards') {
    if (dateType === undefined || dateType === 'new_awards_only') return ['action_date', 'date_signed'];
    return [dateType];
  }
  switch (dateType) {
    case undefined:
    case 'action_date':
      return ['action_date'];
    case 'date_signed':
      return ['award_date_signed'];
    case 'new_awards_only':
      return ['action_date', 'award_date_signed'];
    default:
      return [dateType];
  }
}

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
  if (grain === 'month') return start.endsWith('-01') && end === lastDayOfMonth(end);
  return start.slice(4) === '-10-01' && end.slice(4) === '-09-30';
}

type LocationFilter = NonNullable<AdvancedFilter['place_of_performance_locations']>[number];

/** Location part -> column suffix, as libs/filters' location filter compares them (the country always). */
const LOCATION_PARTS: ReadonlyArray<[keyof LocationFilter, string]> = [
  ['state', 'state_code'],
  ['county', 'county_code'],
  ['district_original', 'congressional_code'],
  ['district_current', 'congressional_code_current'],
  ['city', 'city_name'],
  ['zip', 'zip5'],
];

/** Columns a list of location objects reads on one side (`pop` or `recipient_location`). */
function locationColumns(prefix: string, locations: readonly LocationFilter[]): string[] {
  return [
    `${prefix}_country_code`,
    ...locations.flatMap((loc) => LOCATION_PARTS.filter(([part]) => loc[part] !== undefined).map(([, suffix]) => `${prefix}_${suffix}`)),
  ];
}

/**
 * Columns the compiled SQL of a (summary-compatible) filter reads, besides time_period's dates; see
 * libs/filters (agencies compare `<type>_<tier>_agency_name`, scopes the country code, recipient_id the
 * recipient and parent columns).
 */
function filterColumns(key: string, value: unknown): string[] {
  switch (key) {
    case 'award_type_codes':
      return ['type'];
    case 'agencies':
      return (value as Array<{ type: string; tier: string; toptier_name?: string }>).flatMap((a) => [
        `${a.type}_${a.tier}_agency_name`,
        ...(a.tier === 'subtier' && a.toptier_name ? [`${a.type}_toptier_agency_name`] : []),
      ]);
    case 'place_of_performance_scope':
      return ['pop_country_code'];
    case 'recipient_scope':
      return ['recipient_location_country_code'];
    case 'def_codes':
      return ['disaster_emergency_fund_codes'];
    case 'naics_codes':
      return ['naics_code'];
    case 'psc_codes':
      return ['product_or_service_code'];
    case 'program_numbers':
      return ['cfda_number'];
    case 'place_of_performance_locations':
      return locationColumns('pop', value as LocationFilter[]);
    case 'recipient_locations':
      return locationColumns('recipient_location', value as LocationFilter[]);
    case 'recipient_id':
      // P reads parent_recipient_hash, C and R recipient_hash and whether parent_uei is set: a table keeping
      // all three answers every level (the id is validated when the filters are compiled).
      return ['recipient_hash', 'parent_recipient_hash', 'parent_uei'];
    default:
      return [];
  }
}

/** The distinct DEF codes a def_codes filter selects, normalised as the filter compiler does. */
function defCodes(filters: AdvancedFilter): Set<string> {
  return new Set((filters.def_codes ?? []).map((c) => c.trim().toUpperCase()).filter((c) => c !== ''));
}

/**
 * Whether a summary table answers a request exactly: same level, every column the query and the filters
 * read is kept, the date resolution is not coarser than needed, and every time period is aligned. Tables
 * with one array element per row only serve queries grouping by that element, or (singleValueFilter)
 * requests filtering that column on a single value; tables restricted to the rows of a filter only serve
 * requests with that filter.
 */
export function tableAnswers(t: SummaryTable, req: PlanRequest): boolean {
  if (t.level !== req.level) return false;
  if (t.singleValueFilter !== undefined) {
    // One array element per row, serving one filtered value: a query reading the array itself (the defc
    // category unnests every code of each matching record, not only the filtered one) needs whole arrays.
    if (defCodes(req.filters).size !== 1 || req.unnest === t.unnested || req.columns.includes(t.unnested ?? '')) return false;
  } else if (t.unnested !== undefined && req.unnest !== t.unnested) return false;
  if (t.requires === 'def_codes' && defCodes(req.filters).size === 0) return false;
  if (GRAIN_ORDER[t.grain] < GRAIN_ORDER[req.dateResolution]) return false;
  if (!req.columns.every((c) => t.columns.has(c))) return false;
  for (const [key, value] of Object.entries(req.filters)) {
    if (!given(value)) continue;
    if (!t.filterKeys.has(key)) return false;
    if (!filterColumns(key, value).every((c) => t.columns.has(c))) return false;
  }
  for (const p of req.filters.time_period ?? []) {
    const dateType = (p as { date_type?: string }).date_type;
    if (!timeColumns(req.level, dateType).every((c) => t.dateColumns.includes(c))) return false;
    if (!alignedTo(t.grain, p.start_date, p.end_date)) return false;
  }
  return true;
}

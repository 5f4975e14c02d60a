import type { LocationColumns } from './level-columns';
import type { Fragment } from './sql-helpers';
import type { LocationFilter, SpendingLevel, TimePeriodFilter } from './types';

/** One time period as the compiled condition reads it: the date columns compared to both bounds. */
export interface PeriodNeed {
  /** Date columns of the level's row compared with the bounds (empty when the dates are read elsewhere). */
  columns: readonly string[];
  start: string;
  end: string;
  /** `date_type` as given ('action_date' when absent). */
  dateType: string;
}

/**
 * What a compiled filter set reads, so that the code choosing the relation to run it on (the search
 * planner, the ranking tables) decides from the compiler's answer instead of interpreting the filter
 * object a second time. Only filters that compiled to a condition appear (blank values carry none).
 */
export interface FilterNeeds {
  level: SpendingLevel;
  /** Filter keys that compiled to a condition, in compile order. */
  keys: readonly string[];
  /**
   * Per key, the columns of the level's own row the condition reads, besides the time periods' dates
   * (see `periods`). Exact: a relation keeping these columns under the same names, one row per base row or
   * per group of base rows with equal values, evaluates the condition the same way.
   */
  columns: Readonly<Record<string, readonly string[]>>;
  /**
   * Keys whose condition only the level's base table can evaluate: it reads another table (award amounts
   * of transactions, prime award facts of subawards), a keyword document, or text no summary keeps.
   */
  baseOnly: readonly string[];
  /** The time periods (OR-ed), empty without a time_period filter. */
  periods: readonly PeriodNeed[];
  /** DEF codes selected, trimmed, upper-cased and distinct. */
  defCodes: readonly string[];
  /** Award type codes selected (distinct), or null without an award type filter. */
  awardTypeCodes: readonly string[] | null;
}

/** A compiled filter set: the WHERE condition over the level's table and what it reads. */
export interface CompiledFilters {
  where: Fragment;
  needs: FilterNeeds;
  /**
   * The same filters over a summary table: equal to `where` / `needs` except for filters that summaries
   * evaluate another way (recipient_search_text through the recipient text key, migration 0192).
   */
  summary: { where: Fragment; needs: FilterNeeds };
}

/** Date columns a time period compares on a level's own row (see time-period.filter.ts). */
export function periodColumns(p: TimePeriodFilter, level: SpendingLevel, actionDate: string): string[] {
  const dateType = p.date_type;
  if (level === 'awards') {
    if (dateType === undefined || dateType === 'new_awards_only') return ['action_date', 'date_signed'];
    return [dateType];
  }
  if (level === 'transactions') {
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
  // Subawards read the prime award's dates except their own action date.
  return dateType === undefined || dateType === 'action_date' ? [actionDate] : [];
}

/** Location part -> column, as oneLocation compares them (the country always). */
const LOCATION_PARTS: ReadonlyArray<[keyof LocationFilter, keyof LocationColumns]> = [
  ['state', 'state'],
  ['county', 'county'],
  ['district_original', 'districtOriginal'],
  ['district_current', 'districtCurrent'],
  ['city', 'city'],
  ['zip', 'zip'],
];

/** Columns a list of location objects reads on one side. */
export function locationNeeds(locations: readonly LocationFilter[], columns: LocationColumns): string[] {
  const out = new Set<string>([columns.country]);
  for (const loc of locations) for (const [part, key] of LOCATION_PARTS) if (loc[part] !== undefined) out.add(columns[key]);
  return [...out];
}

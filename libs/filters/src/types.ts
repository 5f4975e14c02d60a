import type { components } from '@usas/api-types';

/** Which read-model table a filter set is compiled against. */
export type SpendingLevel = 'awards' | 'transactions' | 'subawards';

/** The `filters` object of the search endpoints, as the gateway validated it. */
export type AdvancedFilter = components['schemas']['AdvancedFilterObject'];

/** Group of a DEF code that carries an enactment-date rule. */
export type DefCodeGroup = 'covid_19' | 'infrastructure';

/** Facts the compiler needs from the database; the caller loads them once and passes them in. */
export interface FilterContext {
  /** DEF code -> enactment date (YYYY-MM-DD) for codes with a group (covid_19, infrastructure); loaded by the caller from disaster_emergency_fund_code. */
  defCodeEnactment: Record<string, string>;
  /**
   * DEF code -> group for the same codes. Award-level searches use it to pick the COVID-19 or the IIJA
   * totals; when a code is missing here, an award qualifies on either non-zero total.
   */
  defCodeGroup?: Record<string, DefCodeGroup>;
  /** Earliest allowed search date, default '2007-10-01'. */
  minDate?: string;
}

/** One program activity of the `program_activities` filter (the generated type loses its members). */
export interface ProgramActivityFilter {
  name?: string;
  code?: string;
  type?: string;
}

/** Component object of `treasury_account_components` and of the legacy `tas_codes` array. */
export type TreasuryAccountComponents = components['schemas']['treasury-account-components-object'];

/** One location of `place_of_performance_locations` / `recipient_locations`. */
export type LocationFilter = components['schemas']['location-object'];

/** One entry of `agencies`. */
export type AgencyFilter = components['schemas']['agency-object'];

/** One entry of `time_period`. */
export type TimePeriodFilter = components['schemas']['time-period-object'];

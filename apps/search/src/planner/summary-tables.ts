/** Granularity of the date columns of a summary table. */
export type Grain = 'month' | 'fiscal_year';

/** A pre-aggregated table of migration 0041, described for the planner. */
export interface SummaryTable {
  name: string;
  level: 'transactions' | 'awards';
  grain: Grain;
  /** Date columns stored as the first day of their month / fiscal year. */
  dateColumns: readonly string[];
  /** Every column the table has (dimensions under their base names, measures as per-group sums). */
  columns: ReadonlySet<string>;
  /** Filters whose compiled SQL reads only the table's columns. */
  filterKeys: ReadonlySet<string>;
}

const AGENCY_COLUMNS = ['awarding', 'funding'].flatMap((side) => [
  `${side}_agency_id`,
  `${side}_toptier_agency_id`,
  `${side}_toptier_agency_name`,
  `${side}_toptier_agency_code`,
  `${side}_toptier_agency_abbreviation`,
  `${side}_subtier_agency_name`,
  `${side}_subtier_agency_code`,
  `${side}_subtier_agency_abbreviation`,
]);

const location = (prefix: string) =>
  ['country_code', 'country_name', 'state_code', 'state_fips', 'state_name', 'county_code', 'county_name', 'congressional_code_current'].map(
    (c) => `${prefix}_${c}`,
  );

const TXN_MEASURES = ['generated_pragmatic_obligation', 'row_count'];

function table(
  name: string,
  level: SummaryTable['level'],
  grain: Grain,
  dateColumns: string[],
  columns: string[],
  filterKeys: string[],
): SummaryTable {
  return { name, level, grain, dateColumns, columns: new Set([...dateColumns, ...columns]), filterKeys: new Set(filterKeys) };
}

/** The summaries of migration 0041 (keep in step with it; the planner property test checks the answers). */
export const SUMMARY_TABLES: readonly SummaryTable[] = [
  table(
    'search_summary_txn_month',
    'transactions',
    'month',
    ['action_date'],
    ['type', 'award_category', ...AGENCY_COLUMNS, ...TXN_MEASURES, 'federal_action_obligation'],
    ['award_type_codes', 'time_period', 'agencies'],
  ),
  table(
    'search_summary_award_month',
    'awards',
    'month',
    ['action_date', 'date_signed'],
    ['type', 'category', ...AGENCY_COLUMNS, 'generated_pragmatic_obligation', 'total_outlays', 'row_count'],
    ['award_type_codes', 'time_period', 'agencies'],
  ),
  table(
    'search_summary_txn_pop_fy',
    'transactions',
    'fiscal_year',
    ['action_date'],
    ['type', 'award_category', ...location('pop'), ...TXN_MEASURES],
    ['award_type_codes', 'time_period', 'place_of_performance_scope'],
  ),
  table(
    'search_summary_txn_recipient_location_fy',
    'transactions',
    'fiscal_year',
    ['action_date'],
    ['type', 'award_category', ...location('recipient_location'), ...TXN_MEASURES],
    ['award_type_codes', 'time_period', 'recipient_scope'],
  ),
  table(
    'search_summary_txn_industry_fy',
    'transactions',
    'fiscal_year',
    ['action_date'],
    [
      'type',
      'award_category',
      'naics_code',
      'naics_description',
      'product_or_service_code',
      'product_or_service_description',
      'cfda_number',
      'cfda_title',
      ...TXN_MEASURES,
    ],
    ['award_type_codes', 'time_period'],
  ),
  table(
    'search_summary_txn_recipient_fy',
    'transactions',
    'fiscal_year',
    ['action_date'],
    ['type', 'award_category', 'recipient_hash', 'recipient_levels', 'recipient_name', ...TXN_MEASURES],
    ['award_type_codes', 'time_period'],
  ),
];

/**
 * Granularity of the date columns of a summary table; `all_years`: every year summed, no date column (it
 * answers only requests that compare and group by no date).
 */
export type Grain = 'month' | 'fiscal_year' | 'all_years';

/** A pre-aggregated table of the baseline, described for the planner. */
export interface SummaryTable {
  name: string;
  level: 'transactions' | 'awards';
  grain: Grain;
  /** Date columns stored as the first day of their month / fiscal year. */
  dateColumns: readonly string[];
  /** Every column the table has (dimensions under their base names, measures as per-group sums). */
  columns: ReadonlySet<string>;
  /**
   * An array column stored one element per row: the table answers only requests that unnest that column
   * into their grouping key (summing whole rows over it would count a record once per element).
   */
  unnested?: string;
  /**
   * Instead of queries grouping by the unnested column, the table serves requests whose filter on that
   * column names exactly one value and that do not read the column otherwise: every matching record then
   * matches through exactly one of its rows. (Grouping by the column is not exact here: the row-level filter
   * lets a record through on one code, and the grouped query then counts it under all its codes.)
   */
  singleValueFilter?: 'def_codes';
  /** The table keeps only the rows this filter can select, so it answers only requests that carry it. */
  requires?: 'def_codes';
}

const TOPTIER = ['toptier_agency_id', 'toptier_agency_name', 'toptier_agency_code', 'toptier_agency_abbreviation'];
const agency = (side: 'awarding' | 'funding', tiers: 'toptier' | 'both' = 'both') =>
  (tiers === 'toptier' ? TOPTIER : ['agency_id', ...TOPTIER, 'subtier_agency_name', 'subtier_agency_code', 'subtier_agency_abbreviation']).map((c) => `${side}_${c}`);

const place = (prefix: string, level: 'state' | 'county' | 'district') => {
  const columns = {
    state: ['country_code', 'country_name', 'state_code', 'state_fips', 'state_name'],
    county: ['country_code', 'state_code', 'state_fips', 'county_code', 'county_name'],
    district: ['country_code', 'state_code', 'state_fips', 'congressional_code_current'],
  }[level];
  return columns.map((c) => `${prefix}_${c}`);
};

const AWARDING_TOPTIER = agency('awarding', 'toptier');
const POP_STATE = place('pop', 'state');
const POP_COUNTY = place('pop', 'county');
const NAICS = ['naics_code', 'naics_description'];
const PSC = ['product_or_service_code', 'product_or_service_description'];
const CFDA = ['cfda_number', 'cfda_title'];
/** The key the summary variant of `recipient_search_text` compares (migration 0192, search_recipient_text). */
const TEXT_KEY = 'recipient_text_key';
const RECIPIENT = ['recipient_hash', 'recipient_levels', 'recipient_name', 'parent_recipient_hash', 'parent_uei', TEXT_KEY];

/** Columns every transaction summary has besides its subject: the award type and the measures. */
const TXN_MEASURES = ['generated_pragmatic_obligation', 'row_count'];
const TXN_BASE = ['type', 'award_category', ...TXN_MEASURES];

function txn(
  name: string,
  grain: Grain,
  subject: string[],
  more: Pick<SummaryTable, 'unnested' | 'singleValueFilter' | 'requires'> & { untyped?: boolean } = {},
): SummaryTable {
  const { untyped, ...rest } = more;
  // An untyped table has no award type columns, so it answers no award type filter or per-category column
  // (filters are matched on the columns their compiled SQL reads, libs/filters FilterNeeds).
  const dated = grain === 'all_years' ? [] : ['action_date'];
  return {
    name,
    level: 'transactions',
    grain,
    dateColumns: dated,
    columns: new Set([...dated, ...(untyped ? TXN_MEASURES : TXN_BASE), ...subject]),
    ...rest,
  };
}

function award(name: string, grain: Grain, subject: string[] = []): SummaryTable {
  return {
    name,
    level: 'awards',
    grain,
    dateColumns: ['action_date', 'date_signed'],
    columns: new Set(['action_date', 'date_signed', 'type', 'category', 'generated_pragmatic_obligation', 'total_outlays', 'row_count', ...subject]),
  };
}

/**
 * The summaries of the baseline and migrations 0170, 0191, 0192 and 0194 (keep in step with them; the planner property
 * test checks the answers). The DEF summaries store step dates, exact for the def_codes filter's
 * enactment dates.
 */
export const SUMMARY_TABLES: readonly SummaryTable[] = [
  txn('search_summary_txn_month', 'month', []),
  txn('search_summary_txn_awarding_fy', 'fiscal_year', agency('awarding')),
  txn('search_summary_txn_funding_fy', 'fiscal_year', agency('funding')),
  txn('search_summary_txn_pop_state_fy', 'fiscal_year', place('pop', 'state')),
  txn('search_summary_txn_pop_county_fy', 'fiscal_year', place('pop', 'county')),
  txn('search_summary_txn_pop_district_fy', 'fiscal_year', place('pop', 'district')),
  txn('search_summary_txn_rloc_state_fy', 'fiscal_year', place('recipient_location', 'state')),
  txn('search_summary_txn_rloc_county_fy', 'fiscal_year', place('recipient_location', 'county')),
  txn('search_summary_txn_rloc_district_fy', 'fiscal_year', place('recipient_location', 'district')),
  txn('search_summary_txn_naics_fy', 'fiscal_year', NAICS),
  txn('search_summary_txn_psc_fy', 'fiscal_year', PSC),
  txn('search_summary_txn_cfda_fy', 'fiscal_year', CFDA),
  // With the parent columns the recipient_id filter compiles to, indexed on each hash and the date.
  txn('search_summary_txn_recipient_fy', 'fiscal_year', RECIPIENT),
  txn('search_summary_txn_defc_month', 'month', ['disaster_emergency_fund_codes'], { requires: 'def_codes' }),
  txn('search_summary_txn_defc_awarding_month', 'month', ['disaster_emergency_fund_codes', ...agency('awarding')], { requires: 'def_codes' }),
  txn('search_summary_txn_defc_awarding_fy', 'fiscal_year', ['disaster_emergency_fund_codes', ...agency('awarding')], { requires: 'def_codes' }),
  txn('search_summary_txn_defc_code_awarding_fy', 'fiscal_year', ['disaster_emergency_fund_codes', ...agency('awarding', 'toptier')], {
    requires: 'def_codes',
    unnested: 'disaster_emergency_fund_codes',
    singleValueFilter: 'def_codes',
    untyped: true,
  }),
  txn('search_summary_txn_federal_account_fy', 'fiscal_year', ['federal_account_ids'], { unnested: 'federal_account_ids' }),
  // Filter summaries (0170): by month and a common filter (awarding toptier agency, place of performance
  // state), indexed on the filter column.
  txn('search_summary_txn_awarding_month', 'month', AWARDING_TOPTIER),
  txn('search_summary_txn_pop_state_month', 'month', POP_STATE),
  // Filter pair summaries (0191, search_summary_pair_targets): a common filter's columns (indexed) and a
  // second dimension, per fiscal year; NAICS also by month.
  txn('search_summary_txn_awarding_pop_state_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...POP_STATE]),
  txn('search_summary_txn_awarding_naics_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...NAICS]),
  txn('search_summary_txn_awarding_psc_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...PSC]),
  txn('search_summary_txn_awarding_cfda_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...CFDA]),
  txn('search_summary_txn_awarding_pop_county_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...POP_COUNTY]),
  txn('search_summary_txn_awarding_recipient_fy', 'fiscal_year', [...AWARDING_TOPTIER, ...RECIPIENT]),
  txn('search_summary_txn_pop_state_naics_fy', 'fiscal_year', [...POP_STATE, ...NAICS]),
  txn('search_summary_txn_pop_state_psc_fy', 'fiscal_year', [...POP_STATE, ...PSC]),
  txn('search_summary_txn_pop_state_cfda_fy', 'fiscal_year', [...POP_STATE, ...CFDA]),
  txn('search_summary_txn_pop_state_recipient_fy', 'fiscal_year', [...POP_STATE, ...RECIPIENT]),
  txn('search_summary_txn_naics_psc_fy', 'fiscal_year', [...NAICS, ...PSC]),
  txn('search_summary_txn_naics_cfda_fy', 'fiscal_year', [...NAICS, ...CFDA]),
  txn('search_summary_txn_naics_pop_county_fy', 'fiscal_year', [...NAICS, ...POP_COUNTY]),
  txn('search_summary_txn_naics_recipient_fy', 'fiscal_year', [...NAICS, ...RECIPIENT]),
  txn('search_summary_txn_naics_month', 'month', NAICS),
  // Every year summed (0194, search_summary_pair_all_years) for the recipient pairs requests without a time
  // period read most: a third of their fiscal-year tables' rows.
  txn('search_summary_txn_awarding_recipient_all', 'all_years', [...AWARDING_TOPTIER, ...RECIPIENT]),
  txn('search_summary_txn_pop_state_recipient_all', 'all_years', [...POP_STATE, ...RECIPIENT]),
  // The recipient text key beside what its recipient pairs above lack (0192): CFDA, PSC, county, month.
  txn('search_summary_txn_recipient_text_cfda_fy', 'fiscal_year', [TEXT_KEY, ...CFDA]),
  txn('search_summary_txn_recipient_text_psc_fy', 'fiscal_year', [TEXT_KEY, ...PSC]),
  txn('search_summary_txn_recipient_text_pop_county_fy', 'fiscal_year', [TEXT_KEY, ...POP_COUNTY]),
  txn('search_summary_txn_recipient_text_month', 'month', [TEXT_KEY]),
  award('search_summary_award_fy', 'fiscal_year'),
  award('search_summary_award_month', 'month'),
  award('search_summary_award_awarding_fy', 'fiscal_year', ['awarding_toptier_agency_name']),
  award('search_summary_award_pop_state_fy', 'fiscal_year', ['pop_country_code', 'pop_state_code']),
  award('search_summary_award_naics_fy', 'fiscal_year', ['naics_code']),
  award('search_summary_award_recipient_text_fy', 'fiscal_year', [TEXT_KEY]),
];

import { compileFilterSet, type AdvancedFilter, type FilterContext } from '@usas/filters';
import { alignedTo, tableAnswers, type PlanRequest } from './eligibility';
import { SUMMARY_TABLES } from './summary-tables';

const table = (name: string) => SUMMARY_TABLES.find((t) => t.name === name)!;
const FY = { start_date: '2019-10-01', end_date: '2020-09-30' };

const CONTEXT: FilterContext = { defCodeEnactment: { L: '2020-03-06' }, defCodeGroup: { L: 'covid_19' } };

/** A plan request whose needs come from compiling `filters`, as the routes build them. */
function req(over: Partial<Omit<PlanRequest, 'needs'>> & { filters?: object }): PlanRequest {
  const { filters = {}, ...rest } = over;
  const base = { level: 'transactions' as const, columns: ['action_date', 'award_category', 'generated_pragmatic_obligation'], dateResolution: 'month' as const, ...rest };
  return { ...base, needs: compileFilterSet(filters as AdvancedFilter, base.level, CONTEXT).needs };
}

describe('planner eligibility', () => {
  it('knows month and fiscal-year boundaries', () => {
    expect(alignedTo('month', '2020-02-01', '2020-02-29')).toBe(true);
    expect(alignedTo('month', '2020-02-01', '2020-02-28')).toBe(false);
    expect(alignedTo('month', '2020-02-02', '2020-03-31')).toBe(false);
    expect(alignedTo('fiscal_year', '2019-10-01', '2021-09-30')).toBe(true);
    expect(alignedTo('fiscal_year', '2019-11-01', '2021-09-30')).toBe(false);
  });

  it('uses a summary only for aligned periods on the columns it keeps', () => {
    const month = table('search_summary_txn_month');
    expect(tableAnswers(month, req({ filters: { time_period: [FY], award_type_codes: ['A'] } }))).toBe(true);
    expect(tableAnswers(month, req({ filters: { time_period: [{ start_date: '2019-10-02', end_date: '2020-09-30' }] } }))).toBe(false);
    expect(tableAnswers(month, req({ filters: { time_period: [{ ...FY, date_type: 'date_signed' }] } }))).toBe(false);
    expect(tableAnswers(month, req({ filters: { keywords: ['x'] } }))).toBe(false);
    expect(tableAnswers(month, req({ level: 'awards' }))).toBe(false);
  });

  it('serves an all-years summary only to requests that compare and group by no date', () => {
    const all = table('search_summary_txn_awarding_recipient_all');
    const agency = { agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Defense' }] };
    const category = (filters: object, dateResolution: PlanRequest['dateResolution'] = 'none') =>
      req({ dateResolution, columns: ['recipient_hash', 'recipient_name', 'recipient_levels', 'generated_pragmatic_obligation'], filters });
    expect(all.dateColumns).toEqual([]);
    expect(tableAnswers(all, category(agency))).toBe(true);
    expect(tableAnswers(all, category({ ...agency, award_type_codes: ['A'] }))).toBe(true);
    expect(tableAnswers(all, category({ ...agency, time_period: [FY] }))).toBe(false);
    expect(tableAnswers(all, category(agency, 'fiscal_year'))).toBe(false);
    expect(tableAnswers(all, req({ dateResolution: 'none', columns: ['action_date', 'generated_pragmatic_obligation'], filters: agency }))).toBe(false);
    expect(alignedTo('all_years', '2019-10-01', '2020-09-30')).toBe(false);
  });

  it('keeps fiscal-year summaries away from month groupings', () => {
    const awarding = table('search_summary_txn_awarding_fy');
    expect(tableAnswers(awarding, req({ dateResolution: 'fiscal_year', filters: { time_period: [FY] } }))).toBe(true);
    expect(tableAnswers(awarding, req({ dateResolution: 'month', filters: { time_period: [FY] } }))).toBe(false);
  });

  it('checks the columns an agency filter reads against the table', () => {
    const awarding = table('search_summary_txn_awarding_fy');
    const request = (agencies: unknown) => req({ dateResolution: 'none', columns: ['awarding_toptier_agency_code'], filters: { agencies } as never });
    expect(tableAnswers(awarding, request([{ type: 'awarding', tier: 'subtier', name: 'X', toptier_name: 'Y' }]))).toBe(true);
    expect(tableAnswers(awarding, request([{ type: 'funding', tier: 'toptier', name: 'X' }]))).toBe(false);
    expect(tableAnswers(table('search_summary_txn_funding_fy'), request([{ type: 'funding', tier: 'toptier', name: 'X' }]))).toBe(false);
  });

  it('reads award summaries only with the award time rule', () => {
    const awards = table('search_summary_award_fy');
    const count = (filters: object) => req({ level: 'awards', filters, columns: ['type'], dateResolution: 'none' });
    expect(tableAnswers(awards, count({ time_period: [FY] }))).toBe(true);
    expect(tableAnswers(awards, count({ time_period: [{ ...FY, date_type: 'new_awards_only' }] }))).toBe(true);
    expect(tableAnswers(awards, count({ time_period: [{ ...FY, date_type: 'last_modified_date' }] }))).toBe(false);
  });

  it('serves the DEF summaries only to requests with a DEF code filter', () => {
    const defc = table('search_summary_txn_defc_month');
    const request = (filters: object, unnest?: string) =>
      req({ dateResolution: 'none', columns: ['disaster_emergency_fund_codes'], filters: filters as never, unnest });
    expect(tableAnswers(defc, request({ def_codes: ['L'], time_period: [FY] }, 'disaster_emergency_fund_codes'))).toBe(true);
    // Month bounds are enough: the step dates stay in their month.
    expect(tableAnswers(defc, request({ def_codes: ['L'], time_period: [{ start_date: '2020-03-01', end_date: '2020-03-31' }] }))).toBe(true);
    expect(tableAnswers(defc, request({ time_period: [FY] }, 'disaster_emergency_fund_codes'))).toBe(false);
    expect(tableAnswers(defc, request({ def_codes: [' '] }))).toBe(false);
    expect(tableAnswers(table('search_summary_txn_month'), req({ filters: { def_codes: ['L'] } }))).toBe(false);
  });

  it('serves the one-code-per-row DEF summary to single-code filters only', () => {
    const codes = table('search_summary_txn_defc_code_awarding_fy');
    const byAgency = (filters: object) => req({ dateResolution: 'none', columns: ['awarding_toptier_agency_code', 'awarding_toptier_agency_name'], filters: filters as never });
    expect(tableAnswers(codes, byAgency({ def_codes: ['Q'] }))).toBe(true);
    // Case, blanks and repeats are normalised as the filter compiler does: still one code.
    expect(tableAnswers(codes, byAgency({ def_codes: [' q', 'Q', ''], time_period: [FY] }))).toBe(true);
    // It keeps no award type.
    expect(tableAnswers(codes, byAgency({ def_codes: ['Q'], award_type_codes: ['02'] }))).toBe(false);
    // Two codes: a record holding both would be counted twice.
    expect(tableAnswers(codes, byAgency({ def_codes: ['Q', 'L'] }))).toBe(false);
    expect(tableAnswers(codes, byAgency({}))).toBe(false);
    // Not for the defc category: it counts a record that passes the filter under each of its codes.
    const defc = (filters: object) => req({ dateResolution: 'none', columns: ['disaster_emergency_fund_codes'], filters: filters as never, unnest: 'disaster_emergency_fund_codes' });
    expect(tableAnswers(codes, defc({ def_codes: ['Q'] }))).toBe(false);
    expect(tableAnswers(codes, defc({ def_codes: ['Q', 'L', 'M'] }))).toBe(false);
    // Only the toptier agency is kept.
    expect(tableAnswers(codes, req({ dateResolution: 'none', columns: ['awarding_subtier_agency_code'], filters: { def_codes: ['Q'] } }))).toBe(false);
    expect(tableAnswers(codes, byAgency({ def_codes: ['Q'], agencies: [{ type: 'awarding', tier: 'subtier', name: 'X' }] }))).toBe(false);
    expect(tableAnswers(codes, byAgency({ def_codes: ['Q'], agencies: [{ type: 'awarding', tier: 'toptier', name: 'X' }] }))).toBe(true);
    // Months are finer than its fiscal-year step dates.
    expect(tableAnswers(codes, req({ dateResolution: 'month', columns: ['awarding_toptier_agency_code'], filters: { def_codes: ['Q'] } }))).toBe(false);
  });
  it('serves recipient_id filters of every level from the summaries keeping the recipient only', () => {
    const recipient = table('search_summary_txn_recipient_fy');
    const hash = '6ab5ba3d-4e10-9671-342f-05b909c743e2';
    const overTime = (filters: object, dateResolution: PlanRequest['dateResolution'] = 'fiscal_year') => req({ dateResolution, filters: filters as never });
    for (const level of ['P', 'C', 'R']) {
      expect(tableAnswers(recipient, overTime({ recipient_id: `${hash}-${level}`, time_period: [FY] }))).toBe(true);
      expect(tableAnswers(recipient, overTime({ recipient_id: `${hash}-${level}` }))).toBe(true);
    }
    // The recipient category and the transaction count read only columns it keeps.
    expect(tableAnswers(recipient, req({ dateResolution: 'none', columns: ['recipient_hash', 'recipient_name', 'recipient_levels'], filters: { recipient_id: `${hash}-C` } }))).toBe(true);
    expect(tableAnswers(recipient, req({ dateResolution: 'none', columns: ['type'], filters: { recipient_id: `${hash}-P`, award_type_codes: ['A'] } }))).toBe(true);
    // Months are finer than its fiscal years; besides it only the filter pairs by recipient (0191) keep the
    // recipient columns (the planner then reads the smallest); awards have no recipient summary.
    expect(tableAnswers(recipient, overTime({ recipient_id: `${hash}-R` }, 'month'))).toBe(false);
    expect(SUMMARY_TABLES.filter((t) => tableAnswers(t, req({ dateResolution: 'none', columns: ['type'], filters: { recipient_id: `${hash}-R` } }))).map((t) => t.name)).toEqual([
      'search_summary_txn_recipient_fy',
      'search_summary_txn_awarding_recipient_fy',
      'search_summary_txn_pop_state_recipient_fy',
      'search_summary_txn_naics_recipient_fy',
      'search_summary_txn_awarding_recipient_all',
      'search_summary_txn_pop_state_recipient_all',
    ]);
    // A recipient filter with an agency filter: only the pair keeps both.
    expect(SUMMARY_TABLES.filter((t) => tableAnswers(t, req({
      dateResolution: 'none', columns: ['type'], filters: { recipient_id: `${hash}-R`, agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Defense' }] },
    }))).map((t) => t.name)).toEqual(['search_summary_txn_awarding_recipient_fy', 'search_summary_txn_awarding_recipient_all']);
    expect(tableAnswers(recipient, req({ level: 'awards', dateResolution: 'none', columns: ['type'], filters: { recipient_id: `${hash}-R` } }))).toBe(false);
  });

  it('serves a one-account-per-row summary only to queries grouping by the account', () => {
    const accounts = table('search_summary_txn_federal_account_fy');
    const request = (unnest?: string) => req({ dateResolution: 'none', columns: ['federal_account_ids'], filters: { time_period: [FY] }, unnest });
    expect(tableAnswers(accounts, request('federal_account_ids'))).toBe(true);
    expect(tableAnswers(accounts, request())).toBe(false);
    expect(tableAnswers(accounts, req({ dateResolution: 'none', columns: ['type'], filters: {} }))).toBe(false);
  });

  it('serves code and location filters from the summaries that keep the filtered columns', () => {
    const none = (columns: string[], filters: object) => req({ dateResolution: 'none', columns, filters: filters as never });
    const naics = table('search_summary_txn_naics_fy');
    expect(tableAnswers(naics, none(['naics_code'], { naics_codes: { require: ['541330'] } }))).toBe(true);
    expect(tableAnswers(naics, none(['naics_code'], { psc_codes: ['R425'] }))).toBe(false);
    expect(tableAnswers(table('search_summary_txn_psc_fy'), none(['product_or_service_code'], { psc_codes: ['R425'] }))).toBe(true);
    expect(tableAnswers(table('search_summary_txn_cfda_fy'), none(['cfda_number'], { program_numbers: ['10.001'] }))).toBe(true);
    const state = table('search_summary_txn_pop_state_fy');
    const county = table('search_summary_txn_pop_county_fy');
    const district = table('search_summary_txn_pop_district_fy');
    const atState = { place_of_performance_locations: [{ country: 'USA', state: 'CA' }] };
    const atCounty = { place_of_performance_locations: [{ country: 'USA', state: 'CA', county: '001' }] };
    expect(tableAnswers(state, none(['pop_state_code'], atState))).toBe(true);
    expect(tableAnswers(state, none(['pop_state_code'], atCounty))).toBe(false);
    expect(tableAnswers(county, none(['pop_state_code'], atCounty))).toBe(true);
    expect(tableAnswers(state, none(['pop_state_code'], { place_of_performance_locations: [{ country: 'USA', state: 'CA', city: 'X' }] }))).toBe(false);
    expect(tableAnswers(district, none(['pop_state_code'], { place_of_performance_locations: [{ country: 'USA', state: 'CA', district_current: '12' }] }))).toBe(true);
    expect(tableAnswers(district, none(['pop_state_code'], { place_of_performance_locations: [{ country: 'USA', state: 'CA', district_original: '12' }] }))).toBe(false);
    // A place of performance summary keeps no recipient location, and the other way round.
    expect(tableAnswers(state, none(['pop_state_code'], { recipient_locations: [{ country: 'USA', state: 'CA' }] }))).toBe(false);
    expect(tableAnswers(table('search_summary_txn_rloc_state_fy'), none(['recipient_location_state_code'], { recipient_locations: [{ country: 'USA', state: 'CA' }] }))).toBe(true);
  });
});

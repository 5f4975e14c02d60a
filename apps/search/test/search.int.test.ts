import { AWARD_TYPE_GROUPS, EARLIEST_DATE_MESSAGE } from '@usas/filters';
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { H1, H2, H3, seedSearchData } from './seed';

let h: Harness;
let agencyIds: Record<string, number>;
beforeAll(async () => {
  h = await startHarness();
  ({ agencyIds } = await seedSearchData(h.db.pool));
});
afterAll(async () => {
  await h.close();
});

const FY2020_2021 = [{ start_date: '2019-10-01', end_date: '2021-09-30' }];
const CONTRACTS = ['A', 'B', 'C', 'D'];
const post = (path: string, body: object) => h.http.post(`/api/v2/search/${path}`).send(body);

describe('spending_over_time', () => {
  it('sums transactions per fiscal year and category, with the upstream messages', async () => {
    const res = await post('spending_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.group).toBe('fiscal_year');
    expect(res.body.spending_level).toBe('transactions');
    expect(res.body.results).toEqual([
      {
        time_period: { fiscal_year: '2020' },
        aggregated_amount: 1800,
        Contract_Obligations: 1500,
        Direct_Obligations: 0,
        Grant_Obligations: 0,
        Idv_Obligations: 300,
        Loan_Obligations: 0,
        Other_Obligations: 0,
        total_outlays: null,
        Contract_Outlays: null,
        Direct_Outlays: null,
        Grant_Outlays: null,
        Idv_Outlays: null,
        Loan_Outlays: null,
        Other_Outlays: null,
      },
      expect.objectContaining({ time_period: { fiscal_year: '2021' }, aggregated_amount: 2025, Grant_Obligations: 2000, Loan_Obligations: 25 }),
    ]);
    expect(res.body.messages[0]).toBe(EARLIEST_DATE_MESSAGE);
    expect(res.body.messages).toContain(
      "The 'subawards' field will be deprecated in the future. Set 'spending_level' to 'subawards' instead. See documentation for more information.",
    );
  });

  it('zero-fills fiscal months (alias m) and keeps time_period values as strings', async () => {
    const res = await post('spending_over_time', { group: 'm', filters: { time_period: [{ start_date: '2019-10-01', end_date: '2020-09-30' }] } }).expect(200);
    expect(res.body.group).toBe('month');
    expect(res.body.results.map((r: { time_period: { month: string } }) => r.time_period.month)).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
    );
    expect(res.body.results.map((r: { aggregated_amount: number }) => r.aggregated_amount)).toEqual([0, 600, 300, 0, 0, 0, 400, 500, 0, 0, 0, 0]);
  });

  it('groups by fiscal quarter (q) and calendar year (cy)', async () => {
    const q = await post('spending_over_time/', { group: 'q', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(q.body.results.map((r: { time_period: object; aggregated_amount: number }) => [r.time_period, r.aggregated_amount])).toEqual([
      [{ fiscal_year: '2020', quarter: '1' }, 900],
      [{ fiscal_year: '2020', quarter: '2' }, 0],
      [{ fiscal_year: '2020', quarter: '3' }, 900],
      [{ fiscal_year: '2020', quarter: '4' }, 0],
      [{ fiscal_year: '2021', quarter: '1' }, 1500],
      [{ fiscal_year: '2021', quarter: '2' }, 525],
      [{ fiscal_year: '2021', quarter: '3' }, 0],
      [{ fiscal_year: '2021', quarter: '4' }, 0],
    ]);
    const cy = await post('spending_over_time/', { group: 'cy', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(cy.body.group).toBe('calendar_year');
    expect(cy.body.results.map((r: { time_period: object; aggregated_amount: number }) => [r.time_period, r.aggregated_amount])).toEqual([
      [{ calendar_year: '2019' }, 900],
      [{ calendar_year: '2020' }, 2400],
      [{ calendar_year: '2021' }, 525],
    ]);
  });

  it('sums award totals and outlays at spending_level awards', async () => {
    const res = await post('spending_over_time/', { spending_level: 'awards', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.spending_level).toBe('awards');
    expect(res.body.results[0]).toMatchObject({
      time_period: { fiscal_year: '2020' },
      aggregated_amount: 1800,
      Contract_Obligations: 1500,
      Idv_Obligations: 300,
      total_outlays: 400,
      Contract_Outlays: 400,
      Idv_Outlays: 0,
    });
    expect(res.body.results[1]).toMatchObject({ aggregated_amount: 2025, total_outlays: 1500, Grant_Outlays: 1500, Loan_Outlays: 0 });
  });

  it('sums subawards by subaward type with the deprecated subawards flag', async () => {
    const res = await post('spending_over_time/', { subawards: true, filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.spending_level).toBe('subawards');
    expect(res.body.results.map((r: { Contract_Obligations: number; Grant_Obligations: number }) => [r.Contract_Obligations, r.Grant_Obligations])).toEqual([
      [150, 0],
      [0, 200],
    ]);
  });

  it('filters by award type and agency', async () => {
    const res = await post('spending_over_time/', {
      filters: { time_period: FY2020_2021, award_type_codes: CONTRACTS, agencies: [{ type: 'awarding', tier: 'subtier', name: 'Quality Office' }] },
    }).expect(200);
    expect(res.body.results.map((r: { aggregated_amount: number }) => r.aggregated_amount)).toEqual([500, 0]);
  });

  it('rejects a period that ends before it starts, or starts before 2007-10-01, with 400', async () => {
    const a = await post('spending_over_time/', { filters: { time_period: [{ start_date: '2020-10-01', end_date: '2020-01-01' }] } }).expect(400);
    expect(a.body.detail).toMatch(/after end_date/);
    const b = await post('spending_over_time/', { filters: { time_period: [{ start_date: '2006-10-01', end_date: '2008-09-30' }] } }).expect(400);
    expect(b.body.detail).toMatch(/2007-10-01/);
  });

  it('rejects an unknown group (400) and a missing filters object (422)', async () => {
    await post('spending_over_time/', { group: 'decade', filters: {} }).expect(400);
    const res = await post('spending_over_time/', { group: 'fy' }).expect(422);
    expect(res.body.detail).toMatch(/filters/);
  });
});

describe('new_awards_over_time', () => {
  it('counts awards by the fiscal year of date_signed', async () => {
    const res = await post('new_awards_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.results).toEqual([
      { time_period: { fiscal_year: '2020' }, new_award_count_in_period: 3 },
      { time_period: { fiscal_year: '2021' }, new_award_count_in_period: 2 },
    ]);
    expect(res.body.messages).toEqual([EARLIEST_DATE_MESSAGE]);
  });

  it('counts one recipient per fiscal quarter, listing every quarter of the years', async () => {
    const res = await post('new_awards_over_time/', { group: 'quarter', filters: { time_period: FY2020_2021, recipient_id: `${H1}-C` } }).expect(200);
    expect(res.body.results).toHaveLength(8);
    expect(res.body.results.filter((r: { new_award_count_in_period: number }) => r.new_award_count_in_period > 0)).toEqual([
      { time_period: { fiscal_year: '2020', quarter: '1' }, new_award_count_in_period: 1 },
      { time_period: { fiscal_year: '2021', quarter: '1' }, new_award_count_in_period: 1 },
    ]);
  });

  it('requires time_period (422) and rejects a malformed recipient_id (400)', async () => {
    await post('new_awards_over_time/', { filters: { recipient_id: `${H1}-C` } }).expect(422);
    const res = await post('new_awards_over_time/', { filters: { time_period: FY2020_2021, recipient_id: 'nope' } }).expect(400);
    expect(res.body.detail).toMatch(/recipient_id/);
  });
});

describe('spending_by_category', () => {
  const category = (name: string, body: object = {}) =>
    post(`spending_by_category/${name}/`, { filters: { time_period: FY2020_2021 }, ...body }).expect(200);

  it('awarding_agency: toptier agencies with id, abbreviation and slug', async () => {
    const res = await category('awarding_agency');
    expect(res.body).toMatchObject({ category: 'awarding_agency', spending_level: 'transactions', limit: 10 });
    expect(res.body.page_metadata).toEqual({ page: 1, next: null, previous: null, hasNext: false, hasPrevious: false });
    expect(res.body.results).toEqual([
      { id: agencyIds.Z201, name: 'Agency of Examples', code: 'AOE', amount: 2025, total_outlays: null, agency_slug: null },
      { id: agencyIds.Z101, name: 'Department of Testing', code: 'DOT', amount: 1800, total_outlays: null, agency_slug: 'department-of-testing' },
    ]);
    expect(res.body.messages).toEqual([
      EARLIEST_DATE_MESSAGE,
      "'subawards' will be deprecated in the future. Set ‘spending_level’ to ‘subawards’ instead. See documentation for more information. ",
    ]);
  });

  it('awarding_subagency: subtiers with their toptier agency', async () => {
    const res = await category('awarding_subagency');
    expect(res.body.results).toEqual([
      {
        id: agencyIds.Z201,
        name: 'Example Service',
        code: 'ES',
        amount: 2025,
        total_outlays: null,
        subagency_slug: 'example-service',
        agency_id: agencyIds.Z02,
        agency_abbreviation: 'AOE',
        agency_name: 'Agency of Examples',
        agency_slug: 'agency-of-examples',
      },
      expect.objectContaining({ id: agencyIds.Z101, code: 'TB', amount: 1300, agency_name: 'Department of Testing' }),
      expect.objectContaining({ id: agencyIds.Z102, code: 'QO', amount: 500, agency_id: agencyIds.Z01 }),
    ]);
  });

  it('funding_agency and funding_subagency read the funding side', async () => {
    const top = await category('funding_agency');
    expect(top.body.results.map((r: { code: string; amount: number }) => [r.code, r.amount])).toEqual([
      ['AOE', 2525],
      ['DOT', 1300],
    ]);
    const sub = await category('funding_subagency');
    expect(sub.body.results.map((r: { code: string; amount: number }) => [r.code, r.amount])).toEqual([
      ['ES', 2525],
      ['TB', 1300],
    ]);
  });

  it('pages with limit and page, telling whether a next page exists', async () => {
    const first = await category('awarding_subagency', { limit: 2, page: 1 });
    expect(first.body.results.map((r: { code: string }) => r.code)).toEqual(['ES', 'TB']);
    expect(first.body.page_metadata).toEqual({ page: 1, next: 2, previous: null, hasNext: true, hasPrevious: false });
    const second = await category('awarding_subagency', { limit: 2, page: 2 });
    expect(second.body.results.map((r: { code: string }) => r.code)).toEqual(['QO']);
    expect(second.body.page_metadata).toEqual({ page: 2, next: null, previous: 1, hasNext: false, hasPrevious: true });
  });

  it('recipient (and the deprecated recipient_duns): name, DUNS, UEI and recipient id', async () => {
    const res = await category('recipient');
    expect(res.body.results).toEqual([
      { id: null, name: 'ACME CORPORATION', code: '111111111', uei: 'ACMEUEI00001', recipient_id: `${H1}-C`, amount: 3000, total_outlays: null },
      { id: null, name: 'BETA LLC', code: '222222222', uei: 'BETAUEI00002', recipient_id: `${H2}-R`, amount: 525, total_outlays: null },
    ]);
    const duns = await category('recipient_duns');
    expect(duns.body.category).toBe('recipient_duns');
    expect(duns.body.results).toEqual(res.body.results);
  });

  it('naics (with year_retired), psc and cfda name codes from the reference tables', async () => {
    const naics = await category('naics');
    expect(naics.body.results).toEqual([
      { id: null, name: 'Custom Computer Programming Services', code: '541511', amount: 1500, total_outlays: null, year_retired: null },
    ]);
    const psc = await category('psc');
    expect(psc.body.results).toEqual([{ id: null, name: 'IT AND TELECOM- SYSTEMS DEVELOPMENT', code: 'D302', amount: 1500, total_outlays: null }]);
    const cfda = await category('cfda');
    expect(cfda.body.results).toEqual([
      { id: expect.any(Number), name: 'Agricultural Research Basic and Applied Research', code: '10.001', amount: 2000, total_outlays: null },
    ]);
  });

  it('country, state_territory, county and district use the place of performance', async () => {
    const country = await category('country');
    expect(country.body.results).toEqual([
      { id: null, name: 'CANADA', code: 'CAN', amount: 2000, total_outlays: null },
      { id: null, name: 'UNITED STATES', code: 'USA', amount: 1825, total_outlays: null },
    ]);
    const state = await category('state_territory');
    expect(state.body.results).toEqual([
      { id: null, name: 'Virginia', code: 'VA', amount: 1325, total_outlays: null },
      { id: null, name: 'Maryland', code: 'MD', amount: 500, total_outlays: null },
    ]);
    const county = await category('county');
    expect(county.body.results).toEqual([
      { id: null, name: 'FAIRFAX COUNTY', code: '059', amount: 1325, total_outlays: null },
      { id: null, name: 'MONTGOMERY COUNTY', code: '031', amount: 500, total_outlays: null },
    ]);
    const district = await category('district');
    expect(district.body.results).toEqual([
      { id: null, name: 'VA-08', code: '08', amount: 1325, total_outlays: null },
      { id: null, name: 'MD-08', code: '08', amount: 500, total_outlays: null },
    ]);
  });

  it('defc counts COVID-19 codes only on or after their enactment date', async () => {
    const res = await category('defc');
    expect(res.body.results).toEqual([
      { id: null, name: 'Excluded from tracking', code: 'Q', amount: 500, total_outlays: null },
      { id: null, name: 'Emergency PL 116-136', code: 'L', amount: 400, total_outlays: null },
    ]);
  });

  it('federal_account groups by the awards’ federal accounts, and is 422 for subawards', async () => {
    const res = await category('federal_account');
    expect(res.body.results).toEqual([{ id: 9001, name: 'Testing Account', code: '999-0001', amount: 1000, total_outlays: null }]);
    const sub = await post('spending_by_category/federal_account/', { filters: {}, spending_level: 'subawards' }).expect(422);
    expect(sub.body.detail).toBe("Category 'federal_account' is not implemented when 'spending_level' is 'subawards'");
  });

  it('awards level sums award totals and outlays; subawards sum subaward amounts', async () => {
    const awards = await category('awarding_agency', { spending_level: 'awards' });
    expect(awards.body.results.map((r: { code: string; amount: number; total_outlays: number }) => [r.code, r.amount, r.total_outlays])).toEqual([
      ['AOE', 2025, 1500],
      ['DOT', 1800, 400],
    ]);
    const subs = await category('awarding_agency', { subawards: true });
    expect(subs.body.spending_level).toBe('subawards');
    expect(subs.body.results.map((r: { code: string; amount: number }) => [r.code, r.amount])).toEqual([
      ['AOE', 200],
      ['DOT', 150],
    ]);
  });

  it('the generic path takes the category from the body', async () => {
    const res = await post('spending_by_category/', { category: 'naics', filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.category).toBe('naics');
    expect(res.body.results[0]).toMatchObject({ code: '541511', amount: 1500 });
    await post('spending_by_category/', { category: 'tas', filters: {} }).expect(400);
    await post('spending_by_category/', { filters: {} }).expect(422);
  });

  it('reports unknown filters as not used, and rejects a bad limit or an unknown DEF code with 400', async () => {
    const res = await post('spending_by_category/naics', { filters: { time_period: FY2020_2021, shoe_size: [42] } }).expect(200);
    expect(res.body.messages[1]).toBe(
      "The following filters from the request were not used: {'shoe_size'}. See https://api.usaspending.gov/docs/endpoints for a list of appropriate filters",
    );
    await post('spending_by_category/naics/', { filters: {}, limit: 0 }).expect(400);
    await post('spending_by_category/naics/', { filters: {}, limit: 101 }).expect(400);
    const defc = await post('spending_by_category/naics/', { filters: { def_codes: ['XX'] } }).expect(400);
    expect(defc.body.detail).toMatch(/Unknown DEF code/);
  });
});

describe('spending_by_geography', () => {
  const geo = (body: object) => post('spending_by_geography/', { filters: { time_period: FY2020_2021 }, ...body }).expect(200);

  it('states of the place of performance, domestic by default, with population and per capita', async () => {
    const res = await geo({ scope: 'place_of_performance', geo_layer: 'state' });
    expect(res.body).toMatchObject({ scope: 'place_of_performance', geo_layer: 'state', spending_level: 'transactions' });
    expect(res.body.results).toEqual([
      { shape_code: 'VA', display_name: 'Virginia', aggregated_amount: 1325, population: 400, per_capita: 3.31 },
      { shape_code: 'MD', display_name: 'Maryland', aggregated_amount: 500, population: 200, per_capita: 2.5 },
    ]);
  });

  it('counties and districts use FIPS shape codes', async () => {
    const county = await geo({ scope: 'place_of_performance', geo_layer: 'county' });
    expect(county.body.results).toEqual([
      { shape_code: '51059', display_name: 'Fairfax County', aggregated_amount: 1325, population: 100, per_capita: 13.25 },
      { shape_code: '24031', display_name: 'Montgomery County', aggregated_amount: 500, population: 1000, per_capita: 0.5 },
    ]);
    const district = await geo({ scope: 'place_of_performance', geo_layer: 'district' });
    expect(district.body.results).toEqual([
      { shape_code: '5108', display_name: 'VA-08', aggregated_amount: 1325, population: 50, per_capita: 26.5 },
      { shape_code: '2408', display_name: 'MD-08', aggregated_amount: 500, population: 250, per_capita: 2 },
    ]);
  });

  it('countries include foreign places; geo_layer_filters keep the listed shapes', async () => {
    const res = await geo({ scope: 'place_of_performance', geo_layer: 'country' });
    expect(res.body.results).toEqual([
      { shape_code: 'CAN', display_name: 'Canada', aggregated_amount: 2000, population: 800, per_capita: 2.5 },
      { shape_code: 'USA', display_name: 'United States', aggregated_amount: 1825, population: 365, per_capita: 5 },
    ]);
    const only = await geo({ scope: 'place_of_performance', geo_layer: 'country', geo_layer_filters: ['USA'] });
    expect(only.body.results.map((r: { shape_code: string }) => r.shape_code)).toEqual(['USA']);
  });

  it('recipient_location scope and awards level (with total_outlays)', async () => {
    const res = await geo({ scope: 'recipient_location', geo_layer: 'state' });
    expect(res.body.results.map((r: { shape_code: string; aggregated_amount: number }) => [r.shape_code, r.aggregated_amount])).toEqual([
      ['VA', 2825],
      ['MD', 1000],
    ]);
    const awards = await geo({ scope: 'place_of_performance', geo_layer: 'state', spending_level: 'awards' });
    expect(awards.body.results).toEqual([
      { shape_code: 'VA', display_name: 'Virginia', aggregated_amount: 1325, population: 400, per_capita: 3.31, total_outlays: 400 },
      { shape_code: 'MD', display_name: 'Maryland', aggregated_amount: 500, population: 200, per_capita: 2.5, total_outlays: 0 },
    ]);
  });

  it('missing scope is 422, an unknown layer 400', async () => {
    await post('spending_by_geography/', { filters: {}, geo_layer: 'state' }).expect(422);
    await post('spending_by_geography/', { filters: {}, scope: 'place_of_performance', geo_layer: 'planet' }).expect(400);
  });
});

describe('spending_by_award', () => {
  it('repeats the award type group with the SQL copy of the groups (the baseline), in step with libs/filters', async () => {
    const expected = Object.entries(AWARD_TYPE_GROUPS).flatMap(([group, codes]) => codes.map((code) => [code, group]));
    const rows = await h.db.pool.any(sql.unsafe`
      SELECT code, award_type_group_of(code) AS award_type_group
      FROM unnest(${sql.array([...expected.map(([code]) => code!), 'X', 'IDV'], 'text')}) AS u(code)`);
    expect(Object.fromEntries(rows.map((r) => [r.code, r.award_type_group]))).toEqual({ ...Object.fromEntries(expected), X: null, IDV: null });
  });

  const fields = ['Award ID', 'Recipient Name', 'Award Amount', 'Awarding Agency', 'recipient_id', 'NAICS', 'Start Date'];

  it('lists contracts by Award Amount with the requested fields', async () => {
    const res = await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS, time_period: FY2020_2021 }, fields, sort: 'Award Amount' }).expect(200);
    expect(res.body.spending_level).toBe('awards');
    expect(res.body.limit).toBe(10);
    expect(res.body.results).toEqual([
      {
        internal_id: 1,
        generated_internal_id: 'CONT_AWD_PIIDONE_Z101',
        'Award ID': 'PIIDONE',
        'Recipient Name': 'ACME CORP',
        'Award Amount': 1000,
        'Awarding Agency': 'Department of Testing',
        awarding_agency_id: agencyIds.Z101,
        agency_slug: 'department-of-testing',
        recipient_id: `${H1}-C`,
        NAICS: { code: '541511', description: 'CUSTOM COMPUTER PROGRAMMING SERVICES' },
        'Start Date': '2019-11-15',
      },
      expect.objectContaining({ internal_id: 2, 'Award ID': 'PIIDTWO', 'Award Amount': 500, recipient_id: `${H2}-R`, 'Start Date': null }),
    ]);
    expect(res.body.page_metadata).toEqual({ page: 1, hasNext: false, last_record_unique_id: null, last_record_sort_value: 'None' });
  });

  it('pages sequentially with the search-after cursor', async () => {
    const body = { filters: { award_type_codes: CONTRACTS }, fields: ['Award ID', 'Award Amount'], sort: 'Award Amount', limit: 1 };
    const first = await post('spending_by_award/', body).expect(200);
    expect(first.body.results.map((r: { internal_id: number }) => r.internal_id)).toEqual([1]);
    expect(first.body.page_metadata).toEqual({ page: 1, hasNext: true, last_record_unique_id: 1, last_record_sort_value: '1000.00' });
    const second = await post('spending_by_award/', { ...body, last_record_unique_id: 1, last_record_sort_value: '1000.00' }).expect(200);
    expect(second.body.results.map((r: { internal_id: number }) => r.internal_id)).toEqual([2]);
    expect(second.body.page_metadata.hasNext).toBe(false);
    const asc = await post('spending_by_award/', { ...body, order: 'asc' }).expect(200);
    expect(asc.body.results.map((r: { internal_id: number }) => r.internal_id)).toEqual([2]);
  });

  it('lists other groups with their own fields (loans, IDVs, grants)', async () => {
    const loans = await post('spending_by_award/', { filters: { award_type_codes: ['07', '08'] }, fields: ['Award ID', 'Loan Value', 'Subsidy Cost', 'Award Amount'] }).expect(200);
    expect(loans.body.results).toEqual([
      { internal_id: 4, generated_internal_id: 'ASST_NON_LOAN4_Z201', 'Award ID': 'LOAN4', 'Loan Value': 10000, 'Subsidy Cost': 25, 'Award Amount': null },
    ]);
    const idvs = await post('spending_by_award/', { filters: { award_type_codes: ['IDV_A'] }, fields: ['Award ID', 'Last Date to Order', 'Contract Award Type'] }).expect(200);
    expect(idvs.body.results[0]).toMatchObject({ 'Award ID': 'IDVFIVE', 'Last Date to Order': '2024-12-01', 'Contract Award Type': 'GWAC' });
    const grants = await post('spending_by_award/', {
      filters: { award_type_codes: ['02', '03', '04', '05'] },
      fields: ['Award ID', 'CFDA Number', 'Assistance Listings', 'Primary Place of Performance'],
    }).expect(200);
    expect(grants.body.results[0]).toMatchObject({
      'Award ID': 'FAIN3',
      'CFDA Number': '10.001',
      'Assistance Listings': [{ cfda_number: '10.001', cfda_program_title: 'Agricultural Research' }],
      'Primary Place of Performance': expect.objectContaining({ location_country_code: 'CAN', country_name: 'CANADA' }),
    });
  });

  it('lists subawards (spending_level subawards)', async () => {
    const res = await post('spending_by_award/', {
      spending_level: 'subawards',
      filters: { award_type_codes: CONTRACTS },
      fields: ['Sub-Award ID', 'Sub-Award Amount', 'Prime Award ID', 'Sub-Awardee Name'],
    }).expect(200);
    expect(res.body.spending_level).toBe('subawards');
    expect(res.body.results).toEqual([
      {
        internal_id: 'SUB-2',
        prime_award_internal_id: 1,
        prime_award_generated_internal_id: 'CONT_AWD_PIIDONE_Z101',
        'Sub-Award ID': 'SUB-2',
        'Sub-Award Amount': 50,
        'Prime Award ID': 'PIIDONE',
        'Sub-Awardee Name': 'SUBCO SUB-2',
      },
      expect.objectContaining({ internal_id: 'SUB-1', 'Sub-Award Amount': 100 }),
    ]);
  });

  it('award types from two groups are 422 with a JSON message listing the groups', async () => {
    const res = await post('spending_by_award/', { filters: { award_type_codes: ['A', '04'] }, fields: ['Award ID'] }).expect(422);
    const detail = JSON.parse(res.body.detail);
    expect(detail.message).toBe("'award_type_codes' must only contain types from one group.");
    expect(detail.award_type_groups.contracts).toEqual({ A: 'BPA Call', B: 'Purchase Order', C: 'Delivery Order', D: 'Definitive Contract' });
    expect(Object.keys(detail.award_type_groups).sort()).toEqual(['contracts', 'direct_payments', 'grants', 'idvs', 'loans', 'other_financial_assistance']);
    const sub = await post('spending_by_award/', { subawards: true, filters: { award_type_codes: ['A', '04'] }, fields: ['Sub-Award ID'] }).expect(422);
    expect(Object.keys(JSON.parse(sub.body.detail).award_type_groups)).toEqual(['procurement', 'assistance']);
  });

  it('"no intersection" answers an empty page', async () => {
    const res = await post('spending_by_award/', { filters: { award_type_codes: ['no intersection'] }, fields: ['Award ID'] }).expect(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.page_metadata.hasNext).toBe(false);
  });

  it('asks for the cursor beyond 50,000 rows (422) and validates sort, cursor and required fields', async () => {
    const deep = await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS }, fields: ['Award ID'], page: 5001, limit: 10 }).expect(422);
    expect(deep.body.detail).toMatch(/last_record_sort_value/);
    const sort = await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS }, fields: ['Award ID'], sort: 'Loan Value' }).expect(400);
    expect(sort.body.detail).toMatch(/^Sort value 'Loan Value' not found in Contract Award mappings/);
    const notRequested = await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS }, fields: ['Award ID'], sort: 'Award Amount' }).expect(400);
    expect(notRequested.body.detail).toMatch(/not found in requested fields/);
    await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS }, fields: ['Award ID'], last_record_unique_id: 3 }).expect(400);
    await post('spending_by_award/', {
      filters: { award_type_codes: CONTRACTS },
      fields: ['Award Amount'],
      last_record_unique_id: 3,
      last_record_sort_value: 'lots',
    }).expect(400);
    await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS } }).expect(422);
    await post('spending_by_award/', { filters: {}, fields: ['Award ID'] }).expect(422);
    await post('spending_by_award/', { filters: { award_type_codes: ['ZZ'] }, fields: ['Award ID'] }).expect(400);
  });
});

describe('spending_by_award_count', () => {
  it('counts awards per group, and subawards per prime group', async () => {
    const res = await post('spending_by_award_count/', { filters: { time_period: FY2020_2021 } }).expect(200);
    expect(res.body.results).toEqual({ contracts: 2, direct_payments: 0, grants: 1, idvs: 1, loans: 1, other: 0 });
    expect(res.body.spending_level).toBe('awards');
    const subs = await post('spending_by_award_count', { filters: {}, spending_level: 'subawards' }).expect(200);
    expect(subs.body).toMatchObject({ results: { subcontracts: 2, subgrants: 1 }, spending_level: 'subawards' });
  });

  it('"no intersection" counts nothing', async () => {
    const res = await post('spending_by_award_count/', { filters: { award_type_codes: ['no intersection'] } }).expect(200);
    expect(res.body.results).toEqual({ contracts: 0, direct_payments: 0, grants: 0, idvs: 0, loans: 0, other: 0 });
  });
});

describe('transactions', () => {
  it('spending_by_transaction lists transactions by amount with the requested fields', async () => {
    const res = await post('spending_by_transaction/', {
      filters: { award_type_codes: CONTRACTS },
      fields: ['Award ID', 'Mod', 'Transaction Amount', 'Action Date', 'Recipient Name', 'awarding_agency_slug'],
      sort: 'Transaction Amount',
      limit: 2,
    }).expect(200);
    expect(res.body.results).toEqual([
      {
        'Award ID': 'PIIDONE',
        Mod: '0',
        'Transaction Amount': 600,
        'Action Date': '2019-11-15',
        'Recipient Name': 'ACME CORP',
        awarding_agency_slug: 'department-of-testing',
        internal_id: 1,
        generated_internal_id: 'CONT_AWD_PIIDONE_Z101',
      },
      expect.objectContaining({ 'Award ID': 'PIIDTWO', 'Transaction Amount': 500 }),
    ]);
    expect(res.body.page_metadata).toEqual({ page: 1, next: 2, previous: null, hasNext: true, hasPrevious: false });
    const asc = await post('spending_by_transaction/', {
      filters: { award_type_codes: CONTRACTS, keywords: ['ACME'] },
      fields: ['Mod', 'Action Date'],
      sort: 'Action Date',
      order: 'asc',
    }).expect(200);
    expect(asc.body.results.map((r: { Mod: string }) => r.Mod)).toEqual(['0', 'P00001']);
  });

  it('spending_by_transaction validates sort and award_type_codes', async () => {
    const res = await post('spending_by_transaction/', { filters: { award_type_codes: CONTRACTS }, fields: ['Mod'], sort: 'Action Date' }).expect(400);
    expect(res.body.detail).toBe('Sort value not found in fields: Action Date');
    await post('spending_by_transaction/', { filters: {}, fields: ['Mod'], sort: 'Mod' }).expect(422);
    await post('spending_by_transaction/', { filters: { award_type_codes: CONTRACTS }, fields: ['Shoe Size'], sort: 'Shoe Size' }).expect(400);
  });

  it('spending_by_transaction_grouped sums transactions per prime award', async () => {
    const res = await post('spending_by_transaction_grouped/', { filters: { award_type_codes: CONTRACTS } }).expect(200);
    expect(res.body.results).toEqual([
      { award_id: 'PIIDONE', transaction_count: 2, transaction_obligation: 1000, award_generated_internal_id: 'CONT_AWD_PIIDONE_Z101' },
      { award_id: 'PIIDTWO', transaction_count: 1, transaction_obligation: 500, award_generated_internal_id: 'CONT_AWD_PIIDTWO_Z102' },
    ]);
    const byCount = await post('spending_by_transaction_grouped/', { filters: { award_type_codes: CONTRACTS }, sort: 'transaction_count', order: 'asc', limit: 1 }).expect(200);
    expect(byCount.body.results.map((r: { award_id: string }) => r.award_id)).toEqual(['PIIDTWO']);
    expect(byCount.body.page_metadata.hasNext).toBe(true);
  });

  it('spending_by_transaction_count counts transactions per group', async () => {
    const res = await post('spending_by_transaction_count/', { filters: {} }).expect(200);
    expect(res.body.results).toEqual({ contracts: 3, direct_payments: 0, grants: 2, idvs: 1, loans: 1, other: 0 });
  });

  it('transaction_spending_summary totals the transactions matching a keyword', async () => {
    const res = await post('transaction_spending_summary/', { filters: { keyword: 'ACME' } }).expect(200);
    expect(res.body.results).toEqual({ prime_awards_obligation_amount: 3000, prime_awards_count: 4 });
    const many = await post('transaction_spending_summary', { filters: { keywords: ['PIIDTWO', 'FAIN3'] } }).expect(200);
    expect(many.body.results).toEqual({ prime_awards_obligation_amount: 2500, prime_awards_count: 3 });
    await post('transaction_spending_summary/', { filters: {} }).expect(422);
    await post('transaction_spending_summary/', { filters: { keyword: 'ab' } }).expect(400);
  });
});

describe('spending_by_subaward_grouped', () => {
  it('groups subawards by prime award', async () => {
    const res = await post('spending_by_subaward_grouped/', { filters: {} }).expect(200);
    expect(res.body.results).toEqual([
      { award_id: 'PIIDONE', subaward_count: 2, award_generated_internal_id: 'CONT_AWD_PIIDONE_Z101', subaward_obligation: 150 },
      { award_id: 'FAIN3', subaward_count: 1, award_generated_internal_id: 'ASST_NON_FAIN3_Z201', subaward_obligation: 200 },
    ]);
    const byAmount = await post('spending_by_subaward_grouped/', { filters: {}, sort: 'subaward_obligation', limit: 1 }).expect(200);
    expect(byAmount.body.results.map((r: { award_id: string }) => r.award_id)).toEqual(['FAIN3']);
    expect(byAmount.body.page_metadata.hasNext).toBe(true);
    await post('spending_by_subaward_grouped/', { filters: {}, sort: 'recipient' }).expect(400);
  });
});

describe('answers through the summary tables', () => {
  it('match the base-table answers once the summaries are refreshed', async () => {
    const requests: Array<[string, object]> = [
      ['spending_over_time/', { group: 'month', filters: { time_period: FY2020_2021 } }],
      ['spending_over_time/', { spending_level: 'awards', filters: { time_period: FY2020_2021 } }],
      ['spending_by_category/awarding_subagency/', { filters: { time_period: FY2020_2021, award_type_codes: CONTRACTS } }],
      ['spending_by_category/recipient/', { filters: { time_period: FY2020_2021 } }],
      ['spending_by_category/naics/', { filters: { time_period: FY2020_2021 } }],
      ['spending_by_geography/', { filters: { time_period: FY2020_2021 }, scope: 'place_of_performance', geo_layer: 'county' }],
      ['spending_by_geography/', { filters: { time_period: FY2020_2021 }, scope: 'recipient_location', geo_layer: 'state' }],
      ['spending_by_award_count/', { filters: { time_period: FY2020_2021 } }],
      ['spending_by_transaction_count/', { filters: { time_period: FY2020_2021 } }],
      ['spending_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021, recipient_id: `${H1}-C` } }],
      ['spending_over_time/', { group: 'fiscal_year', filters: { recipient_id: `${H3}-P` } }],
      ['spending_by_category/recipient/', { filters: { time_period: FY2020_2021, recipient_id: `${H2}-R` } }],
      ['spending_by_transaction_count/', { filters: { time_period: FY2020_2021, recipient_id: `${H1}-R` } }],
    ];
    const before = await Promise.all(requests.map(([path, body]) => post(path, body).expect(200)));
    await h.db.pool.query(sql.unsafe`SELECT refresh_search_summaries()`);
    const fresh = await h.db.pool.oneFirst(sql.unsafe`
      SELECT s.base_version = v.last_value FROM search_summary_state AS s, search_base_version AS v`);
    expect(fresh).toBe(true);
    const after = await Promise.all(requests.map(([path, body]) => post(path, body).expect(200)));
    after.forEach((res, i) => expect(res.body).toEqual(before[i]!.body));
  });

  it('answer recipient_id filters of every level with the same values once the summaries are fresh', async () => {
    await h.db.pool.query(sql.unsafe`SELECT refresh_search_summaries()`);
    const overTime = async (recipient_id: string) => {
      const res = await post('spending_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021, recipient_id } }).expect(200);
      return res.body.results.map((r: Record<string, unknown>) => [
        (r.time_period as { fiscal_year: string }).fiscal_year,
        r.aggregated_amount,
        r.Contract_Obligations,
        r.Grant_Obligations,
        r.Loan_Obligations,
      ]);
    };
    // ACME (H1) has a parent (UEI and hash H3): its records are level C, and P of its parent; BETA (H2) has none: R.
    expect(await overTime(`${H1}-C`)).toEqual([
      ['2020', 1000, 1000, 0, 0],
      ['2021', 2000, 0, 2000, 0],
    ]);
    expect(await overTime(`${H3}-P`)).toEqual(await overTime(`${H1}-C`));
    expect(await overTime(`${H2}-R`)).toEqual([
      ['2020', 500, 500, 0, 0],
      ['2021', 25, 0, 0, 25],
    ]);
    for (const empty of [`${H1}-R`, `${H1}-P`, `${H2}-C`, `${H3}-C`]) {
      expect({ empty, results: await overTime(empty) }).toEqual({ empty, results: [['2020', 0, 0, 0, 0], ['2021', 0, 0, 0, 0]] });
    }
    const category = await post('spending_by_category/recipient/', { filters: { time_period: FY2020_2021, recipient_id: `${H3}-P` } }).expect(200);
    expect(category.body.results).toEqual([
      { id: null, name: 'ACME CORPORATION', code: '111111111', uei: 'ACMEUEI00001', recipient_id: `${H1}-C`, amount: 3000, total_outlays: null },
    ]);
    const count = await post('spending_by_transaction_count/', { filters: { time_period: FY2020_2021, recipient_id: `${H2}-R` } }).expect(200);
    expect(count.body.results).toEqual(expect.objectContaining({ contracts: 1, loans: 1, grants: 0 }));
  });
});

describe('filters.award_amounts on transaction-level searches (the award amount of each transaction)', () => {
  // award amounts: 1 = 1,000 (A), 2 = 500 (D), 3 = 2,000 (04), 4 = 10,000 (loan face value), 5 = 300 (IDV_A)
  const SMALL = [{ upper_bound: 500 }];

  it('spending_by_category/* sums the transactions of the awards in range', async () => {
    const res = await post('spending_by_category/awarding_agency/', { filters: { time_period: FY2020_2021, award_amounts: SMALL } }).expect(200);
    expect(res.body.results).toEqual([
      { id: agencyIds.Z101, name: 'Department of Testing', code: 'DOT', amount: 800, total_outlays: null, agency_slug: 'department-of-testing' },
    ]);
    const big = await post('spending_by_category/awarding_agency/', { filters: { time_period: FY2020_2021, award_amounts: [{ lower_bound: 1000, upper_bound: 2000 }] } }).expect(200);
    expect(big.body.results.map((r: { code: string; amount: number }) => [r.code, r.amount])).toEqual([['AOE', 2000], ['DOT', 1000]]);
  });

  it('spending_over_time keeps only the transactions of those awards', async () => {
    const res = await post('spending_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021, award_amounts: [{ lower_bound: 5000 }] } }).expect(200);
    expect(res.body.results.map((r: { time_period: object; aggregated_amount: number; Loan_Obligations: number }) => [r.time_period, r.aggregated_amount, r.Loan_Obligations])).toEqual([
      [{ fiscal_year: '2020' }, 0, 0],
      [{ fiscal_year: '2021' }, 25, 25],
    ]);
  });

  it('spending_by_geography aggregates the same rows', async () => {
    const res = await post('spending_by_geography/', { scope: 'place_of_performance', geo_layer: 'state', filters: { time_period: FY2020_2021, award_amounts: SMALL } }).expect(200);
    expect(res.body.results.map((r: { shape_code: string; aggregated_amount: number }) => [r.shape_code, r.aggregated_amount])).toEqual([
      ['MD', 500],
      ['VA', 300],
    ]);
  });

  it('spending_by_transaction and its count list and count those transactions', async () => {
    const list = await post('spending_by_transaction/', {
      filters: { award_type_codes: [...CONTRACTS, 'IDV_A'], award_amounts: SMALL },
      fields: ['Award ID', 'Transaction Amount'],
      sort: 'Transaction Amount',
    }).expect(200);
    expect(list.body.results.map((r: { 'Award ID': string; 'Transaction Amount': number }) => [r['Award ID'], r['Transaction Amount']])).toEqual([
      ['PIIDTWO', 500],
      ['IDVFIVE', 300],
    ]);
    const count = await post('spending_by_transaction_count/', { filters: { award_amounts: [{ lower_bound: 1000, upper_bound: 2000 }] } }).expect(200);
    expect(count.body.results).toEqual({ contracts: 2, direct_payments: 0, grants: 2, idvs: 0, loans: 0, other: 0 });
    const grouped = await post('spending_by_transaction_grouped/', { filters: { award_type_codes: CONTRACTS, award_amounts: SMALL } }).expect(200);
    expect(grouped.body.results.map((r: { award_id: string }) => r.award_id)).toEqual(['PIIDTWO']);
  });
});

describe('filters.keyword means keywords: [keyword] on every search endpoint', () => {
  it('spending_by_transaction and its count', async () => {
    const list = await post('spending_by_transaction/', {
      filters: { award_type_codes: CONTRACTS, keyword: 'PIIDTWO' },
      fields: ['Award ID', 'Mod'],
      sort: 'Mod',
    }).expect(200);
    expect(list.body.results.map((r: { 'Award ID': string }) => r['Award ID'])).toEqual(['PIIDTWO']);
    const count = await post('spending_by_transaction_count/', { filters: { keyword: 'PIIDTWO' } }).expect(200);
    expect(count.body.results).toEqual({ contracts: 1, direct_payments: 0, grants: 0, idvs: 0, loans: 0, other: 0 });
    expect(count.body.messages).toEqual([EARLIEST_DATE_MESSAGE]);
  });

  it('award, category and time searches, added to any keywords', async () => {
    const awards = await post('spending_by_award/', { filters: { award_type_codes: CONTRACTS, keyword: 'PIIDONE' }, fields: ['Award ID'] }).expect(200);
    expect(awards.body.results.map((r: { 'Award ID': string }) => r['Award ID'])).toEqual(['PIIDONE']);
    const both = await post('spending_by_award_count/', { filters: { keywords: ['PIIDONE'], keyword: 'PIIDTWO' } }).expect(200);
    expect(both.body.results).toMatchObject({ contracts: 2 });
    const over = await post('spending_over_time/', { group: 'fiscal_year', filters: { time_period: FY2020_2021, keyword: 'PIIDTWO' } }).expect(200);
    expect(over.body.results.map((r: { aggregated_amount: number }) => r.aggregated_amount)).toEqual([500, 0]);
  });
});

describe('subagency categories answer the toptier abbreviation as a string', () => {
  it('is empty for a toptier agency without an abbreviation', async () => {
    await h.db.pool.query(sql.unsafe`UPDATE toptier_agency SET abbreviation = NULL WHERE toptier_code = 'Z02'`);
    await h.db.pool.query(sql.unsafe`UPDATE transaction_search SET awarding_toptier_agency_abbreviation = NULL WHERE awarding_toptier_agency_code = 'Z02'`);
    try {
      // a keyword keeps the query on the base table, which the updates changed
      const res = await post('spending_by_category/awarding_subagency/', { filters: { time_period: FY2020_2021, keywords: ['FAIN3'] } }).expect(200);
      expect(res.body.results).toEqual([
        expect.objectContaining({ code: 'ES', amount: 2000, agency_abbreviation: '', agency_name: 'Agency of Examples', agency_slug: 'agency-of-examples' }),
      ]);
    } finally {
      await h.db.pool.query(sql.unsafe`UPDATE toptier_agency SET abbreviation = 'AOE' WHERE toptier_code = 'Z02'`);
      await h.db.pool.query(sql.unsafe`UPDATE transaction_search SET awarding_toptier_agency_abbreviation = 'AOE' WHERE awarding_toptier_agency_code = 'Z02'`);
    }
  });
});

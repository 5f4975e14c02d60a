import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { seedReferenceFixtures } from './reference-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedReferenceFixtures(h.db.pool);
});
afterAll(async () => {
  await h.close();
});

const ACCOUNT_DATA_MESSAGE =
  'Account data powering this endpoint were first collected in FY2017 Q2 under the DATA Act; as such, there are no data available for prior fiscal years.';

describe('GET /api/v2/references/glossary/', () => {
  it('lists every term alphabetically on one default page', async () => {
    const res = await h.http.get('/api/v2/references/glossary/').expect(200);
    expect(res.body.page_metadata).toEqual({ page: 1, count: 8, next: null, previous: null, hasNext: false, hasPrevious: false });
    expect(res.body.results.map((t: { term: string }) => t.term)).toEqual([
      'Award',
      'Award Amount',
      'Award ID',
      'Award Type',
      'Awarding Agency',
      'budget authority',
      'Current Award Amount',
      'Obligation',
    ]);
    expect(res.body.results[6]).toEqual({
      term: 'Current Award Amount',
      slug: 'current-award-amount',
      data_act_term: '',
      plain: 'The current value.',
      official: '',
      resources: '',
    });
  });

  it('pages with limit and page', async () => {
    const second = await h.http.get('/api/v2/references/glossary?limit=3&page=2').expect(200);
    expect(second.body.page_metadata).toEqual({ page: 2, count: 8, next: 3, previous: 1, hasNext: true, hasPrevious: true });
    expect(second.body.results.map((t: { term: string }) => t.term)).toEqual(['Award Type', 'Awarding Agency', 'budget authority']);
    const beyond = await h.http.get('/api/v2/references/glossary/?limit=3&page=4').expect(200);
    expect(beyond.body).toEqual({ page_metadata: { page: 4, count: 8, next: null, previous: 3, hasNext: false, hasPrevious: true }, results: [] });
  });

  it('rejects out-of-range paging', async () => {
    await h.http.get('/api/v2/references/glossary/?limit=501').expect(400);
    await h.http.get('/api/v2/references/glossary/?page=0').expect(400);
  });
});

describe('GET /api/v2/references/toptier_agencies/ and /agency/{id}/', () => {
  const usda = {
    agency_id: 106,
    toptier_code: '012',
    abbreviation: 'USDA',
    agency_name: 'Department of Agriculture',
    congressional_justification_url: '',
    active_fy: '2021',
    active_fq: '4',
    outlay_amount: 350.1,
    obligated_amount: 500.25,
    budget_authority_amount: 1500.5,
    current_total_budget_authority_amount: 15000,
    percentage_of_total_budget_authority: 1500.5 / 15000,
    agency_slug: 'department-of-agriculture',
  };
  const dod = {
    agency_id: 101,
    toptier_code: '097',
    abbreviation: 'DOD',
    agency_name: 'Department of Defense',
    congressional_justification_url: 'https://comptroller.defense.gov/',
    active_fy: '2021',
    active_fq: '4',
    outlay_amount: 0,
    obligated_amount: 0,
    budget_authority_amount: 0,
    current_total_budget_authority_amount: 15000,
    percentage_of_total_budget_authority: 0,
    agency_slug: 'department-of-defense',
  };

  it('lists agencies with revealed submissions and the final File A figures of the latest period', async () => {
    const res = await h.http.get('/api/v2/references/toptier_agencies/').expect(200);
    expect(res.body).toEqual({ results: [usda, dod] });
  });

  it('sorts by any listed field in either direction', async () => {
    const byBudget = await h.http.get('/api/v2/references/toptier_agencies/?sort=budget_authority_amount&order=desc').expect(200);
    expect(byBudget.body.results.map((r: { toptier_code: string }) => r.toptier_code)).toEqual(['012', '097']);
    const byShare = await h.http.get('/api/v2/references/toptier_agencies?sort=percentage_of_total_budget_authority').expect(200);
    expect(byShare.body.results.map((r: { toptier_code: string }) => r.toptier_code)).toEqual(['097', '012']);
    await h.http.get('/api/v2/references/toptier_agencies/?sort=mission').expect(400);
    await h.http.get('/api/v2/references/toptier_agencies/?order=up').expect(400);
  });

  it('gives one agency overview with exact decimal strings', async () => {
    const expected = {
      results: {
        agency_name: 'Department of Agriculture',
        active_fy: '2021',
        active_fq: '4',
        outlay_amount: '350.10',
        obligated_amount: '500.25',
        budget_authority_amount: '1500.50',
        current_total_budget_authority_amount: '15000.00',
        mission: 'Feed people.',
        website: 'https://www.usda.gov/',
        icon_filename: 'USDA.jpg',
        congressional_justification_url: '',
      },
    };
    expect((await h.http.get('/api/v2/references/agency/106/').expect(200)).body).toEqual(expected);
    // Any agency id of the toptier agency (here the Forest Service) gives the toptier overview.
    expect((await h.http.get('/api/v2/references/agency/107').expect(200)).body).toEqual(expected);
  });

  it('shows the latest closed period with zero amounts for an agency without submissions', async () => {
    expect((await h.http.get('/api/v2/references/agency/103/').expect(200)).body).toEqual({
      results: {
        agency_name: 'Department of Homeland Security',
        active_fy: '2021',
        active_fq: '4',
        outlay_amount: '0.00',
        obligated_amount: '0.00',
        budget_authority_amount: '0.00',
        current_total_budget_authority_amount: '15000.00',
        mission: '',
        website: '',
        icon_filename: '',
        congressional_justification_url: '',
      },
    });
  });

  it('answers an unknown or malformed id with a JSON 4xx', async () => {
    expect((await h.http.get('/api/v2/references/agency/9999/').expect(404)).body.detail).toBe('No agency with id 9999.');
    await h.http.get('/api/v2/references/agency/abc/').expect(400);
  });
});

describe('GET /api/v2/references/submission_periods/', () => {
  it('lists revealed windows, latest first and monthly before quarterly', async () => {
    const res = await h.http.get('/api/v2/references/submission_periods/').expect(200);
    const periods = res.body.available_periods as Array<{ submission_fiscal_month: number; is_quarter: boolean }>;
    expect(periods.map((p) => [p.submission_fiscal_month, p.is_quarter])).toEqual([
      [12, false],
      [12, true],
      [9, false],
      [9, true],
    ]);
    expect(periods[0]).toEqual({
      period_start_date: '2021-09-01T00:00:00Z',
      period_end_date: '2021-09-30T00:00:00Z',
      submission_start_date: '2021-10-19T00:00:00Z',
      submission_due_date: '2021-11-16T00:00:00Z',
      certification_due_date: '2021-11-16T00:00:00Z',
      submission_reveal_date: '2021-11-16T00:00:00Z',
      submission_fiscal_year: 2021,
      submission_fiscal_quarter: 4,
      submission_fiscal_month: 12,
      is_quarter: false,
    });
    const cached = await h.http.get('/api/v2/references/submission_periods?use_cache=true').expect(200);
    expect(cached.body).toEqual(res.body);
    await h.http.get('/api/v2/references/submission_periods/?use_cache=maybe').expect(400);
  });
});

describe('GET /api/v2/references/naics/', () => {
  it('lists sectors with their number of 6-digit codes', async () => {
    expect((await h.http.get('/api/v2/references/naics/').expect(200)).body).toEqual({
      results: [
        { naics: '11', naics_description: 'Agriculture, Forestry, Fishing and Hunting', year_retired: null, count: 3 },
        { naics: '31', naics_description: 'Manufacturing', year_retired: null, count: 2 },
      ],
    });
  });

  it('nests description matches under their ancestors', async () => {
    const res = await h.http.get('/api/v2/references/naics/?filter=soybean').expect(200);
    expect(res.body.results.map((s: { naics: string; children: Array<{ naics: string; children: Array<{ naics: string }> }> }) => [
      s.naics,
      s.children.map((g) => [g.naics, g.children.map((c) => c.naics)]),
    ])).toEqual([
      ['11', [['1111', ['111110', '111120']]]],
      ['31', [['3112', ['311222', '311224']]]],
    ]);
    const group = await h.http.get('/api/v2/references/naics/?filter=vegetable').expect(200);
    expect(group.body.results[0].children).toEqual([
      { naics: '1112', naics_description: 'Vegetable and Melon Farming', year_retired: null, count: 1, children: [] },
    ]);
  });

  it('returns one code with its children two digits deeper', async () => {
    const sector = await h.http.get('/api/v2/references/naics/11/').expect(200);
    expect(sector.body.results[0].children.map((c: { naics: string; count: number }) => [c.naics, c.count])).toEqual([
      ['1111', 2],
      ['1112', 1],
    ]);
    expect((await h.http.get('/api/v2/references/naics/1112').expect(200)).body).toEqual({
      results: [
        {
          naics: '1112',
          naics_description: 'Vegetable and Melon Farming',
          year_retired: null,
          count: 1,
          children: [{ naics: '111211', naics_description: 'Potato Farming', year_retired: 2017, count: 0 }],
        },
      ],
    });
    expect((await h.http.get('/api/v2/references/naics/111110/').expect(200)).body).toEqual({
      results: [{ naics: '111110', naics_description: 'Soybean Farming', year_retired: null, count: 0 }],
    });
    expect((await h.http.get('/api/v2/references/naics/99/').expect(200)).body).toEqual({ results: [] });
    await h.http.get('/api/v2/references/naics/abc/').expect(400);
  });
});

describe('GET /api/v2/references/award_types/', () => {
  it('groups the award type codes', async () => {
    expect((await h.http.get('/api/v2/references/award_types/').expect(200)).body).toEqual({
      contracts: { A: 'BPA Call', B: 'Purchase Order', C: 'Delivery Order', D: 'Definitive Contract' },
      loans: { '07': 'Direct Loan', '08': 'Guaranteed/Insured Loan' },
      idvs: {
        IDV_A: 'GWAC Government Wide Acquisition Contract',
        IDV_B: 'IDC Multi-Agency Contract, Other Indefinite Delivery Contract',
        IDV_B_A: 'IDC Indefinite Delivery Contract / Requirements',
        IDV_B_B: 'IDC Indefinite Delivery Contract / Indefinite Quantity',
        IDV_B_C: 'IDC Indefinite Delivery Contract / Definite Quantity',
        IDV_C: 'FSS Federal Supply Schedule',
        IDV_D: 'BOA Basic Ordering Agreement',
        IDV_E: 'BPA Blanket Purchase Agreement',
      },
      grants: { '02': 'Block Grant', '03': 'Formula Grant', '04': 'Project Grant', '05': 'Cooperative Agreement' },
      other_financial_assistance: { '09': 'Insurance', '11': 'Other Financial Assistance', '-1': 'Not Specified' },
      direct_payments: { '06': 'Direct Payment for Specified Use', '10': 'Direct Payment with Unrestricted Use' },
    });
  });
});

describe('GET /api/v2/references/cfda/totals/', () => {
  it('counts each program’s awards by where their period of performance stands', async () => {
    expect((await h.http.get('/api/v2/references/cfda/totals/').expect(200)).body).toEqual({
      results: [
        { cfda: '10.001', posted: 2, closed: 1, archived: 1, forecasted: 1 },
        { cfda: '10.500', posted: 0, closed: 0, archived: 0, forecasted: 0 },
        { cfda: '93.778', posted: 1, closed: 0, archived: 0, forecasted: 0 },
      ],
    });
  });

  it('answers one program, and 404 for an unknown one', async () => {
    expect((await h.http.get('/api/v2/references/cfda/totals/10.001/').expect(200)).body).toEqual({
      cfda: '10.001',
      posted: 2,
      closed: 1,
      archived: 1,
      forecasted: 1,
    });
    expect((await h.http.get('/api/v2/references/cfda/totals/12.345').expect(404)).body.detail).toBe("No grant records found for '12.345'.");
  });
});

describe('GET /api/v2/references/total_budgetary_resources/', () => {
  it('sums GTAS total budgetary resources per fiscal year and period, latest first', async () => {
    expect((await h.http.get('/api/v2/references/total_budgetary_resources/').expect(200)).body).toEqual({
      results: [
        { fiscal_year: 2021, fiscal_period: 12, total_budgetary_resources: 15000 },
        { fiscal_year: 2021, fiscal_period: 11, total_budgetary_resources: 14000 },
        { fiscal_year: 2020, fiscal_period: 12, total_budgetary_resources: 12000 },
        { fiscal_year: 2017, fiscal_period: 6, total_budgetary_resources: 9000.5 },
      ],
      messages: [ACCOUNT_DATA_MESSAGE],
    });
  });

  it('narrows to a fiscal year or one of its periods', async () => {
    const year = await h.http.get('/api/v2/references/total_budgetary_resources/?fiscal_year=2021').expect(200);
    expect(year.body.results.map((r: { fiscal_period: number }) => r.fiscal_period)).toEqual([12, 11]);
    expect(year.body.messages).toEqual([]);
    expect((await h.http.get('/api/v2/references/total_budgetary_resources?fiscal_year=2021&fiscal_period=11').expect(200)).body).toEqual({
      results: [{ fiscal_year: 2021, fiscal_period: 11, total_budgetary_resources: 14000 }],
      messages: [],
    });
  });

  it('rejects a period without a year and out-of-range values', async () => {
    const res = await h.http.get('/api/v2/references/total_budgetary_resources/?fiscal_period=6').expect(400);
    expect(res.body.detail).toBe('fiscal_period was provided without fiscal_year.');
    await h.http.get('/api/v2/references/total_budgetary_resources/?fiscal_year=2016').expect(400);
    await h.http.get('/api/v2/references/total_budgetary_resources/?fiscal_year=2021&fiscal_period=1').expect(400);
  });
});

describe('cached answers follow the data', () => {
  it('shows a new glossary term and new GTAS figures within about a second', async () => {
    await h.http.get('/api/v2/references/glossary/').expect(200);
    await h.http.get('/api/v2/references/toptier_agencies/').expect(200);
    await h.db.pool.query(sql.unsafe`INSERT INTO glossary (term, slug, plain) VALUES ('Outlay', 'outlay', 'Money paid out.')`);
    await h.db.pool.query(sql.unsafe`
      INSERT INTO gtas_sf133_balances (fiscal_year, fiscal_period, treasury_account_identifier, total_budgetary_resources_cpe)
      VALUES (2021, 12, 4, 15000.00)`);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const glossary = await h.http.get('/api/v2/references/glossary/').expect(200);
    expect(glossary.body.page_metadata.count).toBe(9);
    const agencies = await h.http.get('/api/v2/references/toptier_agencies/').expect(200);
    expect(agencies.body.results[0]).toMatchObject({ toptier_code: '012', current_total_budget_authority_amount: 30000 });
  });
});

/**
 * Consumer contract of the SDK for the disaster endpoints. Writes contracts/usas-sdk-usas-search-disaster.json,
 * which apps/search verifies (apps/search/test/disaster-pact.verify.int.test.ts) against its hand-made account rows
 * (apps/search/test/disaster-seed.ts). A contract of its own: those rows replace the account tables and awards the
 * search rows use.
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, integer, number, string, nullValue, boolean, like } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-search-disaster',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'disaster account rows are loaded';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Registers one POST interaction and checks the SDK call against the mock. */
async function interaction(name: string, apiPath: string, body: Record<string, unknown>, response: Record<string, unknown>, check: (data: unknown) => void) {
  provider
    .given(STATE)
    .uponReceiving(name)
    .withRequest({ method: 'POST', path: apiPath, headers: JSON_HEADERS, body })
    .willRespondWith({ status: 200, headers: { 'Content-Type': 'application/json' }, body: response });
  await executeSettled(provider, async (mock) => {
    // One generic helper for many paths: the typed per-path signature is checked by the overview test.
    const post = createSpendingClient(mock.url).POST as unknown as (p: string, o: { body: unknown }) => Promise<{ data?: unknown; error?: unknown }>;
    const { data, error } = await post(apiPath, { body });
    expect(error).toBeUndefined();
    check(data);
  });
}

describe('SDK contract with the search app: disaster', () => {
  it('overview', async () => {
    provider
      .given(STATE)
      .uponReceiving('a request for the disaster overview of two DEF codes')
      .withRequest({ method: 'GET', path: '/api/v2/disaster/overview/', query: { def_codes: 'L,M' } })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: {
          funding: eachLike({ def_code: string('L'), amount: number(2200.5) }),
          total_budget_authority: number(2600.5),
          spending: {
            award_obligations: number(700.25),
            award_outlays: number(94),
            total_obligations: number(1070),
            total_outlays: number(434),
          },
        },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url, { querySerializer: { array: { style: 'form', explode: false } } });
      const { data, error } = await api.GET('/api/v2/disaster/overview/', { params: { query: { def_codes: ['L', 'M'] } } });
      expect(error).toBeUndefined();
      expect(data?.funding[0]?.def_code).toBe('L');
    });
  });

  it('def_code/count', async () => {
    await interaction('a count of funded DEF codes', '/api/v2/disaster/def_code/count/', { filter: { def_codes: ['L', 'M', 'N'] } }, { count: integer(2) }, (data) =>
      expect(data).toEqual({ count: 2 }),
    );
  });

  it('award/amount', async () => {
    await interaction(
      'the award amounts of loans funded by two DEF codes',
      '/api/v2/disaster/award/amount/',
      { filter: { def_codes: ['L', 'M'], award_type_codes: ['07', '08'] } },
      { award_count: integer(1), obligation: number(340), outlay: number(34), face_value_of_loan: number(5000) },
      (data) => expect(data).toEqual({ award_count: 1, obligation: 340, outlay: 34, face_value_of_loan: 5000 }),
    );
  });

  it('agency/spending', async () => {
    await interaction(
      'a page of agencies by award spending of two DEF codes',
      '/api/v2/disaster/agency/spending/',
      { filter: { def_codes: ['L', 'M'] }, spending_type: 'award', pagination: { limit: 10, page: 1, sort: 'obligation', order: 'desc' } },
      {
        totals: { award_count: integer(4), obligation: number(700.25), outlay: number(94) },
        results: eachLike({
          id: string('9002'),
          code: string('Z92'),
          description: string('Disaster Test Agency'),
          children: like([]),
          award_count: integer(3),
          obligation: number(600),
          outlay: number(84),
          total_budgetary_resources: nullValue(),
        }),
        page_metadata: { page: integer(1), next: nullValue(), previous: nullValue(), hasNext: boolean(false), hasPrevious: boolean(false), total: integer(2), limit: integer(10) },
      },
      (data) => expect((data as { totals: { award_count: number } }).totals.award_count).toBe(4),
    );
  });

  const PAGE = { page: integer(1), next: nullValue(), previous: nullValue(), hasNext: boolean(false), hasPrevious: boolean(false), total: integer(2), limit: integer(10) };
  const LOAN_TOTALS = { award_count: integer(1), face_value_of_loan: number(5000), obligation: number(340), outlay: number(34) };
  const loanResult = { id: string('9002'), code: string('Z92'), description: string('Disaster Test Agency'), children: like([]), award_count: integer(1), obligation: number(340), outlay: number(34), face_value_of_loan: number(5000) };

  it('agency/loans', async () => {
    await interaction('a page of agencies by loan spending of two DEF codes', '/api/v2/disaster/agency/loans/', { filter: { def_codes: ['L', 'M'] } }, { totals: LOAN_TOTALS, results: eachLike(loanResult), page_metadata: { ...PAGE, total: integer(1) } }, (data) =>
      expect((data as { totals: { face_value_of_loan: number } }).totals.face_value_of_loan).toBe(5000),
    );
  });

  it('federal_account/spending', async () => {
    await interaction(
      'a page of federal accounts by total spending of two DEF codes',
      '/api/v2/disaster/federal_account/spending/',
      // The first two accounts (the third has no GTAS row, so a null total_budgetary_resources).
      { filter: { def_codes: ['L', 'M'] }, spending_type: 'total', pagination: { sort: 'id', order: 'asc', limit: 2 } },
      {
        totals: { obligation: number(550), outlay: number(100), total_budgetary_resources: number(2600.5) },
        results: eachLike({
          id: integer(90001),
          code: string('991-0001'),
          description: string('Relief'),
          children: eachLike({ id: integer(900001), code: string('DISASTER-TEST-900001'), description: string(''), award_count: nullValue(), obligation: number(500), outlay: number(100), total_budgetary_resources: number(2200.5) }),
          award_count: nullValue(),
          obligation: number(500),
          outlay: number(100),
          total_budgetary_resources: number(2200.5),
        }),
        page_metadata: { ...PAGE, next: integer(2), hasNext: boolean(true), total: integer(3), limit: integer(2) },
      },
      (data) => expect((data as { results: { id: number }[] }).results[0]?.id).toBe(90001),
    );
  });

  it('federal_account/loans', async () => {
    await interaction('a page of federal accounts by loan spending', '/api/v2/disaster/federal_account/loans/', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'id', order: 'desc' } }, { totals: LOAN_TOTALS, results: eachLike({ ...loanResult, id: string('90003'), code: string('992-0003'), description: string('Grants') }), page_metadata: PAGE }, (data) =>
      expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  it('object_class/spending', async () => {
    await interaction(
      'a page of major object classes by award spending',
      '/api/v2/disaster/object_class/spending/',
      { filter: { def_codes: ['L', 'M'] }, spending_type: 'award' },
      {
        totals: { award_count: integer(4), obligation: number(700.25), outlay: number(94) },
        results: eachLike({ id: string('9Z'), code: string('9Z'), description: string('Test major Z'), children: eachLike({ id: string('X93'), code: string('X93'), description: string('Test X93'), award_count: integer(1), obligation: number(1), outlay: number(1) }), award_count: integer(1), obligation: number(1), outlay: number(1) }),
        page_metadata: PAGE,
      },
      (data) => expect((data as { totals: { award_count: number } }).totals.award_count).toBe(4),
    );
  });

  it('object_class/loans', async () => {
    await interaction('a page of major object classes by loan spending', '/api/v2/disaster/object_class/loans/', { filter: { def_codes: ['L', 'M'] } }, { totals: LOAN_TOTALS, results: eachLike({ ...loanResult, id: string('9Z'), code: string('9Z'), description: string('Test major Z') }), page_metadata: PAGE }, (data) =>
      expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  const cfdaResult = {
    id: string('99002'),
    code: string('10.002'),
    description: string('Disaster Loans'),
    award_count: integer(1),
    obligation: number(340),
    outlay: number(34),
    resource_link: nullValue(),
    cfda_federal_agency: string('Disaster Test Agency'),
    cfda_objectives: string('Loans'),
    cfda_website: nullValue(),
    applicant_eligibility: string('Firms'),
    beneficiary_eligibility: string('Firms'),
  };

  it('cfda/spending', async () => {
    await interaction('a page of assistance listings by award spending', '/api/v2/disaster/cfda/spending/', { filter: { def_codes: ['L', 'M'], query: 'loans' }, spending_type: 'award', pagination: { sort: 'code', order: 'desc' } }, { totals: { award_count: integer(3), obligation: number(1), outlay: number(1) }, results: eachLike(cfdaResult), page_metadata: { ...PAGE, total: integer(3) } }, (data) =>
      expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  it('cfda/loans', async () => {
    await interaction('a page of assistance listings by loan spending', '/api/v2/disaster/cfda/loans/', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'code', order: 'desc' } }, { totals: LOAN_TOTALS, results: eachLike({ ...cfdaResult, face_value_of_loan: number(5000) }), page_metadata: PAGE }, (data) =>
      expect((data as { totals: { face_value_of_loan: number } }).totals.face_value_of_loan).toBe(5000),
    );
  });

  const recipientResult = { id: eachLike(string('91111111-1111-4111-8111-111111111111-C')), code: string('ZZALPHA00001'), description: string('ALPHA RELIEF INC'), award_count: integer(2), obligation: number(1), outlay: number(1) };

  it('recipient/spending', async () => {
    await interaction('a page of recipients by award spending', '/api/v2/disaster/recipient/spending/', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'description', order: 'asc' } }, { totals: { award_count: integer(3), obligation: number(1), outlay: number(1) }, results: eachLike(recipientResult), page_metadata: PAGE }, (data) =>
      expect((data as { results: { description: string }[] }).results[0]?.description).toBe('ALPHA RELIEF INC'),
    );
  });

  it('recipient/loans', async () => {
    await interaction('a page of recipients by loan spending', '/api/v2/disaster/recipient/loans/', { filter: { def_codes: ['L', 'M'] }, pagination: { sort: 'description', order: 'asc' } }, { totals: LOAN_TOTALS, results: eachLike({ ...recipientResult, award_count: integer(1), face_value_of_loan: number(5000) }), page_metadata: PAGE }, (data) =>
      expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  it('spending_by_geography', async () => {
    await interaction(
      'award obligations of two DEF codes per state of the recipients',
      '/api/v2/disaster/spending_by_geography/',
      { filter: { def_codes: ['L', 'M'] }, geo_layer: 'state', scope: 'recipient_location', spending_type: 'obligation' },
      {
        geo_layer: string('state'),
        scope: string('recipient_location'),
        spending_type: string('obligation'),
        results: eachLike({ shape_code: string('ZA'), display_name: string('Zeta Alpha'), amount: number(440.25), population: integer(1000), per_capita: number(0.44), award_count: integer(2) }),
      },
      (data) => expect((data as { geo_layer: string }).geo_layer).toBe('state'),
    );
  });

  // The counts of the provider's rows for L and M (apps/search/test/disaster.int.test.ts derives them).
  const COUNTS = { agency: 2, award: 4, cfda: 2, federal_account: 2, object_class: 2, recipient: 2 };
  for (const [kind, n] of Object.entries(COUNTS)) {
    it(`${kind}/count`, async () => {
      await interaction(`a count of ${kind} rows funded by two DEF codes`, `/api/v2/disaster/${kind}/count/`, { filter: { def_codes: ['L', 'M'] } }, { count: integer(n) }, (data) =>
        expect(data).toEqual({ count: n }),
      );
    });
  }
});

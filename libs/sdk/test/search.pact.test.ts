/**
 * Consumer contract of the SDK for every advanced search endpoint. Writes contracts/usas-sdk-usas-search.json,
 * which apps/search verifies (apps/search/test/pact.verify.int.test.ts) against its hand-made search rows.
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, like, regex, string, integer, number, nullValue, boolean } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-search',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'search rows are loaded';
const FY2020_2021 = [{ start_date: '2019-10-01', end_date: '2021-09-30' }];
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const messages = eachLike(string('For searches, time period start and end dates are currently limited to an earliest date of 2007-10-01.'));
const pageMetadata = { page: integer(1), next: like(null), previous: like(null), hasNext: boolean(false), hasPrevious: boolean(false) };

/** Registers one POST interaction and checks the SDK call against the mock. */
async function interaction(name: string, apiPath: string, body: Record<string, unknown>, response: Record<string, unknown>, check: (data: unknown) => void) {
  provider
    .given(STATE)
    .uponReceiving(name)
    .withRequest({ method: 'POST', path: apiPath, headers: JSON_HEADERS, body })
    .willRespondWith({ status: 200, headers: { 'Content-Type': 'application/json' }, body: response });
  await executeSettled(provider, async (mock) => {
    // One generic helper for many paths: the typed per-path signature is checked by the other SDK tests.
    const post = createSpendingClient(mock.url).POST as unknown as (p: string, o: { body: unknown }) => Promise<{ data?: unknown; error?: unknown }>;
    const { data, error } = await post(apiPath, { body });
    expect(error).toBeUndefined();
    check(data);
  });
}

describe('SDK contract with the search app', () => {
  it('spending_over_time', async () => {
    await interaction(
      'a request for spending over time by fiscal year',
      '/api/v2/search/spending_over_time/',
      { group: 'fiscal_year', filters: { time_period: FY2020_2021 } },
      {
        group: 'fiscal_year',
        spending_level: 'transactions',
        results: eachLike({
          time_period: { fiscal_year: regex('^\\d{4}$', '2020') },
          aggregated_amount: number(1800.0),
          Contract_Obligations: number(1500.0),
          Direct_Obligations: like(0),
          Grant_Obligations: like(0),
          Idv_Obligations: like(300),
          Loan_Obligations: like(0),
          Other_Obligations: like(0),
          total_outlays: nullValue(),
          Contract_Outlays: nullValue(),
          Direct_Outlays: nullValue(),
          Grant_Outlays: nullValue(),
          Idv_Outlays: nullValue(),
          Loan_Outlays: nullValue(),
          Other_Outlays: nullValue(),
        }),
        messages,
      },
      (data) => expect((data as { results: Array<{ time_period: { fiscal_year: string } }> }).results[0]!.time_period.fiscal_year).toBe('2020'),
    );
  });

  it('new_awards_over_time', async () => {
    await interaction(
      'a request for new awards per fiscal year',
      '/api/v2/search/new_awards_over_time/',
      { group: 'fiscal_year', filters: { time_period: FY2020_2021 } },
      { group: 'fiscal_year', results: eachLike({ time_period: { fiscal_year: string('2020') }, new_award_count_in_period: integer(3) }), messages },
      (data) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  it('spending_by_award and spending_by_award_count', async () => {
    await interaction(
      'a request for contracts sorted by award amount',
      '/api/v2/search/spending_by_award/',
      { filters: { award_type_codes: ['A', 'B', 'C', 'D'] }, fields: ['Award ID', 'Recipient Name', 'Award Amount'], sort: 'Award Amount', limit: 1 },
      {
        spending_level: 'awards',
        limit: integer(1),
        results: eachLike({
          internal_id: integer(1),
          generated_internal_id: string('CONT_AWD_PIIDONE_Z101'),
          'Award ID': string('PIIDONE'),
          'Recipient Name': string('ACME CORP'),
          'Award Amount': number(1000.0),
        }),
        page_metadata: { page: integer(1), hasNext: boolean(true), last_record_unique_id: integer(1), last_record_sort_value: string('1000.00') },
        messages,
      },
      (data) => expect((data as { page_metadata: { hasNext: boolean } }).page_metadata.hasNext).toBe(true),
    );
    await interaction(
      'a request for award counts per type group',
      '/api/v2/search/spending_by_award_count/',
      { filters: { time_period: FY2020_2021 } },
      {
        results: { contracts: integer(2), direct_payments: integer(0), grants: integer(1), idvs: integer(1), loans: integer(1), other: integer(0) },
        spending_level: 'awards',
        messages,
      },
      (data) => expect((data as { results: { contracts: number } }).results.contracts).toBe(2),
    );
  });

  it('spending_by_category (generic path)', async () => {
    await interaction(
      'a request for the top NAICS codes through the generic category path',
      '/api/v2/search/spending_by_category/',
      { category: 'naics', filters: { time_period: FY2020_2021 } },
      {
        category: 'naics',
        spending_level: 'transactions',
        limit: integer(10),
        page_metadata: pageMetadata,
        results: eachLike({ id: nullValue(), name: string('Custom Computer Programming Services'), code: string('541511'), amount: number(1500.0), total_outlays: nullValue() }),
        messages,
      },
      (data) => expect((data as { category: string }).category).toBe('naics'),
    );
  });

  // With limit 1 only the top row of each category is compared; these are its fields beyond the common ones.
  const subagency = {
    subagency_slug: string('example-service'),
    agency_id: integer(2),
    agency_abbreviation: string('AOE'),
    agency_name: string('Agency of Examples'),
    agency_slug: string('agency-of-examples'),
  };
  const recipient = { recipient_id: string('11111111-1111-4111-8111-111111111111-C'), uei: string('ACMEUEI00001') };
  const extras: Record<string, Record<string, unknown>> = {
    awarding_agency: { agency_slug: nullValue() },
    funding_agency: { agency_slug: nullValue() },
    awarding_subagency: subagency,
    funding_subagency: subagency,
    recipient,
    recipient_duns: recipient,
    naics: { year_retired: nullValue() },
  };
  const withId = new Set(['awarding_agency', 'awarding_subagency', 'cfda', 'federal_account', 'funding_agency', 'funding_subagency']);
  // Categories with a single row in the provider state: no next page.
  const single = new Set(['cfda', 'federal_account', 'naics', 'psc']);
  const categories = [
    'awarding_agency',
    'awarding_subagency',
    'cfda',
    'country',
    'county',
    'defc',
    'district',
    'federal_account',
    'funding_agency',
    'funding_subagency',
    'naics',
    'psc',
    'recipient',
    'recipient_duns',
    'state_territory',
  ];
  it.each(categories)('spending_by_category/%s', async (category) => {
    await interaction(
      `a request for the top ${category} row`,
      `/api/v2/search/spending_by_category/${category}/`,
      { filters: { time_period: FY2020_2021 }, limit: 1 },
      {
        category,
        spending_level: 'transactions',
        limit: integer(1),
        page_metadata: single.has(category) ? pageMetadata : { ...pageMetadata, next: integer(2), hasNext: boolean(true) },
        results: eachLike({
          id: withId.has(category) ? integer(1) : nullValue(),
          name: string('name'),
          code: string('code'),
          amount: number(100.5),
          total_outlays: nullValue(),
          ...extras[category],
        }),
        messages,
      },
      (data) => expect((data as { results: unknown[] }).results).toHaveLength(1),
    );
  });

  it('spending_by_geography', async () => {
    await interaction(
      'a request for spending per state of the place of performance',
      '/api/v2/search/spending_by_geography/',
      { filters: { time_period: FY2020_2021 }, scope: 'place_of_performance', geo_layer: 'state' },
      {
        scope: 'place_of_performance',
        geo_layer: 'state',
        spending_level: 'transactions',
        results: eachLike({ shape_code: string('VA'), display_name: string('Virginia'), aggregated_amount: number(1325.0), population: integer(400), per_capita: number(3.31) }),
        messages,
      },
      (data) => expect((data as { results: Array<{ shape_code: string }> }).results[0]!.shape_code).toBe('VA'),
    );
  });

  it('spending_by_subaward_grouped', async () => {
    await interaction(
      'a request for subawards grouped by prime award',
      '/api/v2/search/spending_by_subaward_grouped/',
      { filters: {}, sort: 'subaward_obligation', order: 'desc' },
      {
        limit: integer(10),
        results: eachLike({ award_id: string('FAIN3'), subaward_count: integer(1), award_generated_internal_id: string('ASST_NON_FAIN3_Z201'), subaward_obligation: number(200.0) }),
        page_metadata: pageMetadata,
        messages,
      },
      (data) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
  });

  it('spending_by_transaction, _grouped and _count', async () => {
    await interaction(
      'a request for contract transactions by amount',
      '/api/v2/search/spending_by_transaction/',
      { filters: { award_type_codes: ['A', 'B', 'C', 'D'] }, fields: ['Award ID', 'Mod', 'Transaction Amount'], sort: 'Transaction Amount', limit: 2 },
      {
        limit: integer(2),
        results: eachLike({ 'Award ID': string('PIIDONE'), Mod: string('0'), 'Transaction Amount': number(600.0), internal_id: integer(1), generated_internal_id: string('CONT_AWD_PIIDONE_Z101') }),
        page_metadata: { ...pageMetadata, next: like(2), hasNext: boolean(true) },
        messages,
      },
      (data) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
    await interaction(
      'a request for contract transactions grouped by prime award',
      '/api/v2/search/spending_by_transaction_grouped/',
      { filters: { award_type_codes: ['A', 'B', 'C', 'D'] } },
      {
        limit: integer(10),
        results: eachLike({ award_id: string('PIIDONE'), transaction_count: integer(2), transaction_obligation: number(1000.0), award_generated_internal_id: string('CONT_AWD_PIIDONE_Z101') }),
        page_metadata: pageMetadata,
        messages,
      },
      (data) => expect((data as { results: unknown[] }).results.length).toBeGreaterThan(0),
    );
    await interaction(
      'a request for transaction counts per type group',
      '/api/v2/search/spending_by_transaction_count/',
      { filters: {} },
      {
        results: { contracts: integer(3), direct_payments: integer(0), grants: integer(2), idvs: integer(1), loans: integer(1), other: integer(0) },
        messages,
      },
      (data) => expect((data as { results: { contracts: number } }).results.contracts).toBe(3),
    );
  });

  it('transaction_spending_summary', async () => {
    await interaction(
      'a request for the totals of transactions matching a keyword',
      '/api/v2/search/transaction_spending_summary/',
      { filters: { keyword: 'ACME' } },
      { results: { prime_awards_obligation_amount: number(3000.0), prime_awards_count: integer(4) }, messages },
      (data) => expect((data as { results: { prime_awards_count: number } }).results.prime_awards_count).toBe(4),
    );
  });
});

/**
 * Consumer contract of the SDK for the profile app (awards, IDVs, transactions, recipients, states). Writes
 * contracts/usas-sdk-usas-profile.json, which apps/profile verifies (apps/profile/test/pact.verify.int.test.ts)
 * with the provider state "profile rows are loaded" (apps/profile/test/seed.ts: award 990001 with three
 * transactions under IDV 990010, recipients PRNTUEI00001 and its children).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { createSpendingClient, type SpendingClient } from '../src/index';
import { executeSettled } from './execute-settled';

const { eachLike, like, integer, number, boolean, string, regex, nullValue } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-profile',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'profile rows are loaded';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The data layer's recipient hash of a UEI (md5 of upper('uei-' || uei) as a UUID). */
function hashOf(uei: string): string {
  const h = createHash('md5').update(`uei-${uei}`.toUpperCase()).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const PARENT_ID = `${hashOf('PRNTUEI00001')}-P`;

const pageMetadata = { page: integer(1), next: like(null), previous: like(null), hasNext: boolean(false), hasPrevious: boolean(false) };
const agency = like({
  id: integer(1),
  has_agency_page: boolean(true),
  toptier_agency: like({ name: string('Department of Agriculture'), code: string('012'), abbreviation: string('USDA'), slug: string('department-of-agriculture') }),
  subtier_agency: like({ name: string('Farm Service Agency'), code: string('12D2') }),
  });

interface Case {
  description: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  status?: number;
  response: unknown;
  call: (api: SpendingClient) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  check: (result: { data?: unknown; error?: unknown; response: Response }) => void;
}

const ok = (r: { data?: unknown; error?: unknown; response: Response }) => {
  expect(r.error).toBeUndefined();
  expect(r.response.status).toBe(200);
};

const cases: Case[] = [
  {
    description: 'a request for a contract award profile by internal id',
    method: 'GET',
    path: '/api/v2/awards/990001/',
    response: {
      id: integer(990001),
      generated_unique_award_id: regex('^CONT_AWD_TAWD1_\\w+$', 'CONT_AWD_TAWD1_1100_TIDV1_1100'),
      category: 'contract',
      type: string('C'),
      piid: 'TAWD1',
      total_obligation: number(1150),
      base_exercised_options: number(1250),
      base_and_all_options: number(2500),
      subaward_count: integer(2),
      total_subaward_amount: number(200),
      awarding_agency: agency,
      recipient: like({ recipient_name: string('PROFILE CHILD ONE LLC'), recipient_hash: regex('^[0-9a-f-]{36}-C$', `${hashOf('CHLDUEI00001')}-C`), parent_recipient_hash: PARENT_ID }),
      parent_award: like({ award_id: integer(990010), piid: 'TIDV1' }),
      latest_transaction_contract_data: like({ solicitation_procedures: string('MAFO') }),
      total_account_obligation: number(1000),
      account_obligations_by_defc: eachLike({ code: string('L'), amount: number(100) }),
    },
    call: (api) => api.GET('/api/v2/awards/{award_id}/', { params: { path: { award_id: '990001' } } }),
    check: (r) => {
      ok(r);
      expect((r.data as { total_obligation: number }).total_obligation).toBe(1150);
    },
  },
  {
    description: 'a request for an unknown award profile',
    method: 'GET',
    path: '/api/v2/awards/CONT_AWD_NOSUCHAWARD_0000_-NONE-_-NONE-/',
    status: 404,
    response: { detail: string("No award with id 'CONT_AWD_NOSUCHAWARD_0000_-NONE-_-NONE-'.") },
    call: (api) => api.GET('/api/v2/awards/{award_id}/', { params: { path: { award_id: 'CONT_AWD_NOSUCHAWARD_0000_-NONE-_-NONE-' } } }),
    check: (r) => {
      expect(r.response.status).toBe(404);
      expect((r.error as { detail: string }).detail).toMatch(/No award/);
    },
  },
  {
    description: 'a request for the transaction count of an award',
    method: 'GET',
    path: '/api/v2/awards/count/transaction/990001/',
    response: { transactions: integer(3) },
    call: (api) => api.GET('/api/v2/awards/count/transaction/{award_id}/', { params: { path: { award_id: '990001' } } }),
    check: (r) => {
      ok(r);
      expect(r.data).toEqual({ transactions: 3 });
    },
  },
  {
    description: 'a request for the transaction history of an award',
    method: 'POST',
    path: '/api/v2/transactions/',
    body: { award_id: 990001, limit: 2, page: 1, sort: 'action_date', order: 'desc' },
    response: {
      results: eachLike({
        id: string('CONT_AWD_TAWD1_P0002'),
        type: string('C'),
        type_description: string('DELIVERY ORDER'),
        action_date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2024-12-01'),
        action_type: string('A'),
        action_type_description: string('NEW'),
        modification_number: string('P0002'),
        description: string('DEOBLIGATION'),
        federal_action_obligation: number(-100),
        face_value_loan_guarantee: nullValue(),
        original_loan_subsidy_cost: nullValue(),
        cfda_number: nullValue(),
      }),
      page_metadata: { page: integer(1), next: integer(2), previous: nullValue(), hasNext: boolean(true), hasPrevious: boolean(false) },
    },
    call: (api) => api.POST('/api/v2/transactions/', { body: { award_id: 990001, limit: 2, page: 1, sort: 'action_date', order: 'desc' } }),
    check: (r) => {
      ok(r);
      expect((r.data as { page_metadata: { hasNext: boolean } }).page_metadata.hasNext).toBe(true);
    },
  },
  {
    description: 'a request for the federal accounts of an award',
    method: 'POST',
    path: '/api/v2/awards/accounts/',
    body: { award_id: 990001 },
    response: {
      results: eachLike({
        total_transaction_obligated_amount: number(900),
        federal_account: regex('^\\w{3}-\\w{4}$', '012-1106'),
        account_title: string('Salaries and Expenses'),
        funding_agency_abbreviation: like('USDA'),
        funding_agency_name: like('Department of Agriculture'),
        funding_agency_id: like(1),
        funding_toptier_agency_id: like(1),
        funding_agency_slug: like('department-of-agriculture'),
      }),
      page_metadata: { ...pageMetadata, count: integer(2) },
    },
    call: (api) => api.POST('/api/v2/awards/accounts/', { body: { award_id: 990001 } }),
    check: ok,
  },
  {
    description: 'a request for the child and grandchild totals of an IDV',
    method: 'GET',
    path: '/api/v2/idvs/amounts/990010/',
    response: like({
      award_id: integer(990010),
      generated_unique_award_id: regex('^CONT_IDV_TIDV1_\\w+$', 'CONT_IDV_TIDV1_1100'),
      child_idv_count: integer(1),
      child_award_count: integer(2),
      child_award_total_obligation: number(1650),
      grandchild_award_count: integer(2),
      grandchild_award_total_obligation: number(1200),
      child_account_obligations_by_defc: like([]),
      grandchild_account_obligations_by_defc: eachLike({ code: string('L'), amount: number(300) }),
    }),
    call: (api) => api.GET('/api/v2/idvs/amounts/{award_id}/', { params: { path: { award_id: '990010' } } }),
    check: ok,
  },
  {
    description: 'a request for the child awards of an IDV',
    method: 'POST',
    path: '/api/v2/idvs/awards/',
    body: { award_id: 990010, type: 'child_awards', sort: 'piid', order: 'asc' },
    response: {
      results: eachLike({
        award_id: integer(990001),
        award_type: string('DELIVERY ORDER'),
        description: string('BASE AWARD'),
        funding_agency: like('Department of Agriculture'),
        awarding_agency: like('Department of Agriculture'),
        funding_agency_id: like(1),
        awarding_agency_id: like(1),
        funding_agency_slug: like('department-of-agriculture'),
        awarding_agency_slug: like('department-of-agriculture'),
        generated_unique_award_id: string('CONT_AWD_TAWD1_1100_TIDV1_1100'),
        last_date_to_order: like(null),
        obligated_amount: number(1150),
        period_of_performance_current_end_date: like('2026-09-30'),
        period_of_performance_start_date: like('2023-11-15'),
        piid: string('TAWD1'),
      }),
      page_metadata: pageMetadata,
    },
    call: (api) => api.POST('/api/v2/idvs/awards/', { body: { award_id: 990010, type: 'child_awards', sort: 'piid', order: 'asc' } }),
    check: ok,
  },
  {
    description: 'a request for a parent recipient profile over all years',
    method: 'GET',
    path: `/api/v2/recipient/${PARENT_ID}/`,
    query: { year: 'all' },
    response: like({
      name: string('PROFILE PARENT HOLDINGS'),
      recipient_id: PARENT_ID,
      recipient_level: 'P',
      uei: string('PRNTUEI00001'),
      parents: [],
      location: like({ address_line3: nullValue(), foreign_province: nullValue() }),
      business_types: like([]),
      total_transaction_amount: number(3200),
      total_transactions: integer(9),
      total_face_value_loan_amount: number(15000),
      total_face_value_loan_transactions: integer(2),
    }),
    call: (api) => api.GET('/api/v2/recipient/{recipient_id}/', { params: { path: { recipient_id: PARENT_ID }, query: { year: 'all' } } }),
    check: (r) => {
      ok(r);
      expect((r.data as { total_transactions: number }).total_transactions).toBe(9);
    },
  },
  {
    description: 'a request for the children of a parent recipient',
    method: 'GET',
    path: '/api/v2/recipient/children/PRNTUEI00001/',
    query: { year: 'all' },
    response: eachLike({
      name: string('PROFILE CHILD ONE LLC'),
      duns: string('990000002'),
      uei: string('CHLDUEI00001'),
      recipient_id: regex('^[0-9a-f-]{36}-C$', `${hashOf('CHLDUEI00001')}-C`),
      state_province: like('VA'),
      amount: number(2000),
    }),
    call: (api) => api.GET('/api/v2/recipient/children/{duns_or_uei}/', { params: { path: { duns_or_uei: 'PRNTUEI00001' }, query: { year: 'all' } } }),
    check: ok,
  },
  {
    description: 'a request for the recipient list by keyword',
    method: 'POST',
    path: '/api/v2/recipient/',
    body: { keyword: 'PROFILE CHILD', sort: 'name', order: 'asc' },
    response: {
      page_metadata: { page: integer(1), limit: integer(50), total: integer(2) },
      results: eachLike({
        id: regex('^[0-9a-f-]{36}-[PCR]$', `${hashOf('CHLDUEI00001')}-C`),
        duns: like('990000002'),
        uei: like('CHLDUEI00001'),
        name: like('PROFILE CHILD ONE LLC'),
        recipient_level: regex('^[PCR]$', 'C'),
        amount: number(100),
      }),
    },
    call: (api) => api.POST('/api/v2/recipient/', { body: { keyword: 'PROFILE CHILD', sort: 'name', order: 'asc' } }),
    check: ok,
  },
  {
    description: 'a request for the list of states',
    method: 'GET',
    path: '/api/v2/recipient/state/',
    response: eachLike({ name: string('Virginia'), code: string('VA'), fips: regex('^\\d{2}$', '51'), type: regex('^(state|territory|district)$', 'state'), amount: number(1000) }),
    call: (api) => api.GET('/api/v2/recipient/state/'),
    check: ok,
  },
  {
    description: 'a request for the subawards of an award',
    method: 'POST',
    path: '/api/v2/subawards/',
    body: { award_id: 990001, sort: 'amount', order: 'asc' },
    response: {
      results: eachLike({
        id: integer(9900002),
        subaward_number: string('SUB-2'),
        description: string('SUB-2 WORK'),
        action_date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2024-02-05'),
        amount: number(80),
        recipient_name: string('SUB TWO'),
      }),
      page_metadata: pageMetadata,
    },
    call: (api) => api.POST('/api/v2/subawards/', { body: { award_id: 990001, sort: 'amount', order: 'asc' } }),
    check: ok,
  },
  {
    description: 'a request for the File C rollup of an award',
    method: 'POST',
    path: '/api/v2/awards/funding_rollup/',
    body: { award_id: 990001 },
    response: { total_transaction_obligated_amount: number(1000), awarding_agency_count: integer(1), funding_agency_count: integer(1), federal_account_count: integer(2) },
    call: (api) => api.POST('/api/v2/awards/funding_rollup/', { body: { award_id: 990001 } }),
    check: (r) => {
      ok(r);
      expect((r.data as { total_transaction_obligated_amount: number }).total_transaction_obligated_amount).toBe(1000);
    },
  },
  {
    description: 'a request for the File C rollup of an IDV',
    method: 'POST',
    path: '/api/v2/idvs/funding_rollup/',
    body: { award_id: 990010 },
    response: { total_transaction_obligated_amount: number(2000), awarding_agency_count: integer(1), funding_agency_count: integer(1), federal_account_count: integer(2) },
    call: (api) => api.POST('/api/v2/idvs/funding_rollup/', { body: { award_id: 990010 } }),
    check: ok,
  },
  {
    description: 'a request for the activity of an IDV',
    method: 'POST',
    path: '/api/v2/idvs/activity/',
    body: { award_id: 990010, limit: 10 },
    response: {
      results: eachLike({
        award_id: integer(990001),
        generated_unique_award_id: string('CONT_AWD_TAWD1_1100_TIDV1_1100'),
        awarding_agency: like('Department of Agriculture'),
        awarding_agency_id: like(1),
        awarding_agency_slug: like('department-of-agriculture'),
        period_of_performance_potential_end_date: like(null),
        parent_award_id: like(990010),
        parent_generated_unique_award_id: like('CONT_IDV_TIDV1_1100'),
        parent_award_piid: like('TIDV1'),
        obligated_amount: number(1150),
        awarded_amount: number(2500),
        period_of_performance_start_date: like('2023-11-15'),
        piid: like('TAWD1'),
        recipient_name: like('PROFILE CHILD ONE LLC'),
        recipient_id: like(`${hashOf('CHLDUEI00001')}-C`),
        grandchild: boolean(false),
      }),
      page_metadata: { ...pageMetadata, total: integer(4), limit: integer(10) },
    },
    call: (api) => api.POST('/api/v2/idvs/activity/', { body: { award_id: 990010, limit: 10 } }),
    check: ok,
  },
  {
    description: 'a request for the recipient count by keyword',
    method: 'POST',
    path: '/api/v2/recipient/count/',
    body: { keyword: 'PROFILE CHILD' },
    response: { count: integer(2) },
    call: (api) => api.POST('/api/v2/recipient/count/', { body: { keyword: 'PROFILE CHILD' } }),
    check: (r) => {
      ok(r);
      expect(r.data).toEqual({ count: 2 });
    },
  },
  {
    description: 'a request for the award type breakdown of a state',
    method: 'GET',
    path: '/api/v2/recipient/state/awards/56/',
    query: { year: 'all' },
    response: eachLike({ type: regex('^(contracts|grants|direct_payments|loans|other_financial_assistance)$', 'contracts'), amount: number(2850), count: integer(4), total_outlays: number(520) }),
    call: (api) => api.GET('/api/v2/recipient/state/awards/{fips}/', { params: { path: { fips: '56' }, query: { year: 'all' } } }),
    check: ok,
  },
  {
    description: 'a request for the last update date of award data',
    method: 'GET',
    path: '/api/v2/awards/last_updated/',
    response: { last_updated: regex('^\\d{2}/\\d{2}/\\d{4}$', '11/25/2026') },
    call: (api) => api.GET('/api/v2/awards/last_updated/'),
    check: ok,
  },
];

describe('SDK contract with the profile app', () => {
  it.each(cases.map((c) => [c.description, c] as const))('%s', async (_name, c) => {
    provider
      .given(STATE)
      .uponReceiving(c.description)
      .withRequest({
        method: c.method,
        path: c.path,
        ...(c.query ? { query: c.query } : {}),
        ...(c.body ? { headers: JSON_HEADERS, body: c.body } : {}),
      })
      .willRespondWith({ status: c.status ?? 200, body: c.response as never });
    await executeSettled(provider, async (mock) => {
      c.check(await c.call(createSpendingClient(mock.url)));
    });
  });
});

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

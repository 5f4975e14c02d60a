/**
 * Consumer contract of the SDK for the submission statistics and spending explorer endpoints. Writes
 * contracts/usas-sdk-usas-profile-reporting.json, which apps/profile verifies
 * (apps/profile/test/reporting-pact.verify.int.test.ts) against the test agency of reporting-seed.ts
 * (toptier 9990, FY2024 P7).
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, integer, number, string, boolean, nullValue, like } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-profile-reporting',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'the reporting test agency 9990 has FY2024 submissions';
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const PAGER = { page: integer(1), next: nullValue(), previous: nullValue(), hasNext: boolean(false), hasPrevious: boolean(false), total: integer(2), limit: integer(10) };

describe('SDK contract with the profile app: reporting and spending explorer', () => {
  it('reporting/agencies/{code}/differences/', async () => {
    provider
      .given(STATE)
      .uponReceiving('the File A / File B differences of the test agency in FY2024 P7')
      .withRequest({ method: 'GET', path: '/api/v2/reporting/agencies/9990/differences/', query: { fiscal_year: '2024', fiscal_period: '7', sort: 'difference', order: 'asc' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          page_metadata: PAGER,
          results: eachLike({ tas: string('9990-X-0002-000'), file_a_obligation: number(300), file_b_obligation: number(350), difference: number(-50) }),
          messages: like([]),
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await createSpendingClient(mock.url).GET('/api/v2/reporting/agencies/{toptier_code}/differences/', {
        params: { path: { toptier_code: '9990' }, query: { fiscal_year: 2024, fiscal_period: 7, sort: 'difference', order: 'asc' } },
      });
      expect(error).toBeUndefined();
      expect(data?.results[0]?.difference).toBe(-50);
    });
  });

  it('reporting/agencies/{code}/{fy}/{period}/unlinked_awards/{type}/', async () => {
    provider
      .given(STATE)
      .uponReceiving('the unlinked procurement awards of the test agency in FY2024 P7')
      .withRequest({ method: 'GET', path: '/api/v2/reporting/agencies/9990/2024/7/unlinked_awards/procurement/' })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: { unlinked_file_c_award_count: integer(1), unlinked_file_d_award_count: integer(1), total_linked_award_count: integer(1) },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await createSpendingClient(mock.url).GET('/api/v2/reporting/agencies/{toptier_code}/{fiscal_year}/{fiscal_period}/unlinked_awards/{type}/', {
        params: { path: { toptier_code: '9990', fiscal_year: 2024, fiscal_period: 7, type: 'procurement' } },
      });
      expect(error).toBeUndefined();
      expect(data).toEqual({ unlinked_file_c_award_count: 1, unlinked_file_d_award_count: 1, total_linked_award_count: 1 });
    });
  });

  it('reporting/agencies/{code}/discrepancies/', async () => {
    provider
      .given(STATE)
      .uponReceiving('the TAS missing from the test agency File A in FY2024 P7')
      .withRequest({ method: 'GET', path: '/api/v2/reporting/agencies/9990/discrepancies/', query: { fiscal_year: '2024', fiscal_period: '7' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: { page_metadata: { ...PAGER, total: integer(1) }, results: [{ tas: string('9990-X-0002-009'), amount: number(77) }], messages: like([]) },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await createSpendingClient(mock.url).GET('/api/v2/reporting/agencies/{toptier_code}/discrepancies/', {
        params: { path: { toptier_code: '9990' }, query: { fiscal_year: 2024, fiscal_period: 7 } },
      });
      expect(error).toBeUndefined();
      expect(data?.results).toEqual([{ tas: '9990-X-0002-009', amount: 77 }]);
    });
  });

  it('spending/ by federal account', async () => {
    // Budget function 990 belongs only to the test agency's first federal account (its TAS 1 and 2).
    const body = { type: 'federal_account', filters: { fy: '2024', period: '7', budget_function: '990' } };
    provider
      .given(STATE)
      .uponReceiving('the spending explorer by federal account of budget function 990 in FY2024 P7')
      .withRequest({ method: 'POST', path: '/api/v2/spending/', headers: JSON_HEADERS, body })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          total: number(1480),
          end_date: string('2024-04-30'),
          results: eachLike({ id: string('1'), code: string('9990-0001'), type: string('federal_account'), name: string('TEST SALARIES'), amount: number(1480), account_number: string('9990-0001') }),
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data, error } = await createSpendingClient(mock.url).POST('/api/v2/spending/', { body: { type: 'federal_account', filters: { fy: '2024', period: '7', budget_function: '990' } } });
      expect(error).toBeUndefined();
      expect(data?.total).toBe(1480);
      expect(data?.results[0]?.code).toBe('9990-0001');
    });
  });
});

/**
 * Consumer contract of the SDK for the federal account endpoints. Writes contracts/usas-sdk-usas-profile-accounts.json,
 * which apps/profile verifies (apps/profile/test/accounts-pact.verify.int.test.ts) against a hand-made federal account
 * 990-0001 (id 990001) with one Treasury account and one FY2023 submission.
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, integer, number, string, like } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-profile-accounts',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'federal account 990-0001 has FY2023 account data';
const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('SDK contract with the profile app: federal accounts', () => {
  it('fiscal_year_snapshot', async () => {
    provider
      .given(STATE)
      .uponReceiving('the FY2023 snapshot of federal account 990001')
      .withRequest({ method: 'GET', path: '/api/v2/federal_accounts/990001/fiscal_year_snapshot/2023/' })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          results: {
            name: string('Pact test account'),
            outlay: number(400),
            budget_authority: number(5000),
            obligated: number(1000),
            unobligated: number(4000),
            balance_brought_forward: number(100),
            other_budgetary_resources: number(0),
            appropriations: number(4900),
          },
        },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/federal_accounts/{federal_account_id}/fiscal_year_snapshot/{fiscal_year}/', {
        params: { path: { federal_account_id: 990001, fiscal_year: 2023 } },
      });
      expect(error).toBeUndefined();
      expect(data?.results?.obligated).toBe(1000);
    });
  });

  it('federal account with its Treasury accounts', async () => {
    provider
      .given(STATE)
      .uponReceiving('federal account 990-0001 in FY2023')
      .withRequest({ method: 'GET', path: '/api/v2/federal_accounts/990-0001/', query: { fiscal_year: '2023' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: like({
          fiscal_year: integer(2023),
          id: integer(990001),
          federal_account_code: string('990-0001'),
          total_obligated_amount: number(1000),
          children: eachLike({ code: string('990-X-0001-000'), obligated_amount: number(1000), gross_outlay_amount: number(400), budgetary_resources_amount: number(5000) }),
        }),
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/federal_accounts/{account_number}/', {
        params: { path: { account_number: '990-0001' }, query: { fiscal_year: 2023 } },
      });
      expect(error).toBeUndefined();
      expect(data?.children[0]?.code).toBe('990-X-0001-000');
    });
  });

  it('v1 balances total', async () => {
    const body = {
      field: 'obligations_incurred_total_by_tas_cpe',
      group: 'submission__reporting_fiscal_year',
      aggregate: 'sum',
      filters: [{ field: 'treasury_account_identifier__federal_account_id', operation: 'equals', value: 990001 }],
    };
    provider
      .given(STATE)
      .uponReceiving('the v1 obligations of federal account 990001 per fiscal year')
      .withRequest({ method: 'POST', path: '/api/v1/tas/balances/total/', headers: JSON_HEADERS, body })
      .willRespondWith({ status: 200, headers: JSON_HEADERS, body: { results: eachLike({ item: integer(2023), aggregate: string('1000.00') }) } });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.POST('/api/v1/tas/balances/total/', { body: body as never });
      expect(error).toBeUndefined();
      expect(data?.results[0]?.aggregate).toBe('1000.00');
    });
  });
});

/**
 * Consumer contract of the SDK for the agency profile endpoints. Writes contracts/usas-sdk-usas-profile-agency.json,
 * which apps/profile verifies (apps/profile/test/agency-pact.verify.int.test.ts) against the hand-made agency rows
 * of apps/profile/test/agency-seed.ts (toptier code 9990, fiscal year 2024).
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, integer, number, string, boolean, nullValue } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-profile-agency',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const STATE = 'agency account rows are loaded';
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const pageMetadata = { page: integer(1), total: integer(3), limit: integer(10), next: nullValue(), previous: nullValue(), hasNext: boolean(false), hasPrevious: boolean(false) };

describe('SDK contract with the profile app: agency', () => {
  it('overview', async () => {
    provider
      .given(STATE)
      .uponReceiving('the overview of an agency for a fiscal year')
      .withRequest({ method: 'GET', path: '/api/v2/agency/9990/', query: { fiscal_year: '2024' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          fiscal_year: integer(2024), toptier_code: string('9990'), name: string('Test Agency of Accounts'), abbreviation: string('TAA'),
          agency_id: integer(1), subtier_agency_count: integer(2), def_codes: eachLike({ code: string('L'), public_law: string('P.L. 1') }),
          messages: [],
        },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/agency/{toptier_code}/', { params: { path: { toptier_code: '9990' }, query: { fiscal_year: 2024 } } });
      expect(error).toBeUndefined();
      expect(data?.toptier_code).toBe('9990');
      expect(data?.subtier_agency_count).toBe(2);
    });
  });

  it('budgetary_resources', async () => {
    provider
      .given(STATE)
      .uponReceiving('the budgetary resources of an agency by fiscal year')
      .withRequest({ method: 'GET', path: '/api/v2/agency/9990/budgetary_resources/' })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          toptier_code: string('9990'),
          agency_data_by_year: eachLike({ fiscal_year: integer(2024), agency_obligation_by_period: [] }),
          messages: [],
        },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/agency/{toptier_code}/budgetary_resources/', { params: { path: { toptier_code: '9990' } } });
      expect(error).toBeUndefined();
      expect(data?.agency_data_by_year.length).toBeGreaterThan(0);
    });
  });

  it('federal_account', async () => {
    provider
      .given(STATE)
      .uponReceiving('the federal accounts of an agency sorted by name')
      .withRequest({ method: 'GET', path: '/api/v2/agency/9990/federal_account/', query: { fiscal_year: '2024', sort: 'name', order: 'asc' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: {
          toptier_code: string('9990'), fiscal_year: integer(2024), page_metadata: pageMetadata,
          totals: { total_budgetary_resources: number(2555.75), obligated_amount: number(1750.5), gross_outlay_amount: number(895.25) },
          results: eachLike({
            name: string('Emergency Widgets'), code: string('999-0300'), total_budgetary_resources: number(75.75), obligated_amount: number(40),
            gross_outlay_amount: number(10), children: eachLike({ name: string('x'), code: string('999-X-0300-000'), total_budgetary_resources: number(75.75),
              obligated_amount: number(40), gross_outlay_amount: number(10) }),
          }),
          messages: [],
        },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/agency/{toptier_code}/federal_account/', {
        params: { path: { toptier_code: '9990' }, query: { fiscal_year: 2024, sort: 'name', order: 'asc' } },
      });
      expect(error).toBeUndefined();
      expect(data?.results[0]?.children.length).toBeGreaterThan(0);
    });
  });

  it('program_activity/count', async () => {
    provider
      .given(STATE)
      .uponReceiving('the count of program activities of an agency')
      .withRequest({ method: 'GET', path: '/api/v2/agency/9990/program_activity/count/', query: { fiscal_year: '2024' } })
      .willRespondWith({
        status: 200,
        headers: JSON_HEADERS,
        body: { toptier_code: string('9990'), fiscal_year: integer(2024), program_activity_count: integer(2), messages: [] },
      });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { data, error } = await api.GET('/api/v2/agency/{toptier_code}/program_activity/count/', {
        params: { path: { toptier_code: '9990' }, query: { fiscal_year: 2024 } },
      });
      expect(error).toBeUndefined();
      expect(data?.program_activity_count).toBe(2);
    });
  });

  it('unknown agency', async () => {
    provider
      .given(STATE)
      .uponReceiving('the overview of an unknown agency')
      .withRequest({ method: 'GET', path: '/api/v2/agency/0000/' })
      .willRespondWith({ status: 404, headers: JSON_HEADERS, body: { detail: string('Agency with a toptier code of 0000 does not exist.') } });
    await executeSettled(provider, async (mock) => {
      const api = createSpendingClient(mock.url);
      const { error, response } = await api.GET('/api/v2/agency/{toptier_code}/', { params: { path: { toptier_code: '0000' } } });
      expect(response.status).toBe(404);
      expect(error).toBeDefined();
    });
  });
});

/**
 * Consumer contract of the SDK for the first reference endpoints. Writes contracts/usas-sdk-usas-reference.json,
 * which apps/reference verifies (apps/reference/test/pact.verify.int.test.ts).
 */
import path from 'node:path';
import { MatchersV3, PactV3 } from '@pact-foundation/pact';
import { executeSettled } from './execute-settled';
import { createSpendingClient } from '../src/index';

const { eachLike, like, regex, string, nullValue } = MatchersV3;

const provider = new PactV3({
  consumer: 'usas-sdk',
  provider: 'usas-reference',
  dir: path.resolve(__dirname, '..', '..', '..', 'contracts'),
  logLevel: 'warn',
});

const filters = {
  keyword: {},
  timePeriodType: 'fy',
  timePeriodFY: ['2021'],
  timePeriodStart: null,
  timePeriodEnd: null,
  selectedLocations: {},
  locationDomesticForeign: 'all',
  selectedFundingAgencies: {},
  selectedAwardingAgencies: {},
  selectedRecipients: [],
  recipientDomesticForeign: 'all',
  recipientType: [],
  selectedRecipientLocations: {},
  awardType: ['A', 'B'],
  selectedAwardIDs: {},
  awardAmounts: {},
  selectedCFDA: {},
  selectedNAICS: {},
  selectedPSC: {},
  pricingType: [],
  setAside: [],
  extentCompeted: [],
};

describe('SDK contract with the reference app', () => {
  it('lists DEF codes', async () => {
    provider
      .given('DEF codes exist')
      .uponReceiving('a request for every DEF code')
      .withRequest({ method: 'GET', path: '/api/v2/references/def_codes/' })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: {
          codes: eachLike({
            code: string('N'),
            public_law: string('Emergency P.L. 116-136'),
            title: string('Emergency PL 116-136'),
            urls: eachLike('https://www.congress.gov/116/plaws/publ136/PLAW-116publ136.htm'),
            disaster: regex('covid_19|infrastructure', 'covid_19'),
          }),
        },
      });
    await executeSettled(provider, async (mock) => {
      const { data } = await createSpendingClient(mock.url).GET('/api/v2/references/def_codes/');
      expect(data?.codes[0]).toMatchObject({ code: 'N', disaster: 'covid_19' });
    });
  });

  it('lists budget functions', async () => {
    provider
      .given('budget functions exist')
      .uponReceiving('a request for all budget functions')
      .withRequest({ method: 'GET', path: '/api/v2/budget_functions/list_budget_functions/' })
      .willRespondWith({
        status: 200,
        body: { results: eachLike({ budget_function_code: regex('^\\d{3}$', '800'), budget_function_title: string('General Government') }) },
      });
    await executeSettled(provider, async (mock) => {
      const { data } = await createSpendingClient(mock.url).GET('/api/v2/budget_functions/list_budget_functions/');
      expect(data?.results[0]?.budget_function_code).toBe('800');
    });
  });

  it('lists the subfunctions of one budget function', async () => {
    provider
      .given('budget functions exist')
      .uponReceiving('a request for the subfunctions of function 800')
      .withRequest({
        method: 'POST',
        path: '/api/v2/budget_functions/list_budget_subfunctions/',
        headers: { 'Content-Type': 'application/json' },
        body: { budget_function: '800' },
      })
      .willRespondWith({
        status: 200,
        body: { results: eachLike({ budget_subfunction_code: regex('^8\\d\\d$', '801'), budget_subfunction_title: string('Legislative functions') }) },
      });
    await executeSettled(provider, async (mock) => {
      const { data } = await createSpendingClient(mock.url).POST('/api/v2/budget_functions/list_budget_subfunctions/', {
        body: { budget_function: '800' },
      });
      expect(data?.results[0]?.budget_subfunction_code).toBe('801');
    });
  });

  it('stores a filter set and restores it by hash', async () => {
    provider
      .given('no filter hashes are stored')
      .uponReceiving('a request to hash a filter set')
      .withRequest({ method: 'POST', path: '/api/v2/references/filter/', headers: { 'Content-Type': 'application/json' }, body: { filters, version: '2020-06-01' } })
      .willRespondWith({ status: 200, body: { hash: regex('^[0-9a-f]{32}$', '0123456789abcdef0123456789abcdef') } });
    await executeSettled(provider, async (mock) => {
      const { data } = await createSpendingClient(mock.url).POST('/api/v2/references/filter/', { body: { filters, version: '2020-06-01' } });
      expect(data?.hash).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  it('restores a stored filter set', async () => {
    provider
      .given('a filter set is stored under hash 5ae8d0f0b5c1f4d0b6a7e7c1f2a3b4c5')
      .uponReceiving('a request to restore a filter set by hash')
      .withRequest({
        method: 'POST',
        path: '/api/v2/references/hash/',
        headers: { 'Content-Type': 'application/json' },
        body: { hash: '5ae8d0f0b5c1f4d0b6a7e7c1f2a3b4c5' },
      })
      .willRespondWith({
        status: 200,
        body: { filter: { filters: like({ ...filters, timePeriodStart: nullValue(), timePeriodEnd: nullValue() }), version: string('2020-06-01') } },
      });
    await executeSettled(provider, async (mock) => {
      const { data } = await createSpendingClient(mock.url).POST('/api/v2/references/hash/', { body: { hash: '5ae8d0f0b5c1f4d0b6a7e7c1f2a3b4c5' } });
      // The stored filter state is any JSON (its shape follows the website's version).
      expect((data?.filter.filters as { timePeriodFY?: string[] } | undefined)?.timePeriodFY).toEqual(['2021']);
    });
  });

  it('gets a JSON 400 for an unknown hash', async () => {
    provider
      .given('no filter hashes are stored')
      .uponReceiving('a request to restore an unknown hash')
      .withRequest({ method: 'POST', path: '/api/v2/references/hash/', headers: { 'Content-Type': 'application/json' }, body: { hash: 'ffffffffffffffffffffffffffffffff' } })
      .willRespondWith({ status: 400, body: { detail: string("No filter set is stored under hash 'ffffffffffffffffffffffffffffffff'.") } });
    await executeSettled(provider, async (mock) => {
      const { error, response } = await createSpendingClient(mock.url).POST('/api/v2/references/hash/', { body: { hash: 'ffffffffffffffffffffffffffffffff' } });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ detail: expect.stringContaining('No filter set') });
    });
  });
});

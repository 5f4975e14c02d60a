/**
 * Verifies the SDK's consumer contract (contracts/usas-sdk-usas-reference.json) against the reference app
 * behind the real gateway. Provider states seed the test database.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { seedReferenceFixtures } from './reference-fixtures';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>> | undefined;
let baseUrl: string;

beforeAll(async () => {
  h = await startHarness();
  served = await serveHarness(h);
  baseUrl = served.url;
});

afterAll(async () => {
  await served?.close();
  await h.close();
});

const storedFilters = {
  filters: {
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
  },
  version: '2020-06-01',
};

/** Provider states named by the consumer tests; each one puts the database in that state. */
export const referenceStates = (db: () => Harness['db']['pool']) => {
  // The fixture set is the same for every interaction that names it, so it is written once per run.
  let fixturesLoaded = false;
  return {
    'DEF codes exist': async () => {
      await db().query(sql.unsafe`DELETE FROM disaster_emergency_fund_code`);
      await db().query(sql.unsafe`
        INSERT INTO disaster_emergency_fund_code (code, public_law, title, group_name, urls, earliest_public_law_enactment_date)
        VALUES ('N', 'Emergency P.L. 116-136', 'Emergency PL 116-136', 'covid_19',
                'https://www.congress.gov/116/plaws/publ136/PLAW-116publ136.htm', '2020-03-06'),
               ('Z', 'Emergency P.L. 117-58 (Division J)', 'Emergency PL 117-58 (Division J)', 'infrastructure',
                'https://www.congress.gov/117/plaws/publ58/PLAW-117publ58.htm', '2021-11-15')`);
    },
    'budget functions exist': async () => {
      const n = await db().oneFirst(sql.unsafe`SELECT count(*)::int FROM budget_subfunction WHERE budget_function_code = '800'`);
      if (n === 0) throw new Error('generated reference data lacks budget function 800');
    },
    'no filter hashes are stored': async () => {
      await db().query(sql.unsafe`DELETE FROM filter_hash`);
    },
    'a filter set is stored under hash 5ae8d0f0b5c1f4d0b6a7e7c1f2a3b4c5': async () => {
      await db().query(sql.unsafe`
        INSERT INTO filter_hash (hash, filter) VALUES ('5ae8d0f0b5c1f4d0b6a7e7c1f2a3b4c5', ${JSON.stringify(storedFilters)}::json)
        ON CONFLICT (hash) DO NOTHING`);
    },
    // Autocompletes, filter trees and reference lists (libs/sdk/test/reference.pact.test.ts).
    'reference fixtures are loaded': async () => {
      if (fixturesLoaded) return;
      await seedReferenceFixtures(db());
      fixturesLoaded = true;
    },
  };
};

describe('Pact provider verification: reference app', () => {
  it('honours the SDK contract', async () => {
    await new Verifier({
      provider: 'usas-reference',
      providerBaseUrl: baseUrl,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-reference.json')],
      stateHandlers: referenceStates(() => h.db.pool),
      logLevel: 'warn',
    }).verifyProvider();
  });
});

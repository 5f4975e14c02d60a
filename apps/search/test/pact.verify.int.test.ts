/**
 * Verifies the SDK's consumer contract (contracts/usas-sdk-usas-search.json) against the search app behind
 * the real gateway. The one provider state loads the hand-made search rows of seed.ts.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { seedSearchData } from './seed';

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

describe('Pact provider verification: search app', () => {
  it('honours the SDK contract', async () => {
    // Every interaction names the same state; the rows are written once and only read afterwards.
    let seeded = false;
    await new Verifier({
      provider: 'usas-search',
      providerBaseUrl: baseUrl,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-search.json')],
      stateHandlers: {
        'search rows are loaded': async () => {
          if (seeded) return;
          await seedSearchData(h.db.pool);
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});

/**
 * Verifies the SDK's disaster contract (contracts/usas-sdk-usas-search-disaster.json) against the search app behind
 * the real gateway. The one provider state loads the hand-made account rows of disaster-seed.ts.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { seedDisasterData } from './disaster-seed';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>> | undefined;

beforeAll(async () => {
  h = await startHarness();
  served = await serveHarness(h);
});

afterAll(async () => {
  await served?.close();
  await h.close();
});

describe('Pact provider verification: search app, disaster endpoints', () => {
  it('honours the SDK contract', async () => {
    let seeded = false;
    await new Verifier({
      provider: 'usas-search-disaster',
      providerBaseUrl: served!.url,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-search-disaster.json')],
      stateHandlers: {
        'disaster account rows are loaded': async () => {
          if (seeded) return;
          await seedDisasterData(h.db.pool);
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});

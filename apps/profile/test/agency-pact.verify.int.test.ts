/**
 * Verifies the SDK's agency contract (contracts/usas-sdk-usas-profile-agency.json) against the profile app behind
 * the real gateway. The one provider state loads the hand-made agency rows of agency-seed.ts.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { seedAgencyData } from './agency-seed';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>> | undefined;

beforeAll(async () => {
  h = await startHarness();
  // Let the gateway compile its validators before a state handler seeds (see agency.int.test.ts).
  await h.http.get('/api/v2/agency/0000/');
  served = await serveHarness(h);
}, 120_000);

afterAll(async () => {
  await served?.close();
  await h.close();
});

describe('Pact provider verification: profile app, agency endpoints', () => {
  it('honours the SDK contract', async () => {
    let seeded = false;
    await new Verifier({
      provider: 'usas-profile-agency',
      providerBaseUrl: served?.url ?? '',
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-profile-agency.json')],
      stateHandlers: {
        'agency account rows are loaded': async () => {
          if (seeded) return;
          await seedAgencyData(h.db.pool);
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  }, 180_000);
});

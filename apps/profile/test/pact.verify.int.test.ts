/**
 * Verifies the SDK's consumer contract (contracts/usas-sdk-usas-profile.json) against the profile app behind
 * the real gateway. The one provider state loads the hand-made profile rows of seed.ts.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { seedProfileData } from './seed';

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

describe('Pact provider verification: profile app', () => {
  it('honours the SDK contract', async () => {
    // Every interaction names the same state; the rows are written once and only read afterwards.
    let seeded = false;
    await new Verifier({
      provider: 'usas-profile',
      providerBaseUrl: served?.url ?? '',
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-profile.json')],
      stateHandlers: {
        'profile rows are loaded': async () => {
          if (seeded) return;
          await seedProfileData(h.db.pool);
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  }, 180_000);
});

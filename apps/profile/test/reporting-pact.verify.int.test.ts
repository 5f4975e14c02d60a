/**
 * Verifies the SDK's reporting contract (contracts/usas-sdk-usas-profile-reporting.json) against the profile app
 * behind the real gateway. The one provider state loads the test agency of reporting-seed.ts.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { seedReportingData } from './reporting-seed';

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

describe('Pact provider verification: profile app, reporting and spending explorer', () => {
  it('honours the SDK contract', async () => {
    let seeded = false;
    await new Verifier({
      provider: 'usas-profile-reporting',
      providerBaseUrl: served!.url,
      pactUrls: [path.resolve(__dirname, '..', '..', '..', 'contracts', 'usas-sdk-usas-profile-reporting.json')],
      stateHandlers: {
        'the reporting test agency 9990 has FY2024 submissions': async () => {
          if (seeded) return;
          await seedReportingData(h.db.pool);
          seeded = true;
        },
      },
      logLevel: 'warn',
    }).verifyProvider();
  });
});

import { setTimeout as delay } from 'node:timers/promises';
import type { PactV3, V3MockServer } from '@pact-foundation/pact';

/** How long a test waits for the mock server to record requests it has already answered. */
const SETTLE_MS = 3_000;

/**
 * `provider.executeTest` that reads the mock server's verdict only once the server has recorded what it
 * answered. From pact-core 19 the mock server answers a request and records the match afterwards, on another
 * task; PactV3 reads the matches as soon as the test body resolves, so on a loaded machine a request that was
 * sent, matched and answered can be reported as "expected but not received" (pact-foundation/pact-reference#535;
 * the fix ships in pact-core 20, which needs Node 22). A test whose requests really are missing waits the bounded
 * SETTLE_MS and then fails with the mock server's own report, so no mismatch is hidden.
 */
export async function executeSettled<T>(provider: PactV3, testFn: (mock: V3MockServer) => Promise<T>): Promise<T | undefined> {
  // PactV3 keeps its pact-core handle private; this reads the same verdict executeTest reads next.
  const core = () => (provider as unknown as { pact: { mockServerMatchedSuccessfully: (port: number) => boolean } }).pact;
  return provider.executeTest(async (mock) => {
    const value = await testFn(mock);
    const deadline = Date.now() + SETTLE_MS;
    while (!core().mockServerMatchedSuccessfully(mock.port) && Date.now() < deadline) await delay(10);
    return value;
  });
}

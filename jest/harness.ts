/**
 * Test harness for HTTP suites: a fresh database plus the all-in-one gateway (request AND response
 * validation on) around it, driven with supertest.
 */
import http from 'node:http';
import { createAllInOneGateway, type Gateway } from '../apps/gateway/src/index';
import { createTestDatabase, type TestDatabase } from '../libs/db/src/testing';
import { answerClientErrors, createLogger, createMetrics } from '../libs/service-kit/src/index';
import supertest from 'supertest';

export interface Harness {
  db: TestDatabase;
  gateway: Gateway;
  http: ReturnType<typeof supertest>;
  close: () => Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const db = await createTestDatabase();
  const gateway = createAllInOneGateway({
    db: db.pool,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test'),
    metrics: createMetrics({ defaultMetrics: false }),
    bodyLimit: '1mb',
    validateResponses: true,
  });
  return {
    db,
    gateway,
    http: supertest(gateway.app),
    close: async () => {
      await gateway.close();
      await db.drop();
    },
  };
}

/** Serves the harness' gateway on a free loopback port (for clients that need a real URL: Pact, browsers). */
export async function serveHarness(h: Harness): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(h.gateway.app);
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Test harness for HTTP suites: a fresh database plus the all-in-one gateway (request AND response
 * validation on) around it, driven with supertest.
 */
import { createAllInOneGateway, type Gateway } from '../apps/gateway/src/index';
import { createTestDatabase, type TestDatabase } from '../libs/db/src/testing';
import { createLogger, createMetrics } from '../libs/service-kit/src/index';
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

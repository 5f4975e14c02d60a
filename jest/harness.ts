/**
 * Test harness for HTTP suites: a fresh database plus the all-in-one gateway (request AND response
 * validation on) around it, driven with supertest.
 */
import http from 'node:http';
import type { Router } from 'express';
import { createAllInOneGateway, createGateway, type AllInOneOptions, type Gateway } from '../apps/gateway/src/index';
import { createTestDatabase, type TestDatabase } from '../libs/db/src/testing';
import { answerClientErrors, createAppServer, createLogger, createMetrics } from '../libs/service-kit/src/index';
import supertest from 'supertest';

export interface Harness {
  db: TestDatabase;
  gateway: Gateway;
  http: ReturnType<typeof supertest>;
  close: () => Promise<void>;
}

/** `download`: the download app's other dependencies, to serve its routes too (left out, they answer 503). */
export async function startHarness(options: { download?: AllInOneOptions['download'] } = {}): Promise<Harness> {
  const db = await createTestDatabase();
  const gateway = createAllInOneGateway({
    db: db.pool,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test'),
    metrics: createMetrics({ defaultMetrics: false }),
    bodyLimit: '1mb',
    validateResponses: true,
    ...(options.download ? { download: options.download } : {}),
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

/**
 * Split mode around one app: the app's router served alone (as its main.ts serves it) on a loopback port, and a
 * gateway (request and response validation on) that proxies that app's operations to it.
 */
export async function startSplitGateway(app: 'reference' | 'search' | 'profile' | 'download', router: Router): Promise<{
  http: ReturnType<typeof supertest>;
  close: () => Promise<void>;
}> {
  const logger = createLogger('silent', 'test');
  const server = http.createServer(
    createAppServer({ name: app, router, logger, metrics: createMetrics({ defaultMetrics: false }), ready: async () => undefined, bodyLimit: '1mb' }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const gateway = createGateway({
    logger,
    metrics: createMetrics({ defaultMetrics: false }),
    bodyLimit: '1mb',
    ready: async () => undefined,
    validateResponses: true,
    routing: { mode: 'split', upstreams: { [app]: url }, timeoutMs: 5_000 },
  });
  return {
    http: supertest(gateway.app),
    close: async () => {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Every row of a paged POST answer: `post` asked for page 1, 2, ... (`bodyOf` places the page number) until
 * `page_metadata.hasNext` is false; at most `maxPages`.
 */
export async function allPages<Row>(
  post: (path: string, body: Record<string, unknown>) => Promise<{ results: Row[]; page_metadata: { hasNext: boolean } }>,
  path: string,
  bodyOf: (page: number) => Record<string, unknown>,
  maxPages = 200,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const body = await post(path, bodyOf(page));
    rows.push(...body.results);
    if (!body.page_metadata.hasNext) return rows;
  }
  throw new Error(`${path}: more than ${maxPages} pages`);
}

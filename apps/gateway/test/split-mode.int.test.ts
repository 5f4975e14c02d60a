/**
 * The same requests through both runtime modes: all-in-one (apps mounted in the gateway) and split
 * (the gateway proxies to the reference app running as its own HTTP server over an undici Pool).
 */
import http from 'node:http';
import { createApp as createReferenceApp } from '@usas/reference';
import { createAppServer, createLogger, createMetrics } from '@usas/service-kit';
import { startHarness, type Harness } from '@usas/test-harness';
import supertest from 'supertest';
import { createGateway, type Gateway } from '../src/index';

const logger = createLogger('silent');
let h: Harness;
let upstream: http.Server;
let upstreamUrl: string;
let split: Gateway;

async function listenOnFreePort(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  h = await startHarness();
  const app = createAppServer({
    name: 'reference',
    router: createReferenceApp({ db: h.db.pool }),
    logger,
    metrics: createMetrics({ defaultMetrics: false }),
    ready: async () => undefined,
    bodyLimit: '1mb',
  });
  upstream = http.createServer(app);
  upstreamUrl = await listenOnFreePort(upstream);
  split = createGateway({
    logger,
    metrics: createMetrics({ defaultMetrics: false }),
    bodyLimit: '1mb',
    ready: async () => undefined,
    validateResponses: true,
    routing: { mode: 'split', upstreams: { reference: upstreamUrl }, timeoutMs: 5_000 },
  });
});

afterAll(async () => {
  await split.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await h.close();
});

const requests: Array<{ name: string; send: (agent: ReturnType<typeof supertest>) => supertest.Test }> = [
  { name: 'GET def codes', send: (a) => a.get('/api/v2/references/def_codes/') },
  { name: 'GET budget functions (no slash)', send: (a) => a.get('/api/v2/budget_functions/list_budget_functions') },
  { name: 'POST subfunctions', send: (a) => a.post('/api/v2/budget_functions/list_budget_subfunctions/').send({ budget_function: '050' }) },
  { name: 'POST missing hash', send: (a) => a.post('/api/v2/references/hash/').send({}) },
  { name: 'POST unknown hash', send: (a) => a.post('/api/v2/references/hash/').send({ hash: 'abc' }) },
  { name: 'POST malformed JSON', send: (a) => a.post('/api/v2/references/hash/').set('content-type', 'application/json').send('{') },
  { name: 'GET unknown path', send: (a) => a.get('/api/v2/unknown/') },
];

describe('all-in-one and split modes answer alike', () => {
  it.each(requests)('$name', async ({ send }) => {
    const direct = await send(h.http);
    const proxied = await send(supertest(split.app));
    expect(proxied.status).toBe(direct.status);
    expect(proxied.body).toEqual(direct.body);
    expect(direct.headers['content-type']).toBe('application/json');
    expect(proxied.headers['content-type']).toBe('application/json');
    expect(direct.status).toBeLessThan(500);
  });

  it('proxies writes and reads back through the app', async () => {
    const filters = {
      keyword: {}, timePeriodType: 'dr', timePeriodFY: [], timePeriodStart: '2020-01-01', timePeriodEnd: '2020-12-31',
      selectedLocations: {}, locationDomesticForeign: 'all', selectedFundingAgencies: {}, selectedAwardingAgencies: {},
      selectedRecipients: [], recipientDomesticForeign: 'all', recipientType: [], selectedRecipientLocations: {}, awardType: [],
      selectedAwardIDs: {}, awardAmounts: {}, selectedCFDA: {}, selectedNAICS: {}, selectedPSC: {}, pricingType: [], setAside: [], extentCompeted: [],
    };
    const proxied = await supertest(split.app).post('/api/v2/references/filter').send({ filters }).expect(200);
    const direct = await h.http.post('/api/v2/references/hash/').send({ hash: proxied.body.hash }).expect(200);
    expect(direct.body.filter.filters.timePeriodStart).toBe('2020-01-01');
  });
});

describe('upstream failures', () => {
  it('answers 503 JSON when the app cannot be reached', async () => {
    const dead = createGateway({
      logger,
      metrics: createMetrics({ defaultMetrics: false }),
      bodyLimit: '1mb',
      ready: async () => undefined,
      routing: { mode: 'split', upstreams: { reference: 'http://127.0.0.1:9' }, timeoutMs: 2_000 },
    });
    try {
      const res = await supertest(dead.app).get('/api/v2/references/def_codes/').expect(503);
      expect(res.body).toEqual({ detail: 'The reference service is unavailable.', errors: [] });
    } finally {
      await dead.close();
    }
  });

  it('answers 503 JSON for an app that is not configured', async () => {
    const none = createGateway({
      logger,
      metrics: createMetrics({ defaultMetrics: false }),
      bodyLimit: '1mb',
      ready: async () => undefined,
      routing: { mode: 'split', upstreams: {}, timeoutMs: 2_000 },
    });
    const res = await supertest(none.app).get('/api/v2/references/def_codes/').expect(503);
    expect(res.body.detail).toBe('The reference service is not configured.');
    await none.close();
  });

  it('answers 502 JSON when the app times out', async () => {
    const slow = http.createServer(() => undefined); // accepts, never answers
    const slowUrl = await listenOnFreePort(slow);
    const gw = createGateway({
      logger,
      metrics: createMetrics({ defaultMetrics: false }),
      bodyLimit: '1mb',
      ready: async () => undefined,
      routing: { mode: 'split', upstreams: { reference: slowUrl }, timeoutMs: 300 },
    });
    try {
      const res = await supertest(gw.app).get('/api/v2/references/def_codes/').expect(502);
      expect(res.body.detail).toBe('The reference service did not answer properly.');
    } finally {
      await gw.close();
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

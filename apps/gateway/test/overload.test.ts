/**
 * Concurrency limits per route class, driven without a database: the apps are stand-in routers whose
 * handlers wait until the test releases them, so which request runs, waits or is turned away is decided
 * by the limiter alone (no timing involved).
 */
import http from 'node:http';
import { createLogger, createMetrics } from '@usas/service-kit';
import { Router } from 'express';
import { request } from 'undici';
import { createGateway, type Gateway } from '../src/gateway';

interface Held {
  release: () => void;
}

let gateway: Gateway;
let server: http.Server;
let base: string;
const held: Held[] = [];
let entered: () => void = () => undefined;

/** A handler that answers only once released; each entry is recorded in `held`. */
const holding = Router().post('/api/v2/search/spending_by_award_count/', (_req, res) => {
  held.push({ release: () => res.json({ results: { contracts: 0, direct_payments: 0, grants: 0, idvs: 0, loans: 0, other: 0 }, spending_level: 'awards', messages: [] }) });
  entered();
});
const reference = Router().post('/api/v2/autocomplete/glossary/', (_req, res) => {
  res.json({ results: [], search_text: 'x', count: 0, matched_terms: [] });
});

beforeAll(async () => {
  gateway = createGateway({
    logger: createLogger('silent'),
    metrics: createMetrics({ defaultMetrics: false }),
    ready: async () => undefined,
    bodyLimit: '1mb',
    routeLimits: { limits: { search: { concurrency: 2, queue: 1 }, reference: { concurrency: 1, queue: 0 } }, retryAfterSeconds: 7 },
    routing: { mode: 'all-in-one', apps: { search: holding, reference } },
  });
  server = http.createServer(gateway.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const search = (signal?: AbortSignal) =>
  request(`${base}/api/v2/search/spending_by_award_count/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filters: {} }),
    ...(signal ? { signal } : {}),
  });

/** Resolves once `n` requests are inside the handler. */
const untilHeld = (n: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (held.length >= n) resolve();
    };
    entered = check;
    check();
  });

/** Resolves once the limiter reports `waiting` queued search requests (polled on the event loop, no timing). */
async function untilWaiting(waiting: number): Promise<void> {
  while (gateway.limiter.state().search?.waiting !== waiting) await new Promise((r) => setImmediate(r));
}

describe('concurrency limit per route class', () => {
  it('runs the class limit at once, queues the next, answers 503 with Retry-After beyond the queue', async () => {
    const first = search();
    const second = search();
    await untilHeld(2);
    const third = search();
    await untilWaiting(1);
    expect(gateway.limiter.state().search).toEqual({ running: 2, waiting: 1 });

    const rejected = await search();
    expect(rejected.statusCode).toBe(503);
    expect(rejected.headers['retry-after']).toBe('7');
    expect(rejected.headers['content-type']).toMatch(/^application\/json/);
    expect(await rejected.body.json()).toEqual({ detail: 'Too many search requests in progress; retry in 7 s.', errors: [] });

    // Another class is not held up by this one.
    const other = await request(`${base}/api/v2/autocomplete/glossary/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search_text: 'x' }),
    });
    expect(other.statusCode).toBe(200);
    await other.body.dump();

    // Releasing one running request lets the queued one in.
    held[0]?.release();
    expect((await first).statusCode).toBe(200);
    await untilHeld(3);
    expect(gateway.limiter.state().search).toEqual({ running: 2, waiting: 0 });
    held[1]?.release();
    held[2]?.release();
    const answers = await Promise.all([second, third]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await Promise.all(answers.map((a) => a.body.dump()));
    while (gateway.limiter.state().search?.running !== 0) await new Promise((r) => setImmediate(r));
    held.length = 0;
  });

  it('gives the place of a client that leaves the queue up, and frees the slot of one that leaves while served', async () => {
    const leaving = new AbortController();
    const a = search(leaving.signal).catch((error: unknown) => error);
    const b = search();
    await untilHeld(2);
    const controller = new AbortController();
    const queued = search(controller.signal).catch((error: unknown) => error);
    await untilWaiting(1);
    controller.abort();
    await queued;
    await untilWaiting(0);
    expect(gateway.limiter.state().search).toEqual({ running: 2, waiting: 0 });
    leaving.abort();
    await a;
    while (gateway.limiter.state().search?.running !== 1) await new Promise((r) => setImmediate(r));
    held[1]?.release();
    await (await b).body.dump();
    while (gateway.limiter.state().search?.running !== 0) await new Promise((r) => setImmediate(r));
    expect(gateway.limiter.state().search).toEqual({ running: 0, waiting: 0 });
    held.length = 0;
  });
});

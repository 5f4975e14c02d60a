import { badRequest } from '@usas/errors';
import express from 'express';
import request from 'supertest';
import { jsonHandler } from './async-handler';
import { createHttpApp } from './http-app';
import { createLogger } from './logger';
import { createMetrics } from './metrics';

function app(ready: () => Promise<void> = async () => undefined) {
  const router = express.Router();
  router.get('/ok', jsonHandler(async () => ({ name: 'Département', n: 1 })));
  router.get('/bad', jsonHandler(async () => {
    throw badRequest('Invalid value in \'x\'.');
  }));
  router.get('/boom', jsonHandler(async () => {
    throw new Error('driver text that must not leak');
  }));
  router.post('/echo', express.json(), jsonHandler(async (req) => req.body as unknown));
  return createHttpApp({ name: 'test', logger: createLogger('silent'), metrics: createMetrics({ defaultMetrics: false }), ready, routes: [router] });
}

describe('JSON responses carry Content-Type: application/json exactly', () => {
  it('on route answers, with the body intact (UTF-8)', async () => {
    const res = await request(app()).get('/ok');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ name: 'Département', n: 1 });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Département","n":1}')));
  });

  it('on 4xx, 500, 404 and malformed JSON errors', async () => {
    const bad = await request(app()).get('/bad');
    expect([bad.status, bad.headers['content-type'], bad.body.detail]).toEqual([400, 'application/json', "Invalid value in 'x'."]);
    const boom = await request(app()).get('/boom');
    expect([boom.status, boom.headers['content-type']]).toEqual([500, 'application/json']);
    expect(JSON.stringify(boom.body)).not.toContain('driver text');
    const missing = await request(app()).get('/nowhere');
    expect([missing.status, missing.headers['content-type'], missing.body.detail]).toEqual([404, 'application/json', 'No endpoint matches GET /nowhere.']);
    const malformed = await request(app()).post('/echo').set('content-type', 'application/json').send('{"a":');
    expect([malformed.status, malformed.headers['content-type'], malformed.body.detail]).toEqual([400, 'application/json', 'Malformed JSON in request body.']);
  });

  it('on health and readiness answers', async () => {
    const health = await request(app()).get('/healthz');
    expect([health.headers['content-type'], health.body]).toEqual(['application/json', { status: 'ok', service: 'test', database: 'up' }]);
    const down = await request(app(async () => Promise.reject(new Error('down')))).get('/readyz');
    expect([down.status, down.headers['content-type'], down.body.detail]).toEqual([503, 'application/json', 'Database is not reachable.']);
  });

  it('leaves other media types alone', async () => {
    const metrics = await request(app()).get('/metrics');
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
  });
});

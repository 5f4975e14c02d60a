/**
 * Operations that take nothing skip the request validator in production (response validation off);
 * everything else still goes through it. Driven with stand-in app routers, no database.
 */
import http from 'node:http';
import { openapiDocument } from '@usas/api-types';
import { createLogger, createMetrics } from '@usas/service-kit';
import { Router } from 'express';
import { request } from 'undici';
import { createGateway } from '../src/gateway';
import { parameterlessOperations } from '../src/parameterless-routes';

const metrics = createMetrics({ defaultMetrics: false });
let server: http.Server;
let base: string;
let seen: Array<{ operationId?: string; expressRoute?: string } | undefined> = [];

beforeAll(async () => {
  const reference = Router()
    .get('/api/v2/references/def_codes/', (req, res) => {
      seen.push((req as typeof req & { openapi?: { schema?: { operationId?: string }; expressRoute?: string } }).openapi && {
        operationId: (req as typeof req & { openapi: { schema: { operationId: string } } }).openapi.schema.operationId,
        expressRoute: (req as typeof req & { openapi: { expressRoute: string } }).openapi.expressRoute,
      });
      res.json({ codes: [] });
    })
    .post('/api/v2/budget_functions/list_budget_subfunctions/', (_req, res) => {
      res.json({ results: [] });
    });
  const gateway = createGateway({ logger: createLogger('silent'), metrics, ready: async () => undefined, bodyLimit: '1mb', routing: { mode: 'all-in-one', apps: { reference } } });
  server = http.createServer(gateway.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('operations that take nothing', () => {
  it('are the GETs without parameters or body', () => {
    const ops = parameterlessOperations(openapiDocument.paths as Record<string, Record<string, unknown>>);
    expect([...ops.keys()].sort()).toEqual([
      'GET /api/v2/awards/last_updated/',
      'GET /api/v2/budget_functions/list_budget_functions/',
      'GET /api/v2/recipient/state/',
      'GET /api/v2/references/award_types/',
      'GET /api/v2/references/cfda/totals/',
      'GET /api/v2/references/data_dictionary/',
      'GET /api/v2/references/def_codes/',
    ]);
  });

  it('reach the app with the operation resolved, with or without the trailing slash, and are counted by operation', async () => {
    seen = [];
    for (const path of ['/api/v2/references/def_codes/', '/api/v2/references/def_codes']) {
      const res = await request(`${base}${path}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      await res.body.dump();
    }
    expect(seen).toEqual([
      { operationId: 'listDefCodes', expressRoute: '/api/v2/references/def_codes/' },
      { operationId: 'listDefCodes', expressRoute: '/api/v2/references/def_codes/' },
    ]);
    expect(await metrics.registry.metrics()).toMatch(/http_requests_total\{operation="listDefCodes",method="GET",status="200"\} 2/);
  });

  it('still leave everything else to the validator: a wrong method, a bad body', async () => {
    const post = await request(`${base}/api/v2/references/def_codes/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.statusCode).toBe(405);
    expect(((await post.body.json()) as { detail: string }).detail).toMatch(/^Method not allowed/);
    const bad = await request(`${base}/api/v2/budget_functions/list_budget_subfunctions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ budget_function: 'x' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(((await bad.body.json()) as { detail: string }).detail).toMatch(/budget_function/);
  });
});

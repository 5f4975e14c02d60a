import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('gateway conventions', () => {
  it('serves every path with and without the trailing slash, without redirecting POSTs', async () => {
    const a = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions/').send({ budget_function: '800' }).expect(200);
    const b = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions').send({ budget_function: '800' }).expect(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.results.length).toBe(2);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await h.http.get('/api/v2/no/such/thing/').expect(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ detail: 'No endpoint matches this path.', errors: [] });
    const outside = await h.http.get('/nothing-here').expect(404);
    expect(outside.body.detail).toMatch(/No endpoint matches GET \/nothing-here/);
  });

  it('answers a wrong method with a JSON 405', async () => {
    const res = await h.http.get('/api/v2/references/filter/').expect(405);
    expect(res.body.detail).toMatch(/Method not allowed/);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await h.http.post('/api/v2/references/hash/').set('content-type', 'application/json').send('{"hash": ').expect(400);
    expect(res.body).toEqual({ detail: 'Malformed JSON in request body.', errors: [] });
  });

  it('rejects a non-JSON body with 415', async () => {
    const res = await h.http.post('/api/v2/references/hash/').set('content-type', 'text/plain').send('hash=1').expect(415);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('applies the global body limit elsewhere', async () => {
    const res = await h.http
      .post('/api/v2/budget_functions/list_budget_subfunctions/')
      .send({ budget_function: '800', padding: 'p'.repeat(1100 * 1024) })
      .expect(413);
    expect(res.body.detail).toMatch(/exceeds/);
  });

  it('ignores unknown body fields that real clients send', async () => {
    const res = await h.http
      .post('/api/v2/budget_functions/list_budget_subfunctions/')
      .send({ budget_function: '800', auditTrail: 'Budget function list' })
      .expect(200);
    expect(res.body.results).toHaveLength(2);
  });

  it('ignores unknown query parameters (cache busters) and still checks the known ones', async () => {
    const plain = await h.http.get('/api/v2/references/glossary/?limit=2').expect(200);
    const busted = await h.http.get('/api/v2/references/glossary/?limit=2&_=1700000000000').expect(200);
    expect(busted.body).toEqual(plain.body);
    expect(busted.body.results).toHaveLength(2);
    const defc = await h.http.get('/api/v2/references/def_codes/?_=1').expect(200);
    expect(defc.body.codes.length).toBeGreaterThan(0);
    const post = await h.http.post('/api/v2/budget_functions/list_budget_subfunctions/?_=1&foo[bar]=2').send({ budget_function: '800' }).expect(200);
    expect(post.body.results).toHaveLength(2);
    const bad = await h.http.get('/api/v2/references/glossary/?limit=0&_=1').expect(400);
    expect(bad.headers['content-type']).toBe('application/json');
    expect(bad.body.detail).toMatch(/limit/);
  });

  it('answers CORS preflights and marks responses for any origin', async () => {
    const pre = await h.http
      .options('/api/v2/references/filter/')
      .set('Origin', 'https://example.org')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(pre.headers['access-control-allow-headers']).toBe('content-type');
    const get = await h.http.get('/api/v2/references/def_codes/').set('Origin', 'https://example.org').expect(200);
    expect(get.headers['access-control-allow-origin']).toBe('*');
  });

  it('echoes or assigns a request id', async () => {
    const given = await h.http.get('/healthz').set('x-request-id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    const assigned = await h.http.get('/healthz').expect(200);
    expect(assigned.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never leaks driver or stack text', async () => {
    await h.db.pool.query(sql.unsafe`ALTER TABLE budget_function RENAME TO budget_function_moved`);
    try {
      const res = await h.http.get('/api/v2/budget_functions/list_budget_functions/').expect(500);
      expect(res.body).toEqual({ detail: 'An internal error occurred.', errors: [] });
      expect(JSON.stringify(res.body)).not.toMatch(/relation|budget_function_moved|at .*\.ts/);
    } finally {
      await h.db.pool.query(sql.unsafe`ALTER TABLE budget_function_moved RENAME TO budget_function`);
    }
  });
});

describe('operations endpoints', () => {
  it('reports liveness and readiness', async () => {
    expect((await h.http.get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'gateway', database: 'up' });
    expect((await h.http.get('/readyz').expect(200)).body).toEqual({ status: 'ready', service: 'gateway' });
  });

  it('counts requests per operation in /metrics', async () => {
    await h.http.get('/api/v2/references/def_codes/').expect(200);
    await h.http.get('/api/v2/references/def_codes').expect(200);
    const res = await h.http.get('/metrics').expect(200);
    expect(res.text).toMatch(/http_requests_total\{operation="listDefCodes",method="GET",status="200"\} [2-9]/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{le="[0-9.]+",operation="listDefCodes"/);
  });

  it('serves the bundled OpenAPI document', async () => {
    const res = await h.http.get('/api/v2/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/v2/references/def_codes/');
  });

  it('serves the docs page and its script locally', async () => {
    const page = await h.http.get('/docs').expect(200);
    expect(page.text).toContain('<script src="/docs/assets/standalone.js">');
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    const script = await h.http.get('/docs/assets/standalone.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.text.length).toBeGreaterThan(100_000);
  });
});

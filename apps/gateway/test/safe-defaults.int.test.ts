/**
 * Safe HTTP defaults: security headers on every response, compression of large bodies as the client
 * accepts it, Cache-Control on reference lists (never on errors), DEF codes served from memory, and
 * JSON answers for requests Node's parser refuses.
 */
import net from 'node:net';
import zlib from 'node:zlib';
import { createLogger } from '@usas/service-kit';
import { startHarness, type Harness } from '@usas/test-harness';
import { sql } from 'slonik';
import { request } from 'undici';
import { listen, type RunningServer } from '../src/listen';

let h: Harness;
let running: RunningServer;
beforeAll(async () => {
  h = await startHarness();
  running = await listen(h.gateway.app, 0, '127.0.0.1', createLogger('silent'));
});
afterAll(async () => {
  await running.close();
  await h.close();
});

describe('security headers', () => {
  it('are on JSON answers, errors and the docs page, whose policy forbids framing', async () => {
    for (const res of [
      await h.http.get('/api/v2/references/def_codes/').expect(200),
      await h.http.get('/api/v2/no/such/thing/').expect(404),
      await h.http.post('/api/v2/references/hash/').send({ hash: 1 }).expect(400),
      await h.http.get('/healthz').expect(200),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const docs = await h.http.get('/docs').expect(200);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';.*; frame-ancestors 'none'/);
  });
});

describe('response compression', () => {
  const get = (path: string, encoding?: string) =>
    request(`${running.url}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('compresses a large JSON body with the coding the client accepts', async () => {
    const plain = await get('/api/v2/openapi.json');
    const text = await plain.body.text();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(text.length).toBeGreaterThan(10_000);
    for (const [accept, coding, decode] of [
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['gzip;q=0.5, br', 'br', zlib.brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get('/api/v2/openapi.json', accept);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      const bytes = Buffer.from(await res.body.arrayBuffer());
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(text.length / 3);
      expect(decode(bytes).toString('utf8')).toBe(text);
    }
  });

  it('leaves small bodies and refused codings alone', async () => {
    const small = await get('/healthz', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(await small.body.json()).toEqual({ status: 'ok', service: 'gateway', database: 'up' });
    const refused = await get('/api/v2/openapi.json', 'identity, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    await refused.body.dump();
  });
});

describe('caching', () => {
  it('marks reference lists cacheable, and not searches or errors', async () => {
    const defCodes = await h.http.get('/api/v2/references/def_codes/').expect(200);
    expect(defCodes.headers['cache-control']).toBe('public, max-age=300');
    const functions = await h.http.get('/api/v2/budget_functions/list_budget_functions/').expect(200);
    expect(functions.headers['cache-control']).toBe('public, max-age=300');
    const hash = await h.http.post('/api/v2/references/hash/').send({ hash: 'nope' });
    expect(hash.headers['cache-control']).toBe('no-store');
    const badPage = await h.http.get('/api/v2/references/glossary/?page=0').expect(400);
    expect(badPage.headers['cache-control']).toBe('no-store');
  });

  it('serves DEF codes from memory once loaded', async () => {
    const first = await h.http.get('/api/v2/references/def_codes/').expect(200);
    expect(first.body.codes.length).toBeGreaterThan(5);
    // With the table gone, the list still comes back: no query per request.
    await h.db.pool.query(sql.unsafe`ALTER TABLE disaster_emergency_fund_code RENAME TO def_code_moved`);
    try {
      const second = await h.http.get('/api/v2/references/def_codes/').expect(200);
      expect(second.body).toEqual(first.body);
    } finally {
      await h.db.pool.query(sql.unsafe`ALTER TABLE def_code_moved RENAME TO disaster_emergency_fund_code`);
    }
  });
});

describe('requests the HTTP parser refuses', () => {
  const rawRequest = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(running.url);
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
      let out = '';
      socket.on('data', (d) => (out += d.toString('latin1')));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });

  it('answers oversized headers with a JSON 431 and a malformed request with a JSON 400', async () => {
    const big = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big.slice(big.indexOf('\r\n\r\n') + 4)).toBe('{"detail":"The request headers are too large.","errors":[]}');
    const garbage = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toMatch(/Content-Type: application\/json/);
  });
});

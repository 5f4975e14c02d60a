/**
 * Each class of bad input the fuzzer covers, one by one: the answer is a JSON 4xx naming the problem,
 * and the process keeps serving.
 */
import zlib from 'node:zlib';
import { serveHarness, startHarness, type Harness } from '@usas/test-harness';
import { request } from 'undici';

let h: Harness;
let served: Awaited<ReturnType<typeof serveHarness>>;
beforeAll(async () => {
  h = await startHarness();
  served = await serveHarness(h);
});
afterAll(async () => {
  await served.close();
  await h.close();
});

/** POSTs raw bytes (supertest would serialise a Buffer as JSON). */
async function postRaw(path: string, body: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: { detail?: string; results?: unknown } }> {
  const res = await request(`${served.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.statusCode, body: (await res.body.json()) as { detail?: string } };
}

const AWARD_SEARCH = '/api/v2/search/spending_by_award/';
const awardSearch = (filters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  filters: { award_type_codes: ['A', 'B', 'C', 'D'], ...filters },
  fields: ['Award ID'],
  ...extra,
});
const many = (n: number, f: (i: number) => unknown = (i) => `k${i}`) => Array.from({ length: n }, (_, i) => f(i));

async function expectHealthy(): Promise<void> {
  expect((await h.http.get('/healthz').expect(200)).body.status).toBe('ok');
}

describe('NUL characters and invalid UTF-8', () => {
  it('rejects a NUL in a body string or key with 400 naming the field', async () => {
    const res = await h.http.post('/api/v2/autocomplete/glossary/').send({ search_text: 'a\u0000b' }).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      detail: "Invalid value in 'search_text': text must not contain NUL characters.",
      errors: [{ path: '/body/search_text', message: 'must not contain NUL characters', code: 'nul' }],
    });
    const nested = await h.http.post(AWARD_SEARCH).send(awardSearch({ keywords: ['ok', 'x\u0000'] })).expect(400);
    expect(nested.body.errors[0].path).toBe('/body/filters/keywords/1');
    const key = await h.http.post(AWARD_SEARCH).send(awardSearch({ 'bad\u0000key': 1 })).expect(400);
    expect(key.body.detail).toMatch(/NUL/);
  });

  it('rejects a body that is not UTF-8 with 400', async () => {
    const body = Buffer.concat([Buffer.from('{"search_text": "'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);
    expect(await postRaw('/api/v2/autocomplete/glossary/', body)).toEqual({ status: 400, body: { detail: 'The request body is not valid UTF-8.', errors: [] } });
  });

  it('rejects NUL or invalid UTF-8 escapes in the query string and the path with 400', async () => {
    for (const url of ['/api/v2/references/naics/?filter=%00', '/api/v2/references/naics/?filter=%FF', '/api/v2/references/naics/%00/', '/api/v2/references/agency/%E0%A4%A/']) {
      const res = await h.http.get(url).expect(400);
      expect(res.body.detail).toBe('The request URL holds an escape that is not valid UTF-8 text or is a NUL character.');
    }
    const tooLong = await h.http.get(`/api/v2/references/naics/?filter=${'x'.repeat(9000)}`).expect(400);
    expect(tooLong.body.detail).toBe('The request URL is longer than 8192 characters.');
    await expectHealthy();
  });
});

describe('numbers out of range', () => {
  it.each([
    ['page 1e20', { page: 1e20 }, "Invalid value in 'page': must be <= 1000000."],
    ['page 1e308', { page: 1e308 }, "Invalid value in 'page': must be <= 1000000."],
    ['page -0', { page: -0 }, "Invalid value in 'page': must be >= 1."],
    ['limit 0', { limit: 0 }, "Invalid value in 'limit': must be >= 1."],
    ['search-after id past 2^53', { last_record_unique_id: 2 ** 63 }, "Invalid value in 'last_record_unique_id': must be <= 9007199254740991."],
  ])('%s is a 400', async (_name, extra, detail) => {
    const res = await h.http.post(AWARD_SEARCH).send(awardSearch({}, extra)).expect(400);
    expect(res.body.detail).toBe(detail);
  });

  it('bounds award amounts and program activity ids', async () => {
    const amounts = await h.http.post(AWARD_SEARCH).send(awardSearch({ award_amounts: [{ lower_bound: 1e308 }] })).expect(400);
    expect(amounts.body.detail).toBe("Invalid value in 'filters.award_amounts.0.lower_bound': must be <= 1000000000000000.");
    const ids = await h.http.post(AWARD_SEARCH).send(awardSearch({ program_activity: [2 ** 40] })).expect(400);
    expect(ids.body.detail).toBe("Invalid value in 'filters.program_activity.0': must be <= 2147483647.");
    const glossary = await h.http.get('/api/v2/references/glossary/?page=100000000000000000000').expect(400);
    expect(glossary.body.detail).toMatch(/page/);
  });
});

describe('huge arrays', () => {
  it.each([
    ['keywords', { keywords: many(4400) }, 100],
    ['recipient_search_text', { recipient_search_text: many(101) }, 100],
    ['naics_codes', { naics_codes: { require: many(1001, (i) => String(100000 + i)) } }, 1000],
    ['tas_codes', { tas_codes: { require: many(1001, () => ['012']) } }, 1000],
    ['award_ids', { award_ids: many(1001) }, 1000],
  ])('more %s than the documented maxItems is a 400', async (field, filters, max) => {
    const res = await h.http.post(AWARD_SEARCH).send(awardSearch(filters)).expect(400);
    expect(res.body.detail).toMatch(new RegExp(`^Invalid value in 'filters\\.${field}(\\.require)?': must NOT have more than ${max} items\\.$`));
  });

  it('answers a request with every large filter at its limit (no parameter overflow)', async () => {
    const filters = {
      keywords: many(100, (i) => `word${i}`),
      recipient_search_text: many(100, (i) => `name${i}`),
      award_ids: many(1000, (i) => `ID${i}`),
      program_numbers: many(1000, (i) => `10.${String(i).padStart(3, '0')}`),
      naics_codes: { require: many(1000, (i) => String(100000 + i)) },
      psc_codes: { require: many(1000, (i) => ['Product', String(1000 + i)]) },
      tas_codes: { require: many(1000, (i) => ['012', `012-${String(i).padStart(4, '0')}`]) },
    };
    const res = await h.http.post(AWARD_SEARCH).send(awardSearch(filters)).expect(200);
    expect(res.body.results).toEqual([]);
  });
});

describe('missing bodies', () => {
  it('answers an empty POST with 422 on every operation, including one whose body schema is an allOf', async () => {
    for (const path of ['/api/v2/search/spending_by_category/', AWARD_SEARCH, '/api/v2/autocomplete/glossary/']) {
      const res = await postRaw(path, Buffer.alloc(0));
      expect(res.status).toBe(422);
      expect(res.body.detail).toMatch(/^Missing value: /);
    }
  });
});

describe('compressed bodies', () => {
  const body = JSON.stringify({ search_text: 'defense' });
  const send = (encoding: string, payload: Buffer) => postRaw('/api/v2/autocomplete/glossary/', payload, { 'content-encoding': encoding });

  it('decodes gzip, deflate and br bodies', async () => {
    const plain = await h.http.post('/api/v2/autocomplete/glossary/').send(JSON.parse(body)).expect(200);
    for (const [encoding, payload] of [
      ['gzip', zlib.gzipSync(body)],
      ['deflate', zlib.deflateSync(body)],
      ['br', zlib.brotliCompressSync(body)],
    ] as const) {
      expect(await send(encoding, payload)).toEqual({ status: 200, body: plain.body });
    }
  });

  it('answers an unknown encoding with 415 and a corrupt stream with 400', async () => {
    expect(await send('zstd', Buffer.from(body))).toEqual({ status: 415, body: { detail: "Unsupported Content-Encoding 'zstd': send identity, gzip, deflate or br.", errors: [] } });
    const corrupt = Buffer.concat([zlib.gzipSync(body).subarray(0, 12), Buffer.from('garbage')]);
    expect(await send('gzip', corrupt)).toEqual({ status: 400, body: { detail: 'The request body could not be decompressed.', errors: [] } });
  });

  it('counts the limit on the decoded bytes: a small gzip bomb is a 413', async () => {
    const bomb = zlib.gzipSync(Buffer.from(`{"search_text": "${' '.repeat(20 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await send('gzip', bomb)).toEqual({ status: 413, body: { detail: 'Request body exceeds the limit of 1048576 bytes (1mb).', errors: [] } });
    await expectHealthy();
  });
});

describe('deep nesting', () => {
  it('answers 10,000 nested arrays or objects with 400 without parsing them', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const res = await h.http
        .post(AWARD_SEARCH)
        .set('content-type', 'application/json')
        .send(`{"filters": ${open.repeat(10_000)}1${close.repeat(10_000)}}`)
        .expect(400);
      expect(res.body).toEqual({ detail: 'The request body nests arrays and objects deeper than 64 levels.', errors: [] });
    }
    await expectHealthy();
  });

  it('still accepts brackets inside strings', async () => {
    const res = await h.http.post('/api/v2/autocomplete/glossary/').send({ search_text: '['.repeat(500) }).expect(200);
    expect(res.body.results).toEqual([]);
  });
});

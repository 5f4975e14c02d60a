/**
 * Schema-driven request generator for property tests: from an OpenAPI 3.1 document (the one the
 * gateway serves) it builds fast-check arbitraries of requests to every operation. Values mostly
 * follow the schemas (so requests get past validation and reach the handlers and the database) with,
 * at any node, a chance of a hostile value: NUL characters, lone surrogates, 1e308, -0, 1e20, empty
 * and over-long strings and arrays, wrong types, deep nesting. Whole-request mutations add invalid
 * UTF-8, compressed bodies, bad escapes in the path and query and unknown parameters.
 */
import fc from 'fast-check';
import zlib from 'node:zlib';

type Schema = Record<string, unknown>;

export interface FuzzRequest {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Operation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  params: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  body?: Schema;
}

const STRING_ATTACKS = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '%00',
  "'; DROP TABLE award_search; --",
  '\\',
  '%',
  '_',
  '*',
  '..',
  ' ',
  '\u202e\u0301',
  '😀'.repeat(3),
  'x'.repeat(5000),
  '1e308',
  'null',
];
const NUMBER_ATTACKS = [1e308, -1e308, -0, 0, -1, 1e20, 2 ** 53 + 1, 2 ** 63, 0.5, -2147483649, 2147483648, Number.MIN_VALUE];

/** A hostile JSON value of any kind (`small`: none of the huge ones, for query strings). */
const attack = (small = false): fc.Arbitrary<unknown> =>
  small ? fc.oneof(fc.constantFrom(...STRING_ATTACKS.filter((s) => s.length < 100)), fc.constantFrom(...NUMBER_ATTACKS), fc.constantFrom(null, true, [], {})) :
  fc.oneof(
    fc.constantFrom(...STRING_ATTACKS),
    fc.constantFrom(...NUMBER_ATTACKS),
    fc.constantFrom(null, true, false, {}, [], [[]], { '': '' }, { '\u0000': 1 }),
    fc.integer({ min: 50, max: 300 }).map((depth) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i += 1) v = [v];
      return v;
    }),
    fc.integer({ min: 1001, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}`)),
    fc.string({ maxLength: 20, unit: 'binary' }),
  );

/** Resolves `#/components/...` references of the document. */
function resolver(doc: Schema): (s: unknown) => Schema {
  return (s: unknown): Schema => {
    let node = (s ?? {}) as Schema;
    for (let guard = 0; typeof node.$ref === 'string' && guard < 20; guard += 1) {
      const parts = (node.$ref as string).replace(/^#\//, '').split('/');
      node = parts.reduce<Schema>((acc, p) => (acc[p.replace(/~1/g, '/').replace(/~0/g, '~')] ?? {}) as Schema, doc);
    }
    return node;
  };
}

/** The operations of the document, with parameters and JSON body schema resolved. */
export function operationsOf(doc: Schema): Operation[] {
  const resolve = resolver(doc);
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) => {
        const r = resolve(p);
        return { name: String(r.name), in: String(r.in), required: r.required === true, schema: resolve(r.schema) };
      });
      const body = ((op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json']?.schema;
      ops.push({ id: String(op.operationId), method: method === 'get' ? 'GET' : 'POST', path, params, ...(body ? { body: resolve(body) } : {}) });
    }
  }
  return ops;
}

/** Arbitrary of values of a schema, with a chance (1 in `1 + odds`) of a hostile value at each node. */
function valueOf(doc: Schema, odds = 15, small = false): (schema: unknown, depth?: number) => fc.Arbitrary<unknown> {
  const resolve = resolver(doc);
  const build = (raw: unknown, depth = 0): fc.Arbitrary<unknown> => {
    const base = plain(resolve(raw), depth);
    return fc.oneof({ arbitrary: base, weight: odds }, { arbitrary: attack(small), weight: 1 });
  };
  const plain = (s: Schema, depth: number): fc.Arbitrary<unknown> => {
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.allOf)) {
      return fc.tuple(...(s.allOf as unknown[]).map((x) => plain(resolve(x), depth))).map((parts) =>
        parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0],
      );
    }
    const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((x) => plain(resolve(x), depth)));
    const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : s.properties ? ['object'] : s.items ? ['array'] : ['string'];
    return fc.oneof(...types.map((t) => ofType(t, s, depth)));
  };
  const ofType = (type: string, s: Schema, depth: number): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = typeof s.minimum === 'number' ? s.minimum : -1000;
        const max = typeof s.maximum === 'number' ? Math.min(s.maximum, min + 100_000) : min + 2000;
        return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
      }
      case 'number':
        return fc.double({ min: typeof s.minimum === 'number' ? s.minimum : -1e12, max: typeof s.maximum === 'number' ? s.maximum : 1e12, noNaN: true });
      case 'string': {
        if (typeof s.pattern === 'string') {
          try {
            return fc.stringMatching(new RegExp(s.pattern as string)).filter((v) => v.length <= ((s.maxLength as number | undefined) ?? 1000));
          } catch {
            // a pattern fast-check cannot generate from: plain strings
          }
        }
        if (s.format === 'date') return fc.date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        return fc.string({ minLength: (s.minLength as number | undefined) ?? 0, maxLength: Math.min((s.maxLength as number | undefined) ?? 30, 30) });
      }
      case 'array': {
        if (depth > 5) return fc.constant([]);
        return fc.array(build(s.items, depth + 1), { minLength: Math.min((s.minItems as number | undefined) ?? 0, 3), maxLength: Math.min((s.maxItems as number | undefined) ?? 4, 4) });
      }
      case 'object': {
        if (depth > 5) return fc.constant({});
        const props = (s.properties ?? {}) as Record<string, unknown>;
        const required = new Set((s.required as string[] | undefined) ?? []);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) model[k] = build(v, depth + 1);
        return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
      }
      default:
        return fc.constant(null);
    }
  };
  return build;
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (s: string): string =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const encodeJson = (v: unknown): Buffer => Buffer.from(JSON.stringify(v) ?? 'null', 'utf8');

/** Whole-body mutations applied to the serialised body of a POST. */
const bodyMutation = fc.constantFrom('none', 'none', 'none', 'none', 'none', 'none', 'gzip', 'deflate', 'br', 'bad-gzip', 'zstd', 'invalid-utf8', 'truncated', 'deep', 'text-plain', 'empty');

/** Arbitrary of requests to one operation of the document. */
function requestsOf(doc: Schema, op: Operation): fc.Arbitrary<FuzzRequest> {
  const value = valueOf(doc);
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const segment = (p: Operation['params'][number]) =>
    fc.oneof(
      { arbitrary: valueOf(doc, 1_000_000)(p.schema).map((v) => encode(String(v))), weight: 6 },
      { arbitrary: fc.constantFrom('%00', '%FF', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', 'x'.repeat(9000), '%', 'a%20b'), weight: 2 },
    );
  const pathArb = fc.tuple(...pathParams.map(segment)).map((values) => {
    let out = op.path;
    pathParams.forEach((p, i) => {
      out = out.replace(`{${p.name}}`, values[i] as string);
    });
    return out;
  });
  const queryArb = fc
    .tuple(
      ...queryParams.map((p) => fc.option(valueOf(doc, 15, true)(p.schema), { nil: undefined })),
      fc.option(fc.constantFrom('_=1700000000000', 'x=%00', 'page=%FF', 'q=%E0%A4%A', 'limit=1e308', 'page=-0'), { nil: undefined, freq: 4 }),
    )
    .map((values) => {
      const pairs: string[] = [];
      queryParams.forEach((p, i) => {
        const v = values[i];
        if (v !== undefined) pairs.push(`${p.name}=${encode(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`);
      });
      const extra = values[queryParams.length];
      if (extra) pairs.push(extra as string);
      return pairs.length ? `?${pairs.join('&')}` : '';
    });
  const bodyArb: fc.Arbitrary<{ body?: Buffer; headers: Record<string, string> }> = op.body
    ? fc.tuple(value(op.body), bodyMutation).map(([v, mutation]) => mutateBody(v, mutation as string))
    : fc.constant({ headers: {} });
  return fc.tuple(pathArb, queryArb, bodyArb).map(([path, query, b]) => ({
    operationId: op.id,
    method: op.method,
    url: path + query,
    headers: b.headers,
    ...(b.body ? { body: b.body } : {}),
  }));
}

function mutateBody(value: unknown, mutation: string): { body?: Buffer; headers: Record<string, string> } {
  const json = { 'content-type': 'application/json' };
  const raw = encodeJson(value);
  switch (mutation) {
    case 'gzip':
      return { body: zlib.gzipSync(raw), headers: { ...json, 'content-encoding': 'gzip' } };
    case 'deflate':
      return { body: zlib.deflateSync(raw), headers: { ...json, 'content-encoding': 'deflate' } };
    case 'br':
      return { body: zlib.brotliCompressSync(raw), headers: { ...json, 'content-encoding': 'br' } };
    case 'bad-gzip':
      return { body: Buffer.concat([zlib.gzipSync(raw).subarray(0, 12), Buffer.from('garbage')]), headers: { ...json, 'content-encoding': 'gzip' } };
    case 'zstd':
      return { body: raw, headers: { ...json, 'content-encoding': 'zstd' } };
    case 'invalid-utf8':
      return { body: Buffer.concat([Buffer.from('{"search_text": "'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]), headers: json };
    case 'truncated':
      return { body: raw.subarray(0, Math.max(1, raw.length - 1)), headers: json };
    case 'deep':
      return { body: Buffer.from(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), headers: json };
    case 'text-plain':
      return { body: raw, headers: { 'content-type': 'text/plain' } };
    case 'empty':
      return { body: Buffer.alloc(0), headers: json };
    default:
      return { body: raw, headers: json };
  }
}

/** Arbitrary of requests to any operation of the document (each operation equally likely). */
export function fuzzRequests(doc: Schema): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operationsOf(doc).map((op) => requestsOf(doc, op)));
}

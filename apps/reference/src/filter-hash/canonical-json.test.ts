import { createHash } from 'node:crypto';
import { ApiError } from '@usas/errors';
import { canonicalJson, MAX_FILTER_DEPTH } from './canonical-json';
import { filterHash } from './filter-hash';

describe('canonicalJson', () => {
  it("matches Python's json.dumps(sort_keys=True) text", () => {
    expect(canonicalJson({ b: [1, 'x', null, true], a: { d: 1.5, c: 'é' } })).toBe('{"a": {"c": "\\u00e9", "d": 1.5}, "b": [1, "x", null, true]}');
  });

  it('reproduces the upstream hash of an already-sorted body', () => {
    // upstream: md5(json.dumps({"filters": "Department of Transportation"}))
    expect(createHash('md5').update(canonicalJson({ filters: 'Department of Transportation' })).digest('hex')).toBe(
      '1c89eccf09b7dc74a75b651af79602e7',
    );
  });

  it('gives one hash for any key order', () => {
    const hash = (v: unknown) => filterHash(canonicalJson(v));
    expect(hash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(hash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(hash({ a: [1, 2] })).not.toBe(hash({ a: [2, 1] }));
  });

  it('rejects values nested deeper than the limit with a 400 ApiError', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: [nest(levels - 1)] });
    expect(() => canonicalJson(nest(MAX_FILTER_DEPTH / 2 - 1))).not.toThrow();
    let error: unknown;
    try {
      canonicalJson(nest(5_000));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe(`The filter set is nested deeper than ${MAX_FILTER_DEPTH} levels.`);
  });
});

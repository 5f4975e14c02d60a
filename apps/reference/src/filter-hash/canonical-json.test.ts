import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
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
    expect(filterHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(filterHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(filterHash({ a: [1, 2] })).not.toBe(filterHash({ a: [2, 1] }));
  });
});

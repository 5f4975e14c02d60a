import { findNul, jsonDepthExceeds, parseByteSize } from './json-body';
import { negotiateEncoding } from './compression';

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(10_000), 64)).toBe(true);
    expect(jsonDepthExceeds('[1],[2],[3]', 1)).toBe(false);
  });
});

describe('findNul', () => {
  it('points at the first string or key holding a NUL', () => {
    expect(findNul({ a: ['x', 'y\u0000'] })).toBe('/a/1');
    expect(findNul({ 'k\u0000': 1 })).toBe('/k\\u0000');
    expect(findNul('\u0000')).toBe('/');
    expect(findNul({ a: [1, null, true, { b: 'fine' }] })).toBeUndefined();
  });
});

describe('parseByteSize', () => {
  it('reads b, kb and mb', () => {
    expect(parseByteSize('512kb')).toBe(524_288);
    expect(parseByteSize('1MB')).toBe(1_048_576);
    expect(parseByteSize('100b')).toBe(100);
    expect(() => parseByteSize('lots')).toThrow(/Invalid size/);
  });
});

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, honouring q=0 and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

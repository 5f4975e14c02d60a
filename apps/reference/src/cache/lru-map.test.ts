import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('evicts the least recently used entry when full', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe(1);
    expect(m.get('c')).toBe(3);
    expect(m.size).toBe(2);
  });

  it('deletes only while the entry still holds the given value', () => {
    const m = new LruMap<string, object>(3);
    const first = {};
    const second = {};
    m.set('k', first);
    m.set('k', second);
    m.deleteIf('k', first);
    expect(m.get('k')).toBe(second);
    m.deleteIf('k', second);
    expect(m.get('k')).toBeUndefined();
  });

  it('rejects a capacity below one', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});

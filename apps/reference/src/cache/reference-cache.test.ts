import type { CommonQueryMethods } from 'slonik';
import { ReferenceCache } from './reference-cache';

/** A stand-in pool whose only query is the data-version read. */
function fakeDb() {
  const state = { changes: 1, reads: 0 };
  const db = {
    one: async () => {
      state.reads += 1;
      return { changes: state.changes, loads: '2024-01-01/3' };
    },
  } as unknown as CommonQueryMethods;
  return { db, state };
}

describe('ReferenceCache', () => {
  it('serves a cached value until the data version changes', async () => {
    const { db, state } = fakeDb();
    const cache = new ReferenceCache(db, { checkIntervalMs: 0 });
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    state.changes = 2;
    expect(await cache.get('k', compute)).toBe(2);
    expect(state.reads).toBe(3);
  });

  it('peeks at a computed value only while its version is known to be current', async () => {
    const { db, state } = fakeDb();
    const cache = new ReferenceCache(db, { checkIntervalMs: 60_000 });
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', async () => 1)).toBe(1);
    expect(cache.peek('k')).toBe(1);
    expect(cache.peek('other')).toBeUndefined();
    state.changes = 2;
    const stale = new ReferenceCache(db, { checkIntervalMs: 0 });
    await stale.get('k', async () => 3);
    expect(stale.peek('k')).toBeUndefined(); // the version may have changed: only get can tell
    expect(new ReferenceCache(db, { enabled: false }).peek('k')).toBeUndefined();
  });

  it('reads the version at most once per interval', async () => {
    const { db, state } = fakeDb();
    const cache = new ReferenceCache(db, { checkIntervalMs: 60_000 });
    await cache.get('a', async () => 1);
    state.changes = 5;
    await cache.get('b', async () => 2);
    expect(await cache.get('a', async () => 99)).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('shares one computation between concurrent callers and forgets failures', async () => {
    const { db } = fakeDb();
    const cache = new ReferenceCache(db, { checkIntervalMs: 60_000 });
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('computes every time when disabled', async () => {
    const { db, state } = fakeDb();
    const cache = new ReferenceCache(db, { enabled: false });
    let n = 0;
    await cache.get('k', async () => ++n);
    expect(await cache.get('k', async () => ++n)).toBe(2);
    expect(state.reads).toBe(0);
  });
});

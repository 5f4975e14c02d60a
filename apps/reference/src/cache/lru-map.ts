/**
 * A Map that keeps at most `capacity` entries, forgetting the least recently used one first.
 * Map iteration order is insertion order, so re-inserting on read keeps the oldest entry first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('LruMap capacity must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` as the most recently used entry, evicting the oldest when full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Removes `key` only while it still holds `value` (a newer value stays). */
  deleteIf(key: K, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

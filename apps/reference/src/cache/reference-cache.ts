import type { CommonQueryMethods } from 'slonik';
import { readDataVersion } from '../queries/data-version.query';
import { LruMap } from './lru-map';

export interface ReferenceCacheOptions {
  /** How often the data version is read from the database, at most (ms). Default 1000. */
  checkIntervalMs?: number;
  /** Most responses kept (an upper bound on memory: answers are mostly a few KB). Default 1000. */
  maxEntries?: number;
  /** Turn caching off (every call computes). Default true. */
  enabled?: boolean;
}

interface Entry {
  version: string;
  value: Promise<unknown>;
  /** The value once the computation has succeeded (what `peek` answers). */
  settled?: { value: unknown };
}

/**
 * In-memory cache of reference responses, valid for one data version (see readDataVersion). The
 * version is re-read at most once per interval, so a load shows up within that interval; concurrent
 * requests for the same key share one computation. A failed computation is not kept.
 */
export class ReferenceCache {
  private readonly entries: LruMap<string, Entry>;
  private readonly checkIntervalMs: number;
  private readonly enabled: boolean;
  private version: string | undefined;
  private checkedAt = 0;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly db: CommonQueryMethods,
    options: ReferenceCacheOptions = {},
  ) {
    this.checkIntervalMs = options.checkIntervalMs ?? 1000;
    this.enabled = options.enabled ?? true;
    this.entries = new LruMap(options.maxEntries ?? 1000);
  }

  /** The current data version, read from the database when the last read is older than the interval. */
  async currentVersion(): Promise<string> {
    if (this.version !== undefined && Date.now() - this.checkedAt < this.checkIntervalMs) return this.version;
    if (!this.pending) {
      this.pending = readDataVersion(this.db).then(
        (v) => {
          if (v !== this.version) this.entries.clear();
          this.version = v;
          this.checkedAt = Date.now();
          this.pending = undefined;
          return v;
        },
        (error: unknown) => {
          this.pending = undefined;
          throw error;
        },
      );
    }
    return this.pending;
  }

  /**
   * The computed value of `key` when it is known without waiting: caching on, the data version read
   * within the interval, and the entry of that version computed. Otherwise undefined (use `get`). Lets
   * the hottest answers skip the promises of `get`.
   */
  peek<T>(key: string): T | undefined {
    if (!this.enabled || this.version === undefined || Date.now() - this.checkedAt >= this.checkIntervalMs) return undefined;
    const hit = this.entries.get(key);
    return hit && hit.version === this.version && hit.settled ? (hit.settled.value as T) : undefined;
  }

  /** The cached value of `key` for the current data version, computing it when absent or stale. */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const version = await this.currentVersion();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    const entry: Entry = { version, value: compute() };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.settled = { value };
      },
      () => this.entries.deleteIf(key, entry),
    );
    return entry.value as Promise<T>;
  }
}

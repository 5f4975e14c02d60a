/**
 * Seeded randomness for the generator. Every value in a generated row comes from these streams, never
 * from Math.random or the clock, so one seed always gives the same rows.
 */
export class Random {
  private state: number;
  private spareNormal: number | undefined;

  constructor(seed: number, stream = 0) {
    // splitmix-style scramble so nearby seeds and streams start far apart
    let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Standard normal (Box-Muller, pairs cached). */
  normal(): number {
    if (this.spareNormal !== undefined) {
      const v = this.spareNormal;
      this.spareNormal = undefined;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-space sigma (heavy right tail, like award amounts). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** 1 + a geometric count with the given mean (>= 1). */
  countWithMean(mean: number): number {
    if (mean <= 1) return 1;
    const p = 1 / mean;
    const u = 1 - this.next();
    return 1 + Math.floor(Math.log(u) / Math.log(1 - p));
  }
}

/** Weighted choice over a fixed list in O(log n): cumulative weights and binary search. */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0) throw new Error('WeightedPicker needs at least one item');
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i += 1) {
      sum += Math.max(0, weights[i] ?? 0);
      this.cumulative[i] = sum;
    }
    if (sum <= 0) {
      for (let i = 0; i < items.length; i += 1) this.cumulative[i] = i + 1;
      sum = items.length;
    }
    this.total = sum;
  }

  pick(random: Random): T {
    const target = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** A Zipf-weighted picker: the i-th item (0-based) has weight 1 / (i + 1)^s. */
  static zipf<T>(items: readonly T[], s = 1.05): WeightedPicker<T> {
    return new WeightedPicker(items, items.map((_, i) => 1 / Math.pow(i + 1, s)));
  }
}

/** A deterministic shuffle (Fisher-Yates) of a copy. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

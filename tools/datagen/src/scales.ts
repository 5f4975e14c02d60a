/** Named dataset sizes. */
export type ScaleName = 'tiny' | 'demo' | 'bench';

export interface Scale {
  name: ScaleName;
  awards: number;
  /** Target mean transactions per award (base + modifications). */
  transactionsPerAward: number;
  /** Mean subawards under an award that has subawards (about 14% of awards qualify). */
  subawardsPerParent: number;
  recipients: number;
  /** Fewer transaction detail keys, to keep the largest scale's load fast. */
  compactDetail: boolean;
}

export const SCALES: Record<ScaleName, Scale> = {
  tiny: { name: 'tiny', awards: 2_000, transactionsPerAward: 5, subawardsPerParent: 3.6, recipients: 700, compactDetail: false },
  demo: { name: 'demo', awards: 50_000, transactionsPerAward: 5, subawardsPerParent: 3.6, recipients: 12_000, compactDetail: false },
  bench: { name: 'bench', awards: 2_000_000, transactionsPerAward: 5, subawardsPerParent: 3.6, recipients: 250_000, compactDetail: true },
};

/** True for a known scale name. */
export function isScaleName(value: string): value is ScaleName {
  return value === 'tiny' || value === 'demo' || value === 'bench';
}

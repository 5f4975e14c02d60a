import { awardTypeGroupOf, type AwardTypeGroup } from '@usas/filters';

/** Counts per award type group, with upstream's `other` for other_financial_assistance. */
export interface AwardTypeCounts {
  contracts: number;
  direct_payments: number;
  grants: number;
  idvs: number;
  loans: number;
  other: number;
}

const KEY: Record<AwardTypeGroup, keyof AwardTypeCounts> = {
  contracts: 'contracts',
  direct_payments: 'direct_payments',
  grants: 'grants',
  idvs: 'idvs',
  loans: 'loans',
  other_financial_assistance: 'other',
};

/** Folds per-type counts into group counts; types outside every group count nowhere. */
export function countsByGroup(rows: readonly { type: string | null; count: number }[]): AwardTypeCounts {
  const out: AwardTypeCounts = { contracts: 0, direct_payments: 0, grants: 0, idvs: 0, loans: 0, other: 0 };
  for (const r of rows) {
    const group = r.type === null ? null : awardTypeGroupOf([r.type]);
    if (group !== null) out[KEY[group]] += r.count;
  }
  return out;
}

/** Names of the award type groups (upstream `all_award_types_mappings`). */
export type AwardTypeGroup = 'contracts' | 'idvs' | 'grants' | 'direct_payments' | 'loans' | 'other_financial_assistance';

/**
 * Award type codes per group, as upstream's lookups: insurance (`09`, `F005`) is folded into
 * other_financial_assistance together with `11`, the catch-all `-1` and `F008`..`F010`.
 */
export const AWARD_TYPE_GROUPS: Record<AwardTypeGroup, string[]> = {
  contracts: ['A', 'B', 'C', 'D'],
  idvs: ['IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'],
  grants: ['02', '03', '04', '05', 'F001', 'F002'],
  direct_payments: ['06', '10', 'F006', 'F007'],
  loans: ['07', '08', 'F003', 'F004'],
  other_financial_assistance: ['09', '11', '-1', 'F005', 'F008', 'F009', 'F010'],
};

const GROUP_OF_CODE = new Map<string, AwardTypeGroup>(
  (Object.entries(AWARD_TYPE_GROUPS) as [AwardTypeGroup, string[]][]).flatMap(([group, codes]) => codes.map((c) => [c, group] as const)),
);

/**
 * The single group all codes belong to, or null when they span groups, include an unknown code or are
 * empty (spending_by_award answers 422 then). `"no intersection"` is ignored here: the compiler turns it
 * into a filter that matches nothing.
 */
export function awardTypeGroupOf(codes: readonly string[]): AwardTypeGroup | null {
  let found: AwardTypeGroup | null = null;
  for (const code of codes) {
    if (code === 'no intersection') continue;
    const group = GROUP_OF_CODE.get(code);
    if (group === undefined) return null;
    if (found !== null && found !== group) return null;
    found = group;
  }
  return found;
}

import type { TreeNode } from './filter-tree';

/** The three top-level PSC groups, in upstream's order. */
export const PSC_GROUPS = ['Research and Development', 'Service', 'Product'] as const;
export type PscGroup = (typeof PSC_GROUPS)[number];

export interface PscRow {
  code: string;
  description: string | null;
}

const byId = (a: TreeNode, b: TreeNode) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const leaf = (r: PscRow): TreeNode => ({ id: r.code, description: r.description ?? '', children: [] });

/**
 * Builds the PSC tree the way upstream shapes it:
 * - Research and Development: two-character `A?` groups; under each, the 4-character codes ending in 0
 *   stand for their first three characters (`AA10` -> node `AA1`), whose children are the other
 *   4-character codes of that prefix (`AA11`...). `AU` skips that level (its codes sit right under it).
 * - Service: one-letter categories B-Z, two-character groups, then 4-character codes.
 * - Product: two-digit groups, then 4-digit codes.
 * Codes without their parent rows in the table do not appear (as upstream).
 */
export function buildPscTree(rows: readonly PscRow[]): TreeNode[] {
  const four = rows.filter((r) => r.code.length === 4);
  const fourStartingWith = (prefix: string) => four.filter((r) => r.code.startsWith(prefix));

  const research = rows
    .filter((r) => /^A[A-Z0-9]$/.test(r.code))
    .map((group): TreeNode => {
      const codes = fourStartingWith(group.code);
      if (group.code === 'AU') return { ...leaf(group), children: codes.filter((r) => !r.code.endsWith('0')).map(leaf).sort(byId) };
      const children = codes
        .filter((r) => r.code.endsWith('0'))
        .map((r): TreeNode => {
          const id = r.code.slice(0, 3);
          return {
            id,
            description: r.description ?? '',
            children: fourStartingWith(id).filter((c) => !c.code.endsWith('0')).map(leaf).sort(byId),
          };
        })
        .sort(byId);
      return { ...leaf(group), children };
    })
    .sort(byId);

  const service = rows
    .filter((r) => /^[B-Z]$/.test(r.code))
    .map(
      (category): TreeNode => ({
        ...leaf(category),
        children: rows
          .filter((r) => r.code.length === 2 && r.code.startsWith(category.code))
          .map((group): TreeNode => ({ ...leaf(group), children: fourStartingWith(group.code).map(leaf).sort(byId) }))
          .sort(byId),
      }),
    )
    .sort(byId);

  const product = rows
    .filter((r) => /^[0-9]{2}$/.test(r.code))
    .map((group): TreeNode => ({ ...leaf(group), children: fourStartingWith(group.code).filter((r) => /^[0-9]{4}$/.test(r.code)).map(leaf).sort(byId) }))
    .sort(byId);

  return [
    { id: 'Research and Development', description: '', children: research },
    { id: 'Service', description: '', children: service },
    { id: 'Product', description: '', children: product },
  ];
}

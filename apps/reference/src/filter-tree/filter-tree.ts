import type { Schema } from '@usas/api-types';

/** A node of a complete reference tree, as built from the database. */
export interface TreeNode {
  id: string;
  description: string;
  children: TreeNode[];
}

export type FilterTreeNode = Schema<'FilterTreeNode'>;

/** The children of the node reached by following `path` (ids from the top); undefined when any id is unknown. */
export function childrenAt(roots: readonly TreeNode[], path: readonly string[]): readonly TreeNode[] | undefined {
  let level: readonly TreeNode[] = roots;
  for (const id of path) {
    const node = level.find((n) => n.id === id);
    if (!node) return undefined;
    level = node.children;
  }
  return level;
}

function matches(node: TreeNode, filter: string): boolean {
  return node.id.toUpperCase().includes(filter) || node.description.toUpperCase().includes(filter);
}

/**
 * Renders tree nodes for the API. `depth` levels of descendants are filled in (negative = all);
 * `children` is null where the depth stops, at leaves, and where a filter removed every child. With a
 * filter (case-insensitive, on id or description) a node stays when it matches or when a descendant
 * within the depth matches. `count` is always the node's number of children, filter or not.
 */
export function renderTree(
  nodes: readonly TreeNode[],
  ancestors: readonly string[],
  depth: number,
  filter: string | undefined,
): FilterTreeNode[] {
  const needle = filter?.trim() ? filter.trim().toUpperCase() : undefined;
  const render = (level: readonly TreeNode[], path: readonly string[], remaining: number): FilterTreeNode[] => {
    const out: FilterTreeNode[] = [];
    for (const node of level) {
      const expand = remaining !== 0 && node.children.length > 0;
      const children = expand ? render(node.children, [...path, node.id], remaining - 1) : [];
      if (needle !== undefined && !matches(node, needle) && children.length === 0) continue;
      out.push({
        id: node.id,
        description: node.description,
        ancestors: [...path],
        count: node.children.length,
        children: children.length > 0 ? children : null,
      });
    }
    return out;
  };
  return render(nodes, ancestors, depth < 0 ? -1 : depth);
}

import { childrenAt, renderTree, type TreeNode } from './filter-tree';

const leaf = (id: string, description = ''): TreeNode => ({ id, description, children: [] });
const tree: TreeNode[] = [
  { id: 'A', description: 'Apples', children: [{ id: 'A1', description: 'Red', children: [leaf('A11', 'Crimson'), leaf('A12', 'Scarlet')] }, leaf('A2', 'Green')] },
  { id: 'B', description: 'Bananas', children: [leaf('B1', 'Yellow')] },
  leaf('C', 'Cherries'),
];

describe('childrenAt', () => {
  it('follows a path of ids and returns undefined for an unknown id', () => {
    expect(childrenAt(tree, [])).toBe(tree);
    expect(childrenAt(tree, ['A', 'A1'])?.map((n) => n.id)).toEqual(['A11', 'A12']);
    expect(childrenAt(tree, ['A', 'X'])).toBeUndefined();
    expect(childrenAt(tree, ['C'])).toEqual([]);
  });
});

describe('renderTree', () => {
  it('renders a flat level with counts and null children at depth 0', () => {
    expect(renderTree(tree, [], 0, undefined)).toEqual([
      { id: 'A', description: 'Apples', ancestors: [], count: 2, children: null },
      { id: 'B', description: 'Bananas', ancestors: [], count: 1, children: null },
      { id: 'C', description: 'Cherries', ancestors: [], count: 0, children: null },
    ]);
  });

  it('fills in descendants down to the depth (negative = all), leaves keep null children', () => {
    const one = renderTree(tree, [], 1, undefined);
    expect(one[0]?.children?.map((c) => [c.id, c.ancestors, c.children])).toEqual([
      ['A1', ['A'], null],
      ['A2', ['A'], null],
    ]);
    const all = renderTree(tree, ['root'], -1, undefined);
    expect(all[0]?.children?.[0]?.children?.map((c) => [c.id, c.ancestors])).toEqual([
      ['A11', ['root', 'A', 'A1']],
      ['A12', ['root', 'A', 'A1']],
    ]);
    expect(all[2]?.children).toBeNull();
  });

  it('keeps matching nodes and the ancestors of matches within the depth (case-insensitive)', () => {
    expect(renderTree(tree, [], 0, 'scar')).toEqual([]);
    const deep = renderTree(tree, [], 2, 'SCAR');
    expect(deep.map((n) => n.id)).toEqual(['A']);
    expect(deep[0]?.count).toBe(2);
    expect(deep[0]?.children?.map((c) => c.id)).toEqual(['A1']);
    expect(deep[0]?.children?.[0]?.children?.map((c) => c.id)).toEqual(['A12']);
    expect(renderTree(tree, [], 1, 'b1').map((n) => [n.id, n.children?.map((c) => c.id)])).toEqual([['B', ['B1']]]);
  });

  it('matches ids as well as descriptions and drops children that do not match', () => {
    expect(renderTree(tree, [], 1, 'apples')).toEqual([{ id: 'A', description: 'Apples', ancestors: [], count: 2, children: null }]);
    expect(renderTree(tree, [], 0, 'c').map((n) => n.id)).toEqual(['C']);
    expect(renderTree(tree, [], 0, '  ').map((n) => n.id)).toEqual(['A', 'B', 'C']);
  });
});

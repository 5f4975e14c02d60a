import { childrenAt } from './filter-tree';
import { buildPscTree, type PscRow } from './psc-tree';

const rows = [
  ['A', 'RESEARCH AND DEVELOPMENT'], ['AA', 'AGRICULTURE R&D'], ['AA10', 'INSECT CONTROL'], ['AA11', 'INSECT BASIC'],
  ['AA12', 'INSECT APPLIED'], ['AA20', 'MARKETING'], ['AA21', 'MARKETING BASIC'], ['AJ', 'SCIENCE'], ['AJ21', 'ORPHAN'],
  ['AU', 'TRANSPORTATION'], ['AU10', 'HAZMAT'], ['AU11', 'HAZMAT RESEARCH'],
  ['F', 'NATURAL RESOURCES'], ['F0', 'CONSERVATION'], ['F001', 'AERIAL FERTILIZATION'], ['F201', 'ORPHAN SERVICE'],
  ['10', 'WEAPONS'], ['1005', 'GUNS'], ['735', 'ODD THREE-DIGIT'], ['7350', null],
].map(([code, description]): PscRow => ({ code: code as string, description: description ?? null }));

const ids = (path: string[]) => childrenAt(buildPscTree(rows), path)?.map((n) => n.id);

describe('buildPscTree', () => {
  it('has the three groups in upstream order', () => {
    expect(buildPscTree(rows).map((n) => [n.id, n.description, n.children.length])).toEqual([
      ['Research and Development', '', 3],
      ['Service', '', 1],
      ['Product', '', 1],
    ]);
  });

  it('names R&D tier 2 after the X0 codes and skips that level under AU', () => {
    expect(ids(['Research and Development'])).toEqual(['AA', 'AJ', 'AU']);
    expect(childrenAt(buildPscTree(rows), ['Research and Development', 'AA'])?.map((n) => [n.id, n.description])).toEqual([
      ['AA1', 'INSECT CONTROL'],
      ['AA2', 'MARKETING'],
    ]);
    expect(ids(['Research and Development', 'AA', 'AA1'])).toEqual(['AA11', 'AA12']);
    expect(ids(['Research and Development', 'AJ'])).toEqual([]);
    expect(ids(['Research and Development', 'AU'])).toEqual(['AU11']);
  });

  it('builds services by category and group and products by two-digit group', () => {
    expect(ids(['Service', 'F'])).toEqual(['F0']);
    expect(ids(['Service', 'F', 'F0'])).toEqual(['F001']);
    expect(ids(['Product'])).toEqual(['10']); // '735' is not a two-digit group
    expect(ids(['Product', '10'])).toEqual(['1005']);
  });

  it('turns missing descriptions into empty strings', () => {
    const tree = buildPscTree([...rows, { code: '73', description: null }]);
    expect(childrenAt(tree, ['Product'])?.find((n) => n.id === '73')?.description).toBe('');
    expect(childrenAt(tree, ['Product', '73'])?.map((n) => [n.id, n.description])).toEqual([['7350', '']]);
  });
});

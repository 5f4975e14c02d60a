import { buildTasTree, type TasRow } from './tas-tree';

const row = (toptier: string, name: string, abbreviation: string | null, account: string, label: string): TasRow => ({
  toptier_code: toptier,
  agency_name: name,
  agency_abbreviation: abbreviation,
  federal_account_code: account,
  federal_account_title: `Account ${account}`,
  tas_rendering_label: label,
  tas_title: `Symbol ${label}`,
});

describe('buildTasTree', () => {
  it('orders CFO agencies first (in CFO order), then the rest by name; accounts and symbols by id', () => {
    const tree = buildTasTree([
      row('999', 'Zeta Commission', null, '999-0001', '999-X-0001-000'),
      row('310', 'Alpha Board', 'AB', '310-0002', '310-X-0002-000'),
      row('097', 'Department of Defense', 'DOD', '097-0200', '097-X-0200-000'),
      row('012', 'Department of Agriculture', 'USDA', '012-5207', '012-X-5207-000'),
      row('012', 'Department of Agriculture', 'USDA', '012-1106', '012-X-1106-000'),
      row('012', 'Department of Agriculture', 'USDA', '012-5207', '012-2018/2021-5207-000'),
    ]);
    expect(tree.map((a) => [a.id, a.description])).toEqual([
      ['012', 'Department of Agriculture (USDA)'],
      ['097', 'Department of Defense (DOD)'],
      ['310', 'Alpha Board (AB)'],
      ['999', 'Zeta Commission'],
    ]);
    expect(tree[0]?.children.map((f) => [f.id, f.description, f.children.map((t) => t.id)])).toEqual([
      ['012-1106', 'Account 012-1106', ['012-X-1106-000']],
      ['012-5207', 'Account 012-5207', ['012-2018/2021-5207-000', '012-X-5207-000']],
    ]);
    expect(tree[0]?.children[0]?.children[0]).toEqual({ id: '012-X-1106-000', description: 'Symbol 012-X-1106-000', children: [] });
  });
});

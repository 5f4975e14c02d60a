import { AWARD_TYPE_GROUPS, awardTypeGroupOf } from './award-type-groups';

describe('AWARD_TYPE_GROUPS', () => {
  it('puts every code in exactly one group', () => {
    const all = Object.values(AWARD_TYPE_GROUPS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(33);
  });

  it('folds insurance and the catch-all into other_financial_assistance', () => {
    expect(AWARD_TYPE_GROUPS.other_financial_assistance).toEqual(['09', '11', '-1', 'F005', 'F008', 'F009', 'F010']);
  });
});

describe('awardTypeGroupOf', () => {
  it.each([
    [['A', 'B', 'C', 'D'], 'contracts'],
    [['IDV_B_A', 'IDV_E'], 'idvs'],
    [['02', '05', 'F001'], 'grants'],
    [['06', '10'], 'direct_payments'],
    [['07', '08'], 'loans'],
    [['09', '11', '-1'], 'other_financial_assistance'],
    [['A', 'no intersection'], 'contracts'],
  ])('%j -> %s', (codes, group) => {
    expect(awardTypeGroupOf(codes)).toBe(group);
  });

  it.each([[['A', '02']], [['IDV_A', 'A']], [[]], [['no intersection']], [['ZZ']]])('%j spans groups or has none -> null', (codes) => {
    expect(awardTypeGroupOf(codes)).toBeNull();
  });
});

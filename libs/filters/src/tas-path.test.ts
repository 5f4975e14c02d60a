import { formatTasComponents, formatTasPath, parseTasLabel } from './tas-path';

describe('TAS strings', () => {
  it('renders tas_paths in the read model order with empty missing parts', () => {
    expect(
      formatTasPath({ agency: '012', faAid: '012', faMain: '3539', ata: null, aid: '012', main: '3539', sub: '000', bpoa: null, epoa: null, a: 'X' }),
    ).toBe('agency=012faaid=012famain=3539aid=012main=3539ata=sub=000bpoa=epoa=a=X');
  });

  it('renders tas_components', () => {
    expect(formatTasComponents({ aid: '005', main: '0107', ata: '011', sub: '000', bpoa: '2015', epoa: '2016', a: null })).toBe(
      'aid=005main=0107ata=011sub=000bpoa=2015epoa=2016a=',
    );
  });

  it.each([
    ['012-X-3539-000', { ata: null, aid: '012', a: 'X', bpoa: null, epoa: null, main: '3539', sub: '000' }],
    ['011-012-2019/2020-3539-001', { ata: '011', aid: '012', a: null, bpoa: '2019', epoa: '2020', main: '3539', sub: '001' }],
  ])('parses the label %s', (label, parts) => {
    expect(parseTasLabel(label)).toEqual(parts);
  });

  it.each(['012-3539', '012-Y-3539-000', '012-2019-3539-000', 'x'])('refuses %s', (label) => {
    expect(parseTasLabel(label)).toBeNull();
  });
});

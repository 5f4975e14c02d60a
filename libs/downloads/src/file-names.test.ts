import { downloadTimestamp, isSafeFileName, slugForFileName } from './file-names';

describe('download file names', () => {
  it('formats the upstream timestamp in UTC', () => {
    expect(downloadTimestamp(new Date('2020-01-13T21:05:48.397Z'), 3)).toBe('2020-01-13_H21M05S48397003');
  });

  it('slugs award ids to at most 50 characters', () => {
    expect(slugForFileName('W912DY-10-D-0047 / 0001')).toBe('W912DY_10_D_0047_0001');
    expect(slugForFileName('x'.repeat(80))).toHaveLength(50);
  });

  it('accepts only plain zip names', () => {
    expect(isSafeFileName('PrimeAwardSummariesAndSubawards_2020-01-13_H21M05S48397003.zip')).toBe(true);
    for (const bad of ['../etc/passwd.zip', 'a/b.zip', '.hidden.zip', 'a..zip', 'file.csv', 'a%2f.zip', 'a b.zip', '']) {
      expect(isSafeFileName(bad)).toBe(false);
    }
  });
});

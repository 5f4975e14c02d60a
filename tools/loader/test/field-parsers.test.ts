import { DataFileError } from '../src/csv';
import { bool, digits, integer, isoTimestamp, required, text, usDate } from '../src/reference/field-parsers';

const at = { file: '/data/sample.csv', line: 7 };

describe('field parsers', () => {
  it('treat empty and single-space cells as null and trim the rest', () => {
    expect(text('')).toBeNull();
    expect(text(' ')).toBeNull();
    expect(text('   ')).toBeNull();
    expect(text(undefined)).toBeNull();
    expect(text(' 012 ')).toBe('012');
  });

  it('reject a blank required value with file, line and column', () => {
    expect(() => required(at, 'AID', ' ')).toThrow(DataFileError);
    expect(() => required(at, 'AID', ' ')).toThrow('sample.csv:7: AID is blank');
  });

  it('zero-pad codes the files print without leading zeros', () => {
    expect(digits(at, 'pa_code', '1', 4)).toBe('0001');
    expect(digits(at, 'agency_id', '12', 3)).toBe('012');
    expect(digits(at, 'account', '   ', 4)).toBeNull();
    expect(digits(at, 'county', '003', 3)).toBe('003');
    expect(() => digits(at, 'agency_id', '1234', 3)).toThrow(/at most 3 digits/);
    expect(() => digits(at, 'agency_id', '1A', 3)).toThrow(/not a number/);
  });

  it('read TRUE/FALSE flags in any case and default blanks only when asked', () => {
    expect(bool(at, 'F', 'TRUE')).toBe(true);
    expect(bool(at, 'F', 'False')).toBe(false);
    expect(bool(at, 'F', '', false)).toBe(false);
    expect(() => bool(at, 'F', '')).toThrow(/not TRUE or FALSE/);
    expect(() => bool(at, 'F', 'maybe')).toThrow(DataFileError);
  });

  it('read whole numbers with thousands separators', () => {
    expect(integer(at, 'population', '5,024,279')).toBe(5_024_279);
    expect(integer(at, 'population', '')).toBeNull();
    expect(() => integer(at, 'population', '12.5')).toThrow(/whole number/);
  });

  it('read M/D/YY dates with the 1969 pivot and MM/DD/YYYY dates with a time', () => {
    expect(usDate(at, 'START DATE', '10/1/79')).toBe('1979-10-01');
    expect(usDate(at, 'START DATE', '9/30/15')).toBe('2015-09-30');
    expect(usDate(at, 'START DATE', '1/7/68')).toBe('2068-01-07');
    expect(usDate(at, 'DT_TM_ESTAB', '10/01/2016 00:00:00')).toBe('2016-10-01');
    expect(usDate(at, 'END DATE', '')).toBeNull();
    expect(() => usDate(at, 'START DATE', '2016-10-01')).toThrow(/not a date/);
    expect(() => usDate(at, 'START DATE', '2/30/20')).toThrow(/not a calendar date/);
  });

  it('read ISO timestamps with a Z suffix', () => {
    expect(isoTimestamp(at, 'period_start_date', '2020-04-01 00:00:00Z')).toBe('2020-04-01T00:00:00Z');
    expect(() => isoTimestamp(at, 'period_start_date', '04/01/2020')).toThrow(/not a timestamp/);
  });
});

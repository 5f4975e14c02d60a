import { sql } from 'slonik';
import { fiscalMonthOf, fiscalYearOf, nextPeriod, periodOf, periodsBetween, periodsOfFiscalYears, periodSql, timePeriodObject } from './fiscal-periods';

describe('fiscal periods', () => {
  it('maps dates to fiscal years, months and quarters (October starts the year)', () => {
    expect(fiscalYearOf('2019-09-30')).toBe(2019);
    expect(fiscalYearOf('2019-10-01')).toBe(2020);
    expect(fiscalMonthOf('2019-10-15')).toBe(1);
    expect(fiscalMonthOf('2020-09-01')).toBe(12);
    expect(fiscalMonthOf('2020-01-31')).toBe(4);
    expect(periodOf('2019-12-31', 'quarter')).toEqual({ year: 2020, sub: 1 });
    expect(periodOf('2020-04-01', 'quarter')).toEqual({ year: 2020, sub: 3 });
    expect(periodOf('2019-12-31', 'calendar_year')).toEqual({ year: 2019, sub: null });
  });

  it('lists every period of a window in order, across year ends', () => {
    expect(periodsBetween('2019-08-15', '2019-11-02', 'month')).toEqual([
      { year: 2019, sub: 11 },
      { year: 2019, sub: 12 },
      { year: 2020, sub: 1 },
      { year: 2020, sub: 2 },
    ]);
    expect(periodsBetween('2019-10-01', '2021-09-30', 'fiscal_year')).toEqual([
      { year: 2020, sub: null },
      { year: 2021, sub: null },
    ]);
    expect(nextPeriod({ year: 2020, sub: 4 }, 'quarter')).toEqual({ year: 2021, sub: 1 });
  });

  it('lists whole fiscal years for new awards', () => {
    expect(periodsOfFiscalYears('2020-03-01', '2020-05-01', 'quarter')).toHaveLength(4);
    expect(periodsOfFiscalYears('2019-10-01', '2021-09-30', 'month')).toHaveLength(24);
  });

  it('renders time_period objects with string values', () => {
    expect(timePeriodObject({ year: 2020, sub: 7 }, 'month')).toEqual({ fiscal_year: '2020', month: '7' });
    expect(timePeriodObject({ year: 2020, sub: 2 }, 'quarter')).toEqual({ fiscal_year: '2020', quarter: '2' });
    expect(timePeriodObject({ year: 2019, sub: null }, 'calendar_year')).toEqual({ calendar_year: '2019' });
  });

  it('computes fiscal periods in SQL by shifting dates three months', () => {
    const month = periodSql(sql.fragment`action_date`, 'month');
    expect(month.year.sql).toBe("extract(year FROM (action_date + interval '3 months'))::int");
    expect(month.sub.sql).toBe("extract(month FROM (action_date + interval '3 months'))::int");
    expect(periodSql(sql.fragment`d`, 'calendar_year').year.sql).toBe('extract(year FROM d)::int');
  });
});

import { sql, type FragmentSqlToken } from 'slonik';

/** Time groupings of spending_over_time (quarters and months are fiscal). */
export type TimeGroup = 'fiscal_year' | 'quarter' | 'month' | 'calendar_year';

/** Request values of `group`, including upstream's short aliases. */
export const TIME_GROUP_ALIASES: Record<string, TimeGroup> = {
  fiscal_year: 'fiscal_year',
  fy: 'fiscal_year',
  quarter: 'quarter',
  q: 'quarter',
  month: 'month',
  m: 'month',
  calendar_year: 'calendar_year',
  cy: 'calendar_year',
};

/** A period: the (fiscal or calendar) year and, for quarter/month groupings, the fiscal quarter or month. */
export interface Period {
  year: number;
  sub: number | null;
}

const parts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)) });

/** Fiscal year of a `YYYY-MM-DD` date: FY N runs from October 1 of N-1 to September 30 of N. */
export function fiscalYearOf(date: string): number {
  const { y, m } = parts(date);
  return m >= 10 ? y + 1 : y;
}

/** Fiscal month (1 = October ... 12 = September). */
export function fiscalMonthOf(date: string): number {
  return ((parts(date).m + 2) % 12) + 1;
}

/** The period of a date under a grouping. */
export function periodOf(date: string, group: TimeGroup): Period {
  switch (group) {
    case 'calendar_year':
      return { year: parts(date).y, sub: null };
    case 'fiscal_year':
      return { year: fiscalYearOf(date), sub: null };
    case 'quarter':
      return { year: fiscalYearOf(date), sub: Math.ceil(fiscalMonthOf(date) / 3) };
    case 'month':
      return { year: fiscalYearOf(date), sub: fiscalMonthOf(date) };
  }
}

/** Orders periods chronologically. */
export function comparePeriods(a: Period, b: Period): number {
  return a.year - b.year || (a.sub ?? 0) - (b.sub ?? 0);
}

/** The period after `p`. */
export function nextPeriod(p: Period, group: TimeGroup): Period {
  const perYear = group === 'quarter' ? 4 : group === 'month' ? 12 : 0;
  if (perYear === 0) return { year: p.year + 1, sub: null };
  return p.sub! >= perYear ? { year: p.year + 1, sub: 1 } : { year: p.year, sub: p.sub! + 1 };
}

/** Every period from `first` to `last`, inclusive, in order. */
export function periodRange(first: Period, last: Period, group: TimeGroup): Period[] {
  const out: Period[] = [];
  for (let p = first; comparePeriods(p, last) <= 0; p = nextPeriod(p, group)) out.push(p);
  return out;
}

/** Every period from the one holding `start` to the one holding `end`, inclusive, in order. */
export function periodsBetween(start: string, end: string, group: TimeGroup): Period[] {
  return periodRange(periodOf(start, group), periodOf(end, group), group);
}

/** Every period of the fiscal years spanned by `start`..`end` (new_awards_over_time lists whole years). */
export function periodsOfFiscalYears(start: string, end: string, group: Exclude<TimeGroup, 'calendar_year'>): Period[] {
  const from = fiscalYearOf(start);
  const to = fiscalYearOf(end);
  const perYear = group === 'quarter' ? 4 : group === 'month' ? 12 : 0;
  const out: Period[] = [];
  for (let year = from; year <= to; year += 1) {
    if (perYear === 0) out.push({ year, sub: null });
    else for (let sub = 1; sub <= perYear; sub += 1) out.push({ year, sub });
  }
  return out;
}

/** The API's `time_period` object of a period: values as strings, keys by grouping. */
export function timePeriodObject(p: Period, group: TimeGroup): Record<string, string> {
  if (group === 'calendar_year') return { calendar_year: String(p.year) };
  const out: Record<string, string> = { fiscal_year: String(p.year) };
  if (group === 'quarter') out.quarter = String(p.sub);
  if (group === 'month') out.month = String(p.sub);
  return out;
}

/** Map key of a period. */
export const periodKey = (p: Period) => `${p.year}-${p.sub ?? 0}`;

/**
 * SQL for the (year, sub) of a date column under a grouping. Shifting a date by three months maps fiscal
 * years, quarters and months onto calendar ones (October 1 + 3 months = January 1 of the fiscal year).
 */
export function periodSql(dateColumn: FragmentSqlToken, group: TimeGroup): { year: FragmentSqlToken; sub: FragmentSqlToken } {
  const shifted = sql.fragment`(${dateColumn} + interval '3 months')`;
  switch (group) {
    case 'calendar_year':
      return { year: sql.fragment`extract(year FROM ${dateColumn})::int`, sub: sql.fragment`NULL::int` };
    case 'fiscal_year':
      return { year: sql.fragment`extract(year FROM ${shifted})::int`, sub: sql.fragment`NULL::int` };
    case 'quarter':
      return { year: sql.fragment`extract(year FROM ${shifted})::int`, sub: sql.fragment`extract(quarter FROM ${shifted})::int` };
    case 'month':
      return { year: sql.fragment`extract(year FROM ${shifted})::int`, sub: sql.fragment`extract(month FROM ${shifted})::int` };
  }
}

/** Last day of the month of a date, `YYYY-MM-DD`. */
export function endOfMonth(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

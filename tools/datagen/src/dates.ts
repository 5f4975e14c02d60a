/**
 * Dates as whole UTC day numbers (days since 1970-01-01): cheap to compare and add, formatted through a
 * cache because the generator prints the same few thousand dates millions of times.
 */
const MS_PER_DAY = 86_400_000;
const isoCache = new Map<number, string>();

/** Day number of a `YYYY-MM-DD` string (or of a Date). */
export function dayOf(value: string | Date): number {
  const ms = typeof value === 'string' ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate());
  if (Number.isNaN(ms)) throw new Error(`invalid date '${String(value)}'`);
  return Math.floor(ms / MS_PER_DAY);
}

/** Day number of a calendar date (month 1-12). */
export function dayFromParts(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDay(day: number): string {
  let s = isoCache.get(day);
  if (s === undefined) {
    s = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    isoCache.set(day, s);
  }
  return s;
}

/** [year, month 1-12, day 1-31] of a day number. */
export function partsOf(day: number): [number, number, number] {
  const d = new Date(day * MS_PER_DAY);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** Fiscal year: FY N runs from October 1 of N-1 to September 30 of N. */
export function fiscalYearOf(day: number): number {
  const [y, m] = partsOf(day);
  return m >= 10 ? y + 1 : y;
}

/** Fiscal month 1-12 (October = 1). */
export function fiscalMonthOf(day: number): number {
  const m = partsOf(day)[1];
  return m >= 10 ? m - 9 : m + 3;
}

/** First day of a fiscal year. */
export function fiscalYearStart(fy: number): number {
  return dayFromParts(fy - 1, 10, 1);
}

/** Last day of a fiscal year. */
export function fiscalYearEnd(fy: number): number {
  return dayFromParts(fy, 9, 30);
}

/** First day of fiscal month `period` (1-12) of fiscal year `fy`. */
export function fiscalPeriodStart(fy: number, period: number): number {
  const month = period <= 3 ? period + 9 : period - 3;
  return dayFromParts(period <= 3 ? fy - 1 : fy, month, 1);
}

/** Last day of fiscal month `period` of fiscal year `fy`. */
export function fiscalPeriodEnd(fy: number, period: number): number {
  return period === 12 ? fiscalYearEnd(fy) : fiscalPeriodStart(fy, period + 1) - 1;
}

/** Adds calendar months the way PostgreSQL's `date + interval 'n months'` does (clamped to month end). */
export function addMonths(day: number, months: number): number {
  const [y, m, d] = partsOf(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return dayFromParts(year, month, Math.min(d, lastDay));
}

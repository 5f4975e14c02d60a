import { badRequest } from '@usas/errors';
import { sql } from 'slonik';
import type { LevelColumns } from './level-columns';
import { allOf, anyOf, col, qualified, type Fragment } from './sql-helpers';
import type { AdvancedFilter, SpendingLevel, TimePeriodFilter } from './types';

/** Earliest date searches accept (upstream API_SEARCH_MIN_DATE, FY2008). */
export const SEARCH_MIN_DATE = '2007-10-01';
/** Latest date upstream defaults an open time period to (API_MAX_DATE). */
export const SEARCH_MAX_DATE = '2027-09-30';

/** Message search responses carry about the earliest searchable date (upstream text, spacing included). */
export const EARLIEST_DATE_MESSAGE =
  'For searches, time period start and end dates are currently limited to an earliest date of 2007-10-01.  ' +
  'For data going back to 2000-10-01, use either the Custom Award Download feature on the website or one of our ' +
  'download or bulk_download API endpoints as listed on https://api.usaspending.gov/docs/endpoints. ';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A bound parsed as a UTC calendar date, so `sql.date` renders exactly the requested day. */
function utcDate(value: string, path: string): Date {
  const d = new Date(`${value}T00:00:00Z`);
  if (!ISO_DATE.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw badRequest(`Invalid date '${value}': expected a calendar date YYYY-MM-DD.`, [{ path, message: 'invalid date', code: 'format' }]);
  }
  return d;
}

/**
 * The overall window of `time_period`: earliest start and latest end, with upstream's defaults
 * (2007-10-01 .. 2027-09-30) when the filter is absent. Used by the *_over_time endpoints to zero-fill.
 */
export function timePeriodBounds(
  filters: Pick<AdvancedFilter, 'time_period'>,
  defaults: { start: string; end: string } = { start: SEARCH_MIN_DATE, end: SEARCH_MAX_DATE },
): { start: string; end: string } {
  const periods = filters.time_period ?? [];
  if (periods.length === 0) return { ...defaults };
  let start = periods[0]!.start_date || defaults.start;
  let end = periods[0]!.end_date || defaults.end;
  for (const p of periods) {
    const s = p.start_date || defaults.start;
    const e = p.end_date || defaults.end;
    if (s < start) start = s;
    if (e > end) end = e;
  }
  return { start, end };
}

/** Rejects periods that end before they start or reach before the earliest searchable date (400). */
export function validateTimePeriods(periods: readonly TimePeriodFilter[], minDate: string): void {
  periods.forEach((p, i) => {
    const path = `/body/filters/time_period/${i}`;
    utcDate(p.start_date, `${path}/start_date`);
    utcDate(p.end_date, `${path}/end_date`);
    if (p.start_date > p.end_date) {
      throw badRequest(`Invalid time_period: start_date ${p.start_date} is after end_date ${p.end_date}.`, [
        { path, message: 'start_date must not be after end_date', code: 'range' },
      ]);
    }
    for (const key of ['start_date', 'end_date'] as const) {
      if (p[key] < minDate) {
        throw badRequest(
          `Invalid time_period: ${key} ${p[key]} is before the earliest searchable date ${minDate}. ` +
            `Time period start and end dates are limited to an earliest date of ${minDate}; ` +
            'use the download or bulk_download endpoints for earlier data.',
          [{ path: `${path}/${key}`, message: `must be on or after ${minDate}`, code: 'minimum' }],
        );
      }
    }
  });
}

/** `column BETWEEN start AND end` (inclusive); a btree index on the date column serves it as a range scan. */
function within(column: ReturnType<typeof col>, start: Date, end: Date): Fragment {
  return sql.fragment`${column} BETWEEN ${sql.date(start)} AND ${sql.date(end)}`;
}

/**
 * Dates a subaward does not carry itself (the prime award's base and last-modified dates) are read from
 * the prime award row: a correlated primary-key probe into award_search per candidate subaward.
 */
function primeAwardWithin(column: string, start: Date, end: Date): Fragment {
  return sql.fragment`EXISTS (SELECT 1 FROM award_search AS prime WHERE prime.award_id = ${qualified('subaward_search', 'award_id')} AND ${within(qualified('prime', column), start, end)})`;
}

function onePeriod(p: TimePeriodFilter, level: SpendingLevel, c: LevelColumns): Fragment {
  const start = utcDate(p.start_date, '/body/filters/time_period/start_date');
  const end = utcDate(p.end_date, '/body/filters/time_period/end_date');
  const dateType = p.date_type;
  if (level === 'awards') {
    switch (dateType) {
      case undefined:
        // Overlap rule: the award was still active after the start and had begun before the end.
        // Both halves are range conditions on btree-indexed dates (action_date, date_signed).
        return allOf([sql.fragment`${col('action_date')} >= ${sql.date(start)}`, sql.fragment`${col('date_signed')} <= ${sql.date(end)}`]);
      case 'new_awards_only':
        // Base transaction inside the window; upstream also keeps action_date >= start so the result stays
        // a subset of the default overlap rule.
        return allOf([within(col('date_signed'), start, end), sql.fragment`${col('action_date')} >= ${sql.date(start)}`]);
      default:
        return within(col(dateType), start, end);
    }
  }
  if (level === 'transactions') {
    switch (dateType) {
      case undefined:
      case 'action_date':
        return within(col('action_date'), start, end);
      case 'date_signed':
        return within(col('award_date_signed'), start, end);
      case 'last_modified_date':
        return within(col('last_modified_date'), start, end);
      case 'new_awards_only':
        return allOf([within(col('action_date'), start, end), within(col('award_date_signed'), start, end)]);
    }
  }
  switch (dateType) {
    case undefined:
    case 'action_date':
      return within(col(c.actionDate), start, end);
    case 'date_signed':
      return primeAwardWithin('date_signed', start, end);
    case 'last_modified_date':
      return primeAwardWithin('last_modified_date', start, end);
    case 'new_awards_only':
      throw badRequest("time_period date_type 'new_awards_only' is not supported for subawards.", [
        { path: '/body/filters/time_period', message: 'date_type new_awards_only is not supported for subawards', code: 'enum' },
      ]);
  }
  // Unreachable for schema-valid input; a clear 400 instead of a SQL error for anything else.
  throw badRequest(`Unsupported time_period date_type '${String(dateType)}'.`);
}

/** `time_period`: periods are OR-ed; each compares the level's date column(s) to both bounds. */
export function timePeriodFilter(periods: readonly TimePeriodFilter[], level: SpendingLevel, c: LevelColumns): Fragment {
  return anyOf(periods.map((p) => onePeriod(p, level, c)));
}

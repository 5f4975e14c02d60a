import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { bool, integer, isoTimestamp, required, usDate, type At } from './field-parsers';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const DABS_FILE = 'dabs_submission_window_schedule.csv';
const BROKER_FILE = 'broker_submission_window_schedule.csv';
const COLUMNS = [
  'id', 'period_start_date', 'period_end_date', 'submission_start_date', 'submission_due_date', 'certification_due_date',
  'submission_reveal_date', 'submission_fiscal_year', 'submission_fiscal_quarter', 'submission_fiscal_month', 'is_quarter',
];
/** Agencies have reported monthly since fiscal year 2020 period 7; before that only quarterly. */
const FIRST_MONTHLY = { year: 2020, period: 7 };
const FIRST_YEAR = 2017;

/** The fiscal year a date falls in (FY N runs from October N-1 through September N). */
export function fiscalYearOf(date: Date): number {
  return date.getUTCMonth() >= 9 ? date.getUTCFullYear() + 1 : date.getUTCFullYear();
}

interface BrokerDates {
  start: string;
  publish: string;
  certify: string;
}

const DAY = 86_400_000;
const utc = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const plusDays = (iso: string, days: number): string => isoDay(new Date(utc(iso).getTime() + days * DAY));
const stamp = (day: string): string => `${day}T00:00:00Z`;

/** Same month and day, `years` later (29 February becomes the 28th). */
function plusYears(iso: string, years: number): string {
  const d = utc(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
  if (target.getUTCDate() !== d.getUTCDate()) target.setUTCDate(0);
  return isoDay(target);
}

/** First and last day of fiscal month `period` of fiscal year `year`. */
function monthBounds(year: number, period: number): [string, string] {
  const calendarMonth = (period + 8) % 12; // period 1 = October (month index 9)
  const calendarYear = period <= 3 ? year - 1 : year;
  const first = new Date(Date.UTC(calendarYear, calendarMonth, 1));
  const last = new Date(Date.UTC(calendarYear, calendarMonth + 1, 0));
  return [isoDay(first), isoDay(last)];
}

const isMonthly = (year: number, period: number): boolean =>
  period >= 2 && (year > FIRST_MONTHLY.year || (year === FIRST_MONTHLY.year && period >= FIRST_MONTHLY.period));

/**
 * The windows of one period from its broker dates, by the rules the DABS schedule follows: a monthly
 * window (period 2 covers only November; period 1 has none) opens on the broker's period start, is due
 * and revealed the day after the publish deadline and certifies the day after the certification
 * deadline; the quarterly window of periods 3/6/9/12 covers the quarter and is due, certified and
 * revealed the day after the certification deadline. Ids are year*1000 + period*10 + is_quarter.
 */
export function windowsFor(year: number, period: number, b: BrokerDates): Cell[][] {
  const rows: Cell[][] = [];
  const quarter = Math.ceil(period / 3);
  if (isMonthly(year, period)) {
    const [from, to] = monthBounds(year, period);
    const due = plusDays(b.publish, 1);
    rows.push([year * 1000 + period * 10, stamp(from), stamp(to), stamp(b.start), stamp(due), stamp(plusDays(b.certify, 1)), stamp(due), year, quarter, period, false]);
  }
  if (period % 3 === 0) {
    const [from] = monthBounds(year, period - 2);
    const [, to] = monthBounds(year, period);
    const due = plusDays(b.certify, 1);
    rows.push([year * 1000 + period * 10 + 1, stamp(from), stamp(to), stamp(b.start), stamp(due), stamp(due), stamp(due), year, quarter, period, true]);
  }
  return rows;
}

/** Bare-machine broker dates: opens 19 days after the period ends, publishes at +30, certifies 46 days after the quarter. */
function ruleDates(year: number, period: number): BrokerDates {
  const [, end] = monthBounds(year, period);
  const [, quarterEnd] = monthBounds(year, Math.ceil(period / 3) * 3);
  const certify = plusDays(quarterEnd, 45);
  return { start: plusDays(end, 19), publish: period % 3 === 0 ? certify : plusDays(end, 29), certify };
}

/** Periods a fiscal year has windows for: the quarter ends, plus every month from period 2 once monthly. */
function periodsOf(year: number): number[] {
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((p) => p % 3 === 0 || isMonthly(year, p));
}

function table(rows: Map<number, Cell[]>): TableRows {
  return { table: 'dabs_submission_window_schedule', columns: COLUMNS, key: ['id'], rows: [...rows.values()].sort((a, b) => Number(a[0]) - Number(b[0])) };
}

function readDabs(dir: string): Map<number, Cell[]> {
  const file = path.join(dir, DABS_FILE);
  const rows = new Map<number, Cell[]>();
  for (const { line, values: v } of readCsv(file, COLUMNS)) {
    const at: At = { file, line };
    const int = (c: string): number => {
      const n = integer(at, c, required(at, c, v[c]));
      if (n === null) throw new DataFileError(file, line, `${c} is blank`);
      return n;
    };
    const id = int('id');
    const year = int('submission_fiscal_year');
    const month = int('submission_fiscal_month');
    const quarter = int('submission_fiscal_quarter');
    const isQuarter = bool(at, 'is_quarter', v.is_quarter);
    if (month < 1 || month > 12 || quarter !== Math.ceil(month / 3)) throw new DataFileError(file, line, `fiscal month ${month} / quarter ${quarter} do not agree`);
    if (id !== year * 1000 + month * 10 + (isQuarter ? 1 : 0)) throw new DataFileError(file, line, `id ${id} is not year*1000 + month*10 + is_quarter`);
    if (rows.has(id)) throw new DataFileError(file, line, `id ${id} repeats`);
    const ts = (c: string): string => isoTimestamp(at, c, v[c]);
    rows.set(id, [
      id, ts('period_start_date'), ts('period_end_date'), ts('submission_start_date'), ts('submission_due_date'),
      ts('certification_due_date'), ts('submission_reveal_date'), year, quarter, month, isQuarter,
    ]);
  }
  return rows;
}

function readBroker(dir: string): Map<string, BrokerDates> {
  const file = path.join(dir, BROKER_FILE);
  const dates = new Map<string, BrokerDates>();
  for (const { line, values: v } of readCsv(file, ['year', 'period', 'period_start', 'publish_deadline', 'certification_deadline'])) {
    const at: At = { file, line };
    const year = integer(at, 'year', required(at, 'year', v.year)) ?? 0;
    const period = integer(at, 'period', required(at, 'period', v.period)) ?? 0;
    if (year < 2000 || year > 2100) throw new DataFileError(file, line, `year ${year} is not a fiscal year`);
    if (period < 1 || period > 12) throw new DataFileError(file, line, `period ${period} is not 1-12`);
    const day = (c: string): string => usDate(at, c, required(at, c, v[c])) ?? '';
    dates.set(`${year}-${period}`, { start: day('period_start'), publish: day('publish_deadline'), certify: day('certification_deadline') });
  }
  return dates;
}

/**
 * The schedule from the files, extended to the current fiscal year: the DABS file's rows as they are;
 * other periods from the broker schedule by the rules of windowsFor; periods past the broker schedule
 * reuse the dates of the latest year that has that period, moved forward by whole years.
 */
export function scheduleFromFiles(dabs: Map<number, Cell[]>, broker: Map<string, BrokerDates>, currentFiscalYear: number): Map<number, Cell[]> {
  const rows = new Map(dabs);
  const brokerYears = [...broker.keys()].map((k) => Number(k.split('-')[0]));
  const lastBrokerYear = Math.max(FIRST_YEAR, ...brokerYears);
  for (let year = FIRST_YEAR; year <= Math.max(currentFiscalYear, lastBrokerYear); year += 1) {
    for (const period of periodsOf(year)) {
      let dates = broker.get(`${year}-${period}`);
      if (!dates && year > lastBrokerYear) {
        for (let known = lastBrokerYear; known >= FIRST_YEAR && !dates; known -= 1) {
          const base = broker.get(`${known}-${period}`);
          if (base) dates = { start: plusYears(base.start, year - known), publish: plusYears(base.publish, year - known), certify: plusYears(base.certify, year - known) };
        }
      }
      dates ??= ruleDates(year, period);
      for (const row of windowsFor(year, period, dates)) if (!rows.has(Number(row[0]))) rows.set(Number(row[0]), row);
    }
  }
  return rows;
}

/** The generated schedule: FY2017 through the current fiscal year, by rule. */
export function generatedSchedule(currentFiscalYear: number): Map<number, Cell[]> {
  const rows = new Map<number, Cell[]>();
  for (let year = FIRST_YEAR; year <= currentFiscalYear; year += 1) {
    for (const period of periodsOf(year)) for (const row of windowsFor(year, period, ruleDates(year, period))) rows.set(Number(row[0]), row);
  }
  return rows;
}

export const submissionWindowsGroup: ReferenceGroup = {
  name: 'submission_windows',
  files: [DABS_FILE, BROKER_FILE],
  // The schedule grows with the calendar: a new fiscal year reloads it.
  checksumSalt: () => `fy${fiscalYearOf(new Date())}`,
  read: (dir) => [table(scheduleFromFiles(readDabs(dir), readBroker(dir), fiscalYearOf(new Date())))],
  generate: () => [table(generatedSchedule(fiscalYearOf(new Date())))],
};

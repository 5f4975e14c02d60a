import { badRequest, notFound } from '@usas/errors';
import type { Request } from 'express';
import type { CommonQueryMethods } from 'slonik';
import { pathValue, queryValue } from '../common/request-values';
import { toptierExists } from './reporting.query';

/** The fiscal year `date` falls in (October starts the next one). */
export function fiscalYearOf(date: Date): number {
  return date.getUTCFullYear() + (date.getUTCMonth() >= 9 ? 1 : 0);
}

/**
 * An integer query or path value the gateway has validated against the spec (type and range), or `fallback`.
 * Express keeps the raw strings, so they are converted here.
 */
export function intValue(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw badRequest(`'${raw.slice(0, 20)}' is not an integer.`);
  return n;
}

/** A fiscal year of account data: 2017 (the first DATA Act year) to the current fiscal year, else 400. */
export function checkFiscalYear(fy: number, name = 'fiscal_year'): number {
  const current = fiscalYearOf(new Date());
  if (fy < 2017 || fy > current) throw badRequest(`Invalid value in '${name}': ${fy} is not a fiscal year from 2017 to ${current}.`);
  return fy;
}

/** A reportable fiscal period: 2 to 12 (period 1 is submitted together with period 2), else 400. */
export function checkPeriod(period: number, name = 'fiscal_period'): number {
  if (period < 2 || period > 12) {
    throw badRequest(`Invalid value in '${name}': ${period} is not a reportable period (2 to 12; period 1 is reported with period 2).`);
  }
  return period;
}

/** Fiscal year and period from the query string (`fiscal_year`, `fiscal_period`), both required. */
export function fiscalQuery(req: Request): { fy: number; period: number } {
  const fy = queryValue(req, 'fiscal_year');
  const period = queryValue(req, 'fiscal_period');
  if (fy === undefined) throw badRequest("Missing required query parameter 'fiscal_year'.");
  if (period === undefined) throw badRequest("Missing required query parameter 'fiscal_period'.");
  return { fy: checkFiscalYear(intValue(fy, 0)), period: checkPeriod(intValue(period, 0)) };
}

/** Fiscal year and period from the path. */
export function fiscalPath(req: Request): { fy: number; period: number } {
  return { fy: checkFiscalYear(intValue(pathValue(req, 'fiscal_year'), 0)), period: checkPeriod(intValue(pathValue(req, 'fiscal_period'), 0)) };
}

/** The toptier code of the path; 404 when no agency has it. */
export async function toptierPath(db: CommonQueryMethods, req: Request): Promise<string> {
  const code = pathValue(req, 'toptier_code');
  if (!(await toptierExists(db, code))) throw notFound(`Agency with a toptier code of '${code.slice(0, 10)}' does not exist.`);
  return code;
}

/** Page of the reporting lists. */
export interface ReportingPage {
  page: number;
  limit: number;
}

/** `page` and `limit` (default 10) of the query string. */
export function pageQuery(req: Request): ReportingPage {
  return { page: intValue(queryValue(req, 'page'), 1), limit: intValue(queryValue(req, 'limit'), 10) };
}

/** Comparable value of a row field: numbers, strings, booleans; null sorts last in both directions. */
type Key = number | string | boolean | null | undefined;

/**
 * Sorts rows by `key` in `order` (nulls last), then by `tieBreak` ascending, and returns one page with the
 * reporting pager (page, next, previous, hasNext, hasPrevious, total, limit).
 */
export function sortAndPage<T>(rows: readonly T[], key: (r: T) => Key, order: string | undefined, tieBreak: (r: T) => string, p: ReportingPage) {
  const dir = order === 'asc' ? 1 : -1;
  const cmp = (a: Key, b: Key): number => {
    const an = a === null || a === undefined;
    const bn = b === null || b === undefined;
    if (an || bn) return an === bn ? 0 : an ? 1 : -1;
    if (typeof a === 'string' && typeof b === 'string') return dir * a.localeCompare(b);
    return dir * (Number(a) - Number(b));
  };
  const sorted = [...rows].sort((a, b) => cmp(key(a), key(b)) || tieBreak(a).localeCompare(tieBreak(b)));
  const total = sorted.length;
  const start = (p.page - 1) * p.limit;
  const hasNext = start + p.limit < total;
  const hasPrevious = p.page > 1;
  return {
    page_metadata: {
      page: p.page,
      next: hasNext ? p.page + 1 : null,
      previous: hasPrevious ? p.page - 1 : null,
      hasNext,
      hasPrevious,
      total,
      limit: p.limit,
    },
    results: sorted.slice(start, start + p.limit),
  };
}

/** Case-insensitive substring match of an agency's name or abbreviation. */
export function matchesAgency(filter: string | undefined, name: string, abbreviation: string | null): boolean {
  if (!filter) return true;
  const f = filter.toLowerCase();
  return name.toLowerCase().includes(f) || (abbreviation ?? '').toLowerCase().includes(f);
}

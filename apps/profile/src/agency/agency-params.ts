import { badRequest } from '@usas/errors';
import type { Request } from 'express';
import { queryValue } from '../common/request-values';

/** Every award type code the agency award endpoints accept (their default set). */
export const AWARD_TYPE_CODES = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', 'A', 'B', 'C', 'D',
  'IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E'] as const;

/** Earliest fiscal year the agency endpoints accept (the first of the award data: FY2008). */
export const MIN_FISCAL_YEAR = 2008;

/** First fiscal year with account data (DATA Act reporting began in FY2017 Q2). */
export const FIRST_ACCOUNT_FISCAL_YEAR = 2017;

/** The fiscal year of a day: it starts on October 1 of the previous calendar year. */
export function fiscalYearOf(day: Date): number {
  return day.getUTCMonth() >= 9 ? day.getUTCFullYear() + 1 : day.getUTCFullYear();
}

/** `fiscal_year` of the request (default: the current fiscal year); a year after the current one is a 400. */
export function fiscalYearParam(req: Request, today = new Date()): number {
  const current = fiscalYearOf(today);
  const raw = queryValue(req, 'fiscal_year');
  if (raw === undefined || raw === '') return current;
  const fy = Number(raw);
  if (!Number.isInteger(fy)) throw badRequest(`fiscal_year must be a year, not '${raw}'.`);
  if (fy < MIN_FISCAL_YEAR) throw badRequest(`fiscal_year is limited to an earliest year of ${MIN_FISCAL_YEAR}.`);
  if (fy > current) throw badRequest(`fiscal_year may not exceed the current fiscal year of ${current}.`);
  return fy;
}

/** The message the account endpoints add for years before account data existed. */
export function accountMessages(fy: number): string[] {
  return fy < FIRST_ACCOUNT_FISCAL_YEAR
    ? [`Account data were first reported in fiscal year ${FIRST_ACCOUNT_FISCAL_YEAR} (Q2, under the DATA Act); there are none for ${fy}.`]
    : [];
}

/**
 * `award_type_codes`: comma separated, optionally bracketed and quoted as the website sends it
 * (`[A,B,C,D]`, `["A","B"]`); default every code; an unknown code is a 400.
 */
export function awardTypeCodesParam(req: Request): string[] {
  const raw = queryValue(req, 'award_type_codes');
  if (raw === undefined || raw.trim() === '' || raw.trim() === '[]') return [...AWARD_TYPE_CODES];
  const codes = raw.replace(/^\s*\[|\]\s*$/g, '').split(',').map((c) => c.trim().replace(/^["']|["']$/g, '')).filter((c) => c !== '');
  const known = new Set<string>(AWARD_TYPE_CODES);
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length > 0) throw badRequest(`Unknown award type code(s): ${unknown.join(', ')}.`);
  return [...new Set(codes)];
}

/** `agency_type`: awarding (default) or funding. */
export function agencyTypeParam(req: Request): 'awarding' | 'funding' {
  const raw = queryValue(req, 'agency_type');
  if (raw === undefined || raw === 'awarding') return 'awarding';
  if (raw === 'funding') return 'funding';
  throw badRequest(`agency_type must be 'awarding' or 'funding', not '${raw}'.`);
}

/** Paging, sort and order of the agency lists (the gateway has checked ranges and enums). */
export interface ListParams<S extends string> {
  page: number;
  limit: number;
  sort: S;
  order: 'asc' | 'desc';
  filter: string | undefined;
}

/** Reads `page`, `limit`, `sort` (one of `sorts`, the first is the default), `order` and `filter`. */
export function listParams<S extends string>(req: Request, sorts: readonly S[]): ListParams<S> {
  const int = (name: string, dflt: number, max: number): number => {
    const raw = queryValue(req, name);
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest(`${name} must be an integer from 1 to ${max}, not '${raw}'.`);
    return n;
  };
  const sortRaw = queryValue(req, 'sort') ?? sorts[0];
  if (!(sorts as readonly string[]).includes(sortRaw as string)) throw badRequest(`sort must be one of ${sorts.join(', ')}, not '${String(sortRaw)}'.`);
  const order = queryValue(req, 'order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw badRequest(`order must be 'asc' or 'desc', not '${order}'.`);
  const filter = queryValue(req, 'filter');
  return { page: int('page', 1, 1_000_000), limit: int('limit', 10, 100), sort: sortRaw as S, order, filter: filter === '' ? undefined : filter };
}

/** Upstream's page metadata of the agency lists. */
export function pageOf<T>(rows: readonly T[], p: { page: number; limit: number }) {
  const start = (p.page - 1) * p.limit;
  const hasNext = start + p.limit < rows.length;
  const hasPrevious = p.page > 1;
  return {
    page_metadata: { page: p.page, total: rows.length, limit: p.limit, next: hasNext ? p.page + 1 : null, previous: hasPrevious ? p.page - 1 : null, hasNext, hasPrevious },
    results: rows.slice(start, start + p.limit),
  };
}

/** Sorts rows by a field (text fields case-insensitively), ties by name, in the requested order. */
export function sortRows<T extends { name: string }>(rows: T[], key: keyof T, order: 'asc' | 'desc'): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const cmp = (a: T, b: T): number => {
    const x = a[key];
    const y = b[key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).toLowerCase().localeCompare(String(y).toLowerCase());
    return c !== 0 ? sign * c : a.name.localeCompare(b.name);
  };
  return [...rows].sort(cmp);
}

/** Keeps rows whose name contains the filter text (case-insensitive). */
export function filterRows<T extends { name: string }>(rows: T[], filter: string | undefined): T[] {
  if (filter === undefined) return rows;
  const f = filter.toLowerCase();
  return rows.filter((r) => r.name.toLowerCase().includes(f));
}

/** Rounds a sum of cents to 2 decimals (floating sums drift). */
export const money = (n: number): number => Math.round(n * 100) / 100;

import type { Request } from 'express';
import type { ResponseBody } from '@usas/api-types';
import { badRequest, notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { pageMetadataOfTotal, paging, type Paging } from '../common/paging';
import { pathValue, queryValue } from '../common/request-values';
import {
  agencyBalances, agencyFederalAccountObligations, agencyObjectClassSpending, availableObjectClasses, availableProgramActivities,
  federalAccountChildren, federalAccountTotals, findFederalAccountByCode, findToptierOfAgency,
  findTreasuryAccount, fiscalYearSnapshot, latestAccountFiscalYear, listFederalAccounts, pagedProgramActivities,
  treasuryAccountBreakdown, type FederalAccountSort, type TotalsFilter,
} from './accounts.query';

/** The fiscal year a date falls in (October starts the next one). */
export function fiscalYearOf(date: Date): number {
  return date.getUTCMonth() >= 9 ? date.getUTCFullYear() + 1 : date.getUTCFullYear();
}

/** A fiscal year from a request: DATA Act account data starts in FY2017, and no year after the current one exists. */
export function checkedFiscalYear(raw: string | number | undefined, name = 'fiscal_year'): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const fy = Number(raw);
  const current = fiscalYearOf(new Date());
  if (!Number.isInteger(fy) || fy < 2017 || fy > current) {
    throw badRequest(`${name} must be a fiscal year from 2017 to ${current}.`);
  }
  return fy;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function intQuery(req: Request, name: string, fallback: number): number {
  const v = queryValue(req, name);
  return v === undefined ? fallback : Number(v);
}

/** Page metadata with `limit` and `total` (the federal account and Treasury account lists). */
function simplePageMetadata(total: number, p: Paging) {
  return { ...pageMetadataOfTotal(total, p), limit: p.limit, total };
}

async function defaultFiscalYear(db: CommonQueryMethods): Promise<number> {
  return (await latestAccountFiscalYear(db)) ?? fiscalYearOf(new Date());
}

/** POST /api/v2/federal_accounts/ */
export const listFederalAccountsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listFederalAccounts'>(async (req) => {
    // The body is optional: a bodyless POST lists the default year's accounts.
    const body: Partial<typeof req.body> = req.body ?? {};
    const fy = checkedFiscalYear(body.filters?.fy, 'filters.fy') ?? (await defaultFiscalYear(db));
    const p = paging(body, 50);
    const { rows, total } = await listFederalAccounts(db, {
      fiscalYear: fy,
      ...(body.filters?.agency_identifier === undefined ? {} : { agencyIdentifier: body.filters.agency_identifier }),
      ...(body.keyword === undefined ? {} : { keyword: body.keyword }),
      sort: (body.sort?.field ?? 'budgetary_resources') as FederalAccountSort,
      asc: body.sort?.direction === 'asc',
      limit: p.limit,
      offset: p.offset,
    });
    const meta = pageMetadataOfTotal(total, p);
    return {
      count: total,
      limit: p.limit,
      page: p.page,
      hasNext: meta.hasNext,
      hasPrevious: meta.hasPrevious,
      next: meta.next,
      previous: meta.previous,
      fy: String(fy),
      results: rows.map(({ total: _t, ...r }) => ({ ...r, budgetary_resources: r.budgetary_resources === null ? null : round2(r.budgetary_resources) })),
    };
  });

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** GET /api/v2/federal_accounts/{account_number}/?fiscal_year */
export const getFederalAccountRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getFederalAccount'>> => {
    const code = pathValue(req, 'account_number');
    const fy = checkedFiscalYear(queryValue(req, 'fiscal_year')) ?? fiscalYearOf(new Date());
    const fa = await findFederalAccountByCode(db, code);
    if (!fa) throw notFound(`No federal account with code '${code}'.`);
    const children = await federalAccountChildren(db, fa.id, fy);
    const total = (f: (c: (typeof children)[number]) => number) => (children.length === 0 ? null : round2(children.reduce((s, c) => s + f(c), 0)));
    return {
      fiscal_year: fy,
      ...fa,
      bureau_slug: slug(fa.bureau_name),
      total_obligated_amount: total((c) => c.obligated_amount),
      total_gross_outlay_amount: total((c) => c.gross_outlay_amount),
      total_budgetary_resources: total((c) => c.budgetary_resources_amount),
      children: [...children],
    };
  });

async function federalAccountOr404(db: CommonQueryMethods, code: string) {
  const fa = await findFederalAccountByCode(db, code);
  if (!fa) throw notFound(`No federal account with code '${code}'.`);
  return fa;
}

/** GET /api/v2/federal_accounts/{federal_account_code}/program_activities/ */
export const listProgramActivitiesRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listFederalAccountProgramActivities'>> => {
    const fa = await federalAccountOr404(db, pathValue(req, 'federal_account_code'));
    const p = paging({ page: intQuery(req, 'page', 1), limit: intQuery(req, 'limit', 10) });
    const sort = (queryValue(req, 'sort') ?? 'code') as 'code' | 'name' | 'type';
    const rows = await pagedProgramActivities(db, fa.id, { sort, asc: queryValue(req, 'order') === 'asc', limit: p.limit, offset: p.offset });
    const total = rows[0]?.total ?? 0;
    return {
      results: rows.map((r) => ({ code: r.code, name: r.name, type: 'PAC/PAN' as const })),
      page_metadata: simplePageMetadata(total, p),
    };
  });

/** Fiscal years whose twelve months overlap one of the date ranges. */
export function fiscalYearsOfRanges(ranges: ReadonlyArray<{ start_date: string; end_date: string }>): number[] {
  const years = new Set<number>();
  for (const r of ranges) {
    const start = new Date(`${r.start_date}T00:00:00Z`);
    const end = new Date(`${r.end_date}T00:00:00Z`);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw badRequest('time_period dates must be YYYY-MM-DD.');
    if (end < start) throw badRequest('time_period end_date must not be before start_date.');
    const last = Math.min(fiscalYearOf(end), fiscalYearOf(new Date()) + 1);
    for (let y = Math.max(fiscalYearOf(start), 2000); y <= last; y += 1) years.add(y);
  }
  return [...years];
}

function totalsRoute(by: 'object_class' | 'program_activity') {
  return (db: CommonQueryMethods) =>
    // Both operations take the same optional body (a bodyless POST means every year and code).
    jsonHandler<'federalAccountObjectClassTotals' | 'federalAccountProgramActivityTotals'>(async (req) => {
      const code = pathValue(req, 'federal_account_code');
      const body: Partial<typeof req.body> = req.body ?? {};
      const p = paging(body, 10);
      const f: TotalsFilter = {
        ...(body.filters?.time_period ? { fiscalYears: fiscalYearsOfRanges(body.filters.time_period) } : {}),
        ...(body.filters?.object_class ? { objectClasses: body.filters.object_class } : {}),
        ...(body.filters?.program_activity ? { programActivities: body.filters.program_activity } : {}),
      };
      const { account_id: accountId, rows } = await federalAccountTotals(db, code, by, f, p);
      if (accountId === null) throw notFound(`No federal account with code '${code}'.`);
      return {
        results: rows.map((r) => ({
          obligations: round2(r.obligations),
          code: r.code,
          name: r.name,
          ...(by === 'program_activity' ? { type: 'PAC/PAN' as const } : {}),
        })),
        page_metadata: simplePageMetadata(rows[0]?.total ?? 0, p),
      };
    });
}

/** POST /api/v2/federal_accounts/{federal_account_code}/object_classes/total */
export const objectClassTotalsRoute = totalsRoute('object_class');
/** POST /api/v2/federal_accounts/{federal_account_code}/program_activities/total */
export const programActivityTotalsRoute = totalsRoute('program_activity');

const accountId = (req: Request) => Number(pathValue(req, 'federal_account_id'));

/** GET /api/v2/federal_accounts/{federal_account_id}/available_object_classes */
export const availableObjectClassesRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAvailableObjectClasses'>> => {
    const rows = await availableObjectClasses(db, accountId(req));
    const majors = new Map<string, { id: string; name: string; minor_object_class: Array<{ id: string; name: string }> }>();
    for (const r of rows) {
      const m = majors.get(r.major_id) ?? { id: r.major_id, name: r.major_name, minor_object_class: [] };
      majors.set(r.major_id, m);
      if (!m.minor_object_class.some((x) => x.id === r.id && x.name === r.name)) m.minor_object_class.push({ id: r.id, name: r.name });
    }
    return { results: [...majors.values()] };
  });

/** GET /api/v2/federal_accounts/{federal_account_id}/available_program_activities */
export const availableProgramActivitiesRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAvailableProgramActivities'>> => {
    const rows = await availableProgramActivities(db, accountId(req));
    return { count: rows.length, results: [...rows] };
  });

/** GET /api/v2/federal_accounts/{federal_account_id}/fiscal_year_snapshot/[{fiscal_year}/] */
export const fiscalYearSnapshotRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getFiscalYearSnapshotForYear'>> => {
    const fy = checkedFiscalYear(pathValue(req, 'fiscal_year') || undefined) ?? (await defaultFiscalYear(db));
    const snapshot = await fiscalYearSnapshot(db, accountId(req), fy);
    if (!snapshot || snapshot.rows === 0) return {};
    const { rows: _rows, name, ...totals } = snapshot;
    const results = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, round2(v)])) as Record<keyof typeof totals, number>;
    return { results: { name, ...results } };
  });

async function toptierOr404(db: CommonQueryMethods, req: Request) {
  const id = Number(queryValue(req, 'funding_agency_id'));
  const toptier = await findToptierOfAgency(db, id);
  if (!toptier) throw notFound(`No agency with id ${id}.`);
  return toptier;
}

const requiredFiscalYear = (req: Request) => checkedFiscalYear(queryValue(req, 'fiscal_year')) as number;

/** GET /api/v2/federal_obligations/?fiscal_year&funding_agency_id&limit&page */
export const federalObligationsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listFederalObligations'>> => {
    const fy = requiredFiscalYear(req);
    const toptier = await toptierOr404(db, req);
    const p = paging({ page: intQuery(req, 'page', 1), limit: intQuery(req, 'limit', 10) });
    const rows = await agencyFederalAccountObligations(db, toptier.toptier_agency_id, fy, p);
    const count = rows[0]?.total ?? 0;
    const meta = pageMetadataOfTotal(count, p);
    const url = (page: number) =>
      `/api/v2/federal_obligations/?fiscal_year=${fy}&funding_agency_id=${queryValue(req, 'funding_agency_id')}&limit=${p.limit}&page=${page}`;
    return {
      results: rows.map(({ total: _t, ...r }) => r),
      page_metadata: {
        count,
        page: p.page,
        has_next_page: meta.hasNext,
        has_previous_page: meta.hasPrevious,
        next: meta.next === null ? null : url(meta.next),
        current: url(p.page),
        previous: meta.previous === null ? null : url(meta.previous),
      },
    };
  });

/** GET /api/v2/financial_balances/agencies/?fiscal_year&funding_agency_id */
export const financialBalancesRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getFinancialBalances'>> => {
    const fy = requiredFiscalYear(req);
    const toptier = await toptierOr404(db, req);
    const { rows, ...totals } = await agencyBalances(db, toptier.toptier_agency_id, fy);
    return { results: rows === 0 ? [] : [totals] };
  });

/** GET /api/v2/financial_spending/major_object_class/?fiscal_year&funding_agency_id */
export const majorObjectClassRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listMajorObjectClassSpending'>> => {
    const fy = requiredFiscalYear(req);
    const toptier = await toptierOr404(db, req);
    const rows = await agencyObjectClassSpending(db, toptier.toptier_agency_id, fy);
    return { results: rows.map((r) => ({ major_object_class_code: r.code, major_object_class_name: r.name, obligated_amount: r.obligated_amount })) };
  });

/** GET /api/v2/financial_spending/object_class/?fiscal_year&funding_agency_id&major_object_class_code */
export const minorObjectClassRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listMinorObjectClassSpending'>> => {
    const fy = requiredFiscalYear(req);
    const toptier = await toptierOr404(db, req);
    const rows = await agencyObjectClassSpending(db, toptier.toptier_agency_id, fy, queryValue(req, 'major_object_class_code') ?? '');
    return { results: rows.map((r) => ({ object_class_code: r.code, object_class_name: r.name, obligated_amount: r.obligated_amount })) };
  });

type Node = { name: string; obligated_amount: number; gross_outlay_amount: number };

function tasBreakdownRoute(by: 'object_class' | 'program_activity') {
  return (db: CommonQueryMethods) =>
    jsonHandler(async (req): Promise<ResponseBody<'listTreasuryAccountObjectClasses'>> => {
      const label = pathValue(req, 'tas');
      const tas = await findTreasuryAccount(db, label);
      if (!tas) throw notFound(`No Treasury account '${label}'.`);
      const fy = checkedFiscalYear(queryValue(req, 'fiscal_year')) ?? fiscalYearOf(new Date());
      const p = paging({ page: intQuery(req, 'page', 1), limit: intQuery(req, 'limit', 10) });
      const rows = await treasuryAccountBreakdown(db, tas.id, fy, by);
      const parents = new Map<string, Node & { children: Node[] }>();
      for (const r of rows) {
        const node = parents.get(r.parent) ?? { name: r.parent, obligated_amount: 0, gross_outlay_amount: 0, children: [] };
        parents.set(r.parent, node);
        node.obligated_amount += r.obligated_amount;
        node.gross_outlay_amount += r.gross_outlay_amount;
        node.children.push({ name: r.child, obligated_amount: round2(r.obligated_amount), gross_outlay_amount: round2(r.gross_outlay_amount) });
      }
      const filter = queryValue(req, 'filter')?.toLowerCase();
      const sort = queryValue(req, 'sort') ?? 'obligated_amount';
      const sign = queryValue(req, 'order') === 'asc' ? 1 : -1;
      const list = [...parents.values()]
        .filter((n) => filter === undefined || n.name.toLowerCase().includes(filter))
        .map((n) => ({ ...n, obligated_amount: round2(n.obligated_amount), gross_outlay_amount: round2(n.gross_outlay_amount) }))
        .sort((a, b) => {
          const d = sort === 'name' || sort === 'type' ? a.name.localeCompare(b.name)
            : sort === 'gross_outlay_amount' ? a.gross_outlay_amount - b.gross_outlay_amount : a.obligated_amount - b.obligated_amount;
          return sign * d || a.name.localeCompare(b.name);
        });
      return {
        treasury_account_symbol: tas.label,
        fiscal_year: fy,
        page_metadata: simplePageMetadata(list.length, p),
        results: list.slice(p.offset, p.offset + p.limit).map((n) => (by === 'program_activity' ? { ...n, type: 'PAC/PAN' as const } : n)),
        messages: [],
      };
    });
}

/** GET /api/v2/agency/treasury_account/{tas}/object_class/ */
export const tasObjectClassRoute = tasBreakdownRoute('object_class');
/** GET /api/v2/agency/treasury_account/{tas}/program_activity/ */
export const tasProgramActivityRoute = tasBreakdownRoute('program_activity');

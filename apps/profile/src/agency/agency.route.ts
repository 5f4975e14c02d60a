import type { ResponseBody } from '@usas/api-types';
import { notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { Request } from 'express';
import type { CommonQueryMethods } from 'slonik';
import { pathValue } from '../common/request-values';
import { agencyActivityRows, agencyBureauNames, agencyDefcResources, agencyTasBalances, type ActivityRow, type TasRow } from './agency-accounts.query';
import { agencyTransactions, newAwardCount, obligationsByCategory, recipientDistribution, subAgencyOffices } from './agency-awards.query';
import { accountMessages, agencyTypeParam, awardTypeCodesParam, FIRST_ACCOUNT_FISCAL_YEAR, filterRows, fiscalYearOf, fiscalYearParam,
  listParams, money, pageOf, sortRows } from './agency-params';
import { agencyBudgetaryResources, agencyOverview, findToptierAgency, type AgencyRow } from './agency-summary.query';

type Db = CommonQueryMethods;

/** The toptier agency of the path's code, or a 404. */
async function agencyOf(db: Db, req: Request): Promise<AgencyRow> {
  const code = pathValue(req, 'toptier_code');
  const agency = await findToptierAgency(db, code);
  if (!agency) throw notFound(`Agency with a toptier code of '${code}' does not exist.`);
  return agency;
}

/** Agency and fiscal year of a request (the year is checked before the agency is looked up). */
async function agencyAndYear(db: Db, req: Request): Promise<{ agency: AgencyRow; fy: number }> {
  const fy = fiscalYearParam(req);
  return { agency: await agencyOf(db, req), fy };
}

const sumOf = <T>(rows: readonly T[], f: (r: T) => number): number => money(rows.reduce((s, r) => s + f(r), 0));

/** Groups rows by a key into named amount rows (obligations and outlays summed). */
function groupAmounts<T extends { obligated_amount: number; gross_outlay_amount: number }>(rows: readonly T[], name: (r: T) => string | null) {
  const out = new Map<string, { name: string; obligated_amount: number; gross_outlay_amount: number; rows: T[] }>();
  for (const r of rows) {
    const n = name(r);
    if (n === null) continue;
    const g = out.get(n) ?? { name: n, obligated_amount: 0, gross_outlay_amount: 0, rows: [] };
    g.obligated_amount += r.obligated_amount;
    g.gross_outlay_amount += r.gross_outlay_amount;
    g.rows.push(r);
    out.set(n, g);
  }
  return [...out.values()].map((g) => ({ ...g, obligated_amount: money(g.obligated_amount), gross_outlay_amount: money(g.gross_outlay_amount) }));
}

const amountsOnly = (g: { name: string; obligated_amount: number; gross_outlay_amount: number }) =>
  ({ name: g.name, obligated_amount: g.obligated_amount, gross_outlay_amount: g.gross_outlay_amount });

/** The bureau slug of a budget bureau name: lower case, non-alphanumerics to underscores. */
export const bureauSlug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/** GET agency/{toptier_code}/ */
export const overviewRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyProfileOverview'>> => {
    const fy = fiscalYearParam(req);
    const code = pathValue(req, 'toptier_code');
    const agency = await agencyOverview(db, code, fy);
    if (!agency) throw notFound(`Agency with a toptier code of '${code}' does not exist.`);
    return {
      fiscal_year: fy,
      toptier_code: agency.toptier_code,
      name: agency.name,
      abbreviation: agency.abbreviation,
      agency_id: agency.agency_id ?? 0,
      icon_filename: agency.icon_filename,
      mission: agency.mission,
      website: agency.website,
      congressional_justification_url: agency.justification,
      about_agency_data: agency.about_agency_data,
      subtier_agency_count: agency.subtier_agency_count,
      def_codes: agency.def_codes.map((d) => ({ ...d })),
      messages: [],
    };
  });

/** GET agency/{toptier_code}/budgetary_resources/ */
export const budgetaryResourcesRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyBudgetaryResources'>> => {
    const code = pathValue(req, 'toptier_code');
    const agency = await agencyBudgetaryResources(db, code, FIRST_ACCOUNT_FISCAL_YEAR, fiscalYearOf(new Date()));
    if (!agency) throw notFound(`Agency with a toptier code of '${code}' does not exist.`);
    return {
      toptier_code: agency.toptier_code,
      agency_data_by_year: agency.resources.years.map((y) => ({
        fiscal_year: y.fy,
        agency_budgetary_resources: y.agency_budgetary_resources,
        total_budgetary_resources: y.total_budgetary_resources,
        agency_total_obligated: y.agency_total_obligated,
        agency_total_outlayed: y.agency_total_outlayed,
        agency_obligation_by_period: agency.resources.periods.filter((p) => p.fy === y.fy).map((p) => ({ period: p.period, obligated: p.obligated })),
      })),
      messages: [],
    };
  });

/** GET agency/{toptier_code}/obligations_by_award_category/ */
export const obligationsByAwardCategoryRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyObligationsByAwardCategory'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = (await obligationsByCategory(db, agency.toptier_agency_id, fy)).filter((r) => r.aggregated_amount !== 0);
    return {
      total_aggregated_amount: sumOf(rows, (r) => r.aggregated_amount),
      results: [...rows].sort((a, b) => b.aggregated_amount - a.aggregated_amount).map((r) => ({ ...r })),
    };
  });

/** GET agency/{toptier_code}/awards/ */
export const agencyAwardsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyAwards'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const row = await agencyTransactions(db, agency.toptier_agency_id, fy, agencyTypeParam(req), awardTypeCodesParam(req));
    return { toptier_code: agency.toptier_code, fiscal_year: fy, ...row, messages: [] };
  });

/** GET agency/{toptier_code}/awards/new/count/ */
export const newAwardCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyNewAwardCount'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const agencyType = agencyTypeParam(req);
    const types = awardTypeCodesParam(req);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      agency_type: agencyType,
      award_type_codes: types,
      new_award_count: await newAwardCount(db, agency.toptier_agency_id, fy, agencyType, types),
    };
  });

/** Federal accounts (with their TAS) of File A rows. */
function federalAccounts(rows: readonly TasRow[]) {
  const out = new Map<string, { name: string; code: string; total_budgetary_resources: number; obligated_amount: number; gross_outlay_amount: number; children: TasRow[] }>();
  for (const r of rows) {
    const fa = out.get(r.federal_account_code) ?? { name: r.federal_account_name, code: r.federal_account_code, total_budgetary_resources: 0, obligated_amount: 0, gross_outlay_amount: 0, children: [] };
    fa.total_budgetary_resources += r.total_budgetary_resources;
    fa.obligated_amount += r.obligated_amount;
    fa.gross_outlay_amount += r.gross_outlay_amount;
    fa.children.push(r);
    out.set(r.federal_account_code, fa);
  }
  return [...out.values()].map((fa) => ({
    name: fa.name,
    code: fa.code,
    total_budgetary_resources: money(fa.total_budgetary_resources),
    obligated_amount: money(fa.obligated_amount),
    gross_outlay_amount: money(fa.gross_outlay_amount),
    children: [...fa.children].sort((a, b) => b.obligated_amount - a.obligated_amount || a.tas.localeCompare(b.tas)).map((t) => ({
      name: t.tas_name, code: t.tas, total_budgetary_resources: t.total_budgetary_resources, obligated_amount: t.obligated_amount,
      gross_outlay_amount: t.gross_outlay_amount,
    })),
  }));
}

/** GET agency/{toptier_code}/federal_account/ */
export const federalAccountsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencyFederalAccounts'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'total_budgetary_resources', 'gross_outlay_amount'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const all = filterRows(federalAccounts(await agencyTasBalances(db, agency.toptier_agency_id, fy)), p.filter);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      ...pageOf(sortRows(all, p.sort, p.order), p),
      totals: {
        total_budgetary_resources: sumOf(all, (r) => r.total_budgetary_resources),
        obligated_amount: sumOf(all, (r) => r.obligated_amount),
        gross_outlay_amount: sumOf(all, (r) => r.gross_outlay_amount),
      },
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/federal_account/count/ */
export const federalAccountCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgencyFederalAccounts'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyTasBalances(db, agency.toptier_agency_id, fy);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      federal_account_count: new Set(rows.map((r) => r.federal_account_code)).size,
      treasury_account_count: new Set(rows.map((r) => r.tas)).size,
      messages: accountMessages(fy),
    };
  });

const objectClassName = (r: ActivityRow) => r.object_class_name;
const majorName = (r: ActivityRow) => r.major_object_class_name;
const activityName = (r: ActivityRow) => r.program_activity_name;

/** GET agency/{toptier_code}/object_class/ */
export const objectClassesRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencyObjectClasses'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'gross_outlay_amount'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    const majors = filterRows(groupAmounts(rows, majorName), p.filter).map((m) => ({
      ...amountsOnly(m),
      children: sortRows(groupAmounts(m.rows, objectClassName).map(amountsOnly), 'obligated_amount', 'desc'),
    }));
    const kept = majors.flatMap((m) => m.children);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      ...pageOf(sortRows(majors, p.sort, p.order), p),
      totals: { obligated_amount: sumOf(kept, (r) => r.obligated_amount), gross_outlay_amount: sumOf(kept, (r) => r.gross_outlay_amount) },
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/object_class/count/ */
export const objectClassCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgencyObjectClasses'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      object_class_count: new Set(rows.map((r) => r.object_class).filter((x) => x !== null)).size,
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/program_activity/ */
export const programActivitiesRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencyProgramActivities'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'gross_outlay_amount'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    const all = filterRows(groupAmounts(rows, activityName).map(amountsOnly), p.filter);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      ...pageOf(sortRows(all, p.sort, p.order), p),
      totals: { obligated_amount: sumOf(all, (r) => r.obligated_amount), gross_outlay_amount: sumOf(all, (r) => r.gross_outlay_amount) },
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/program_activity/count/ */
export const programActivityCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgencyProgramActivities'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      program_activity_count: new Set(rows.map(activityName).filter((x) => x !== null)).size,
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/budget_function/ */
export const budgetFunctionsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencyBudgetFunctions'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'gross_outlay_amount'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    const functions = filterRows(groupAmounts(rows, (r) => r.budget_function), p.filter).map((f) => ({
      ...amountsOnly(f),
      children: sortRows(groupAmounts(f.rows, (r) => r.budget_subfunction).map(amountsOnly), 'obligated_amount', 'desc'),
    }));
    return { toptier_code: agency.toptier_code, fiscal_year: fy, ...pageOf(sortRows(functions, p.sort, p.order), p), messages: accountMessages(fy) };
  });

/** GET agency/{toptier_code}/budget_function/count/ */
export const budgetFunctionCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgencyBudgetFunctions'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const rows = await agencyActivityRows(db, agency.toptier_agency_id, fy);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      budget_function_count: new Set(rows.map((r) => r.budget_function_code).filter((x) => x !== null)).size,
      budget_sub_function_count: new Set(rows.map((r) => r.budget_subfunction_code).filter((x) => x !== null)).size,
      messages: accountMessages(fy),
    };
  });

/** GET agency/{toptier_code}/def_code/ */
export const defCodesRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencyDefCodes'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'total_budgetary_resources', 'gross_outlay_amount'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const [rows, codes] = await Promise.all([agencyActivityRows(db, agency.toptier_agency_id, fy), agencyDefcResources(db, agency.toptier_agency_id, fy)]);
    const byCode = new Map(codes.map((c) => [c.code, c]));
    const f = p.filter?.toLowerCase();
    const all = groupAmounts(rows, (r) => r.defc)
      .flatMap((g) => {
        const d = byCode.get(g.name);
        if (!d) return [];
        return [{ name: g.name, code: g.name, public_law: d.public_law, title: d.title, total_budgetary_resources: d.total_budgetary_resources,
          obligated_amount: g.obligated_amount, gross_outlay_amount: g.gross_outlay_amount }];
      })
      .filter((r) => f === undefined || r.code.toLowerCase().includes(f) || (r.title ?? '').toLowerCase().includes(f));
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      ...pageOf(sortRows(all, p.sort, p.order).map(({ name: _n, ...r }) => r), p),
      totals: {
        total_budgetary_resources: sumOf(all, (r) => r.total_budgetary_resources),
        obligated_amount: sumOf(all, (r) => r.obligated_amount),
        gross_outlay_amount: sumOf(all, (r) => r.gross_outlay_amount),
      },
      messages: accountMessages(fy),
    };
  });

/** Budget bureaus of File A rows with their federal accounts. */
function bureaus(rows: readonly TasRow[]) {
  const out = new Map<string, { name: string; id: string; rows: TasRow[] }>();
  for (const r of rows) {
    if (r.bureau === null) continue;
    const id = bureauSlug(r.bureau);
    const b = out.get(id) ?? { name: r.bureau, id, rows: [] };
    b.rows.push(r);
    out.set(id, b);
  }
  return [...out.values()].map((b) => ({
    name: b.name,
    id: b.id,
    total_budgetary_resources: sumOf(b.rows, (r) => r.total_budgetary_resources),
    total_obligations: sumOf(b.rows, (r) => r.obligated_amount),
    total_outlays: sumOf(b.rows, (r) => r.gross_outlay_amount),
    rows: b.rows,
  }));
}

/** GET agency/{toptier_code}/sub_components/ */
export const subComponentsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencySubComponents'>> => {
    const p = listParams(req, ['total_budgetary_resources', 'name', 'total_obligations'] as const);
    agencyTypeParam(req);
    const { agency, fy } = await agencyAndYear(db, req);
    const all = bureaus(await agencyTasBalances(db, agency.toptier_agency_id, fy)).map(({ rows: _r, ...b }) => b);
    return { toptier_code: agency.toptier_code, fiscal_year: fy, ...pageOf(sortRows(all, p.sort, p.order), p), messages: accountMessages(fy) };
  });

/** GET agency/{toptier_code}/sub_components/{bureau_slug}/ */
export const subComponentAccountsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencySubComponentAccounts'>> => {
    const p = listParams(req, ['total_budgetary_resources', 'name', 'id', 'total_obligations'] as const);
    agencyTypeParam(req);
    const { agency, fy } = await agencyAndYear(db, req);
    const slug = pathValue(req, 'bureau_slug');
    // A slug names a bureau of the agency's Treasury accounts (any year); a year without its data is empty, not a 404.
    const found = bureaus(await agencyTasBalances(db, agency.toptier_agency_id, fy)).find((b) => b.id === slug);
    const known = found !== undefined || (await agencyBureauNames(db, agency.toptier_agency_id)).some((n) => bureauSlug(n) === slug);
    if (!known) throw notFound(`Agency '${agency.toptier_code}' has no sub-component '${slug}'.`);
    const bureau = found ?? { total_budgetary_resources: 0, total_obligations: 0, total_outlays: 0, rows: [] };
    const accounts = federalAccounts(bureau.rows).map((fa) => ({
      name: fa.name, id: fa.code, total_budgetary_resources: fa.total_budgetary_resources, total_obligations: fa.obligated_amount,
      total_outlays: fa.gross_outlay_amount,
    }));
    return {
      toptier_code: agency.toptier_code,
      bureau_slug: slug,
      fiscal_year: fy,
      totals: { total_budgetary_resources: bureau.total_budgetary_resources, total_obligations: bureau.total_obligations, total_outlays: bureau.total_outlays },
      ...pageOf(sortRows(accounts, p.sort, p.order), p),
      messages: accountMessages(fy),
    };
  });

/** Subtier agencies (with their offices) of office rows. */
async function subAgencies(db: Db, req: Request, agency: AgencyRow, fy: number) {
  const rows = await subAgencyOffices(db, agency.toptier_agency_id, fy, agencyTypeParam(req), awardTypeCodesParam(req));
  const out = new Map<string, { name: string; abbreviation: string | null; total_obligations: number; transaction_count: number; new_award_count: number;
    children: { name: string; code: string; total_obligations: number; transaction_count: number; new_award_count: number }[] }>();
  for (const r of rows) {
    if (r.subtier_code === null || r.subtier_name === null) continue;
    const s = out.get(r.subtier_code) ?? { name: r.subtier_name, abbreviation: r.subtier_abbreviation, total_obligations: 0, transaction_count: 0, new_award_count: 0, children: [] };
    s.total_obligations += r.total_obligations;
    s.transaction_count += r.transaction_count;
    s.new_award_count += r.new_award_count;
    if (r.office_code !== null) {
      s.children.push({ name: r.office_name ?? r.office_code, code: r.office_code, total_obligations: r.total_obligations, transaction_count: r.transaction_count, new_award_count: r.new_award_count });
    }
    out.set(r.subtier_code, s);
  }
  return [...out.values()].map((s) => ({ ...s, total_obligations: money(s.total_obligations), children: sortRows(s.children, 'total_obligations', 'desc') }));
}

/** GET agency/{toptier_code}/sub_agency/ */
export const subAgenciesRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'listAgencySubAgencies'>> => {
    const p = listParams(req, ['total_obligations', 'name', 'transaction_count', 'new_award_count'] as const);
    const { agency, fy } = await agencyAndYear(db, req);
    const all = await subAgencies(db, req, agency, fy);
    return { toptier_code: agency.toptier_code, fiscal_year: fy, ...pageOf(sortRows(all, p.sort, p.order), p), messages: [] };
  });

/** GET agency/{toptier_code}/sub_agency/count/ */
export const subAgencyCountRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgencySubAgencies'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const all = await subAgencies(db, req, agency, fy);
    return {
      toptier_code: agency.toptier_code,
      fiscal_year: fy,
      sub_agency_count: all.length,
      office_count: all.reduce((n, s) => n + s.children.length, 0),
      messages: [],
    };
  });

/** GET agency/{toptier_code}/recipients/ */
export const recipientsRoute = (db: Db) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyRecipients'>> => {
    const { agency, fy } = await agencyAndYear(db, req);
    const r = await recipientDistribution(db, agency.toptier_agency_id, fy);
    return {
      toptier_code: agency.toptier_code, fiscal_year: fy, count: r.count, max: r.max, min: r.min,
      '25th_percentile': r.p25, '50th_percentile': r.p50, '75th_percentile': r.p75, messages: [],
    };
  });

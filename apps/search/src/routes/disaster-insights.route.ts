import type { RequestBody, ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { RequestHandler } from 'express';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { applyQuery, insightTree, pageFromRows, pageOf, pageRequest, type InsightNode, type InsightTotals, type Paging } from '../disaster/insight-results';
import { LOAN_TYPES, type DisasterAwardFilter } from '../queries/disaster-awards.query';
import { awardSource, cfdaInfo, DIMENSIONS, insightLevels, insightPage, totalSource, type InsightDimension } from '../queries/disaster-insights.query';

/** The request fields every insight endpoint shares. */
interface InsightBody {
  filter: { def_codes: string[]; award_type_codes?: string[]; query?: string };
  spending_type?: 'total' | 'award';
  pagination?: Paging;
}

type Kind = 'agency' | 'cfda' | 'federal_account' | 'object_class' | 'recipient';

/** What the rows of one request are: dimension, award or total spending, loans only. */
function plan(kind: Kind, body: InsightBody, loans: boolean): { dimension: InsightDimension; total: boolean } {
  const total = !loans && body.spending_type === 'total' && (kind === 'agency' || kind === 'federal_account' || kind === 'object_class');
  switch (kind) {
    case 'agency':
      // Upstream: with award types, the awarding agencies of the linked awards; else the agencies owning the accounts.
      return { dimension: !total && body.filter.award_type_codes !== undefined ? DIMENSIONS.awardingAgency : DIMENSIONS.fundingAgency, total };
    case 'federal_account':
      return { dimension: DIMENSIONS.federalAccount, total };
    case 'object_class':
      return { dimension: DIMENSIONS.objectClass, total };
    case 'cfda':
      return { dimension: DIMENSIONS.cfda, total: false };
    case 'recipient':
      return { dimension: DIMENSIONS.recipient, total: false };
  }
}

/**
 * Loads, filters by `query` and pages the results of one insight request. Without a `query`, the database sorts
 * and pages the results of the dimensions that say how their ids compare, and sends only the page's results with
 * their children (a federal account page needs ten of the hundreds of accounts and a few dozen of the thousands of
 * Treasury accounts; recipients are thousands). Otherwise every row comes here, is filtered by `query`, and sorted.
 */
async function insight(ctx: SearchContext, kind: Kind, body: InsightBody, loans: boolean, defaultSort: 'id' | 'description') {
  const defCodes = await resolveDisasterCodes(ctx.db, body.filter.def_codes, '/body/filter/def_codes');
  const { dimension, total } = plan(kind, body, loans);
  // federal_account/spending takes no award types (its contract has none); the loans endpoints default to both loan types.
  const types = kind === 'federal_account' && !loans ? undefined : body.filter.award_type_codes;
  const f: DisasterAwardFilter = { defCodes, awardTypeCodes: loans ? (types ?? LOAN_TYPES) : types };
  const src = total ? totalSource(dimension, defCodes) : awardSource(dimension, f);
  if (dimension.ids !== undefined && !body.filter.query?.trim()) {
    const { count, rows } = await insightPage(ctx.db, src, dimension.ids, pageRequest(body.pagination, defaultSort));
    return { total, ...pageFromRows(count, rows, body.pagination, defaultSort) };
  }
  const { nodes, totals } = applyQuery(insightTree(await insightLevels(ctx.db, src)), body.filter.query);
  return { total, totals, ...pageOf(nodes, body.pagination, defaultSort) };
}

const spendingFields = (n: InsightNode, total: boolean) => ({
  award_count: total ? null : n.award_count,
  obligation: n.obligation,
  outlay: n.outlay,
});
const loanFields = (n: InsightNode) => ({
  award_count: n.award_count ?? 0,
  obligation: n.obligation,
  outlay: n.outlay,
  face_value_of_loan: n.face_value_of_loan,
});
const loanTotals = (t: InsightTotals) => ({ award_count: t.award_count ?? 0, face_value_of_loan: t.face_value_of_loan ?? 0, obligation: t.obligation, outlay: t.outlay });
const awardTotals = (t: InsightTotals) => ({ award_count: t.award_count ?? 0, obligation: t.obligation, outlay: t.outlay });
/** Totals of a spending endpoint: File B sums and budgetary resources, or award sums with the award count. */
function spendingTotals(t: InsightTotals, total: boolean, withTbr: boolean) {
  if (!total) return awardTotals(t);
  return withTbr ? { obligation: t.obligation, outlay: t.outlay, total_budgetary_resources: t.total_budgetary_resources ?? 0 } : { obligation: t.obligation, outlay: t.outlay };
}
const label = (n: InsightNode) => ({ id: n.id, code: n.code, description: n.description });
const tbr = (n: InsightNode, total: boolean) => ({ total_budgetary_resources: total ? n.total_budgetary_resources : null });

/** Recipient profile ids of a recipient: its hash with each of its levels (R when none is known). */
function recipientIds(n: InsightNode): string[] {
  const levels = n.extra ? n.extra.split(',').filter((l) => l !== '') : [];
  return (levels.length > 0 ? levels : ['R']).map((l) => `${n.id}-${l}`);
}

/** The assistance listing fields of a page of CFDA results (empty where the listing is not in the reference table). */
async function withCfdaInfo<T extends { code: string }>(ctx: SearchContext, results: T[]) {
  const info = new Map((await cfdaInfo(ctx.db, results.map((r) => r.code))).map((r) => [r.code, r]));
  return results.map((r) => {
    const i = info.get(r.code);
    return {
      ...r,
      resource_link: i?.resource_link ?? null,
      cfda_federal_agency: i?.cfda_federal_agency ?? '',
      cfda_objectives: i?.cfda_objectives ?? '',
      cfda_website: i?.cfda_website ?? null,
      applicant_eligibility: i?.applicant_eligibility ?? '',
      beneficiary_eligibility: i?.beneficiary_eligibility ?? '',
    };
  });
}

type InsightOp =
  | 'disasterAgencySpending' | 'disasterAgencyLoans' | 'disasterFederalAccountSpending' | 'disasterFederalAccountLoans'
  | 'disasterObjectClassSpending' | 'disasterObjectClassLoans' | 'disasterCfdaSpending' | 'disasterCfdaLoans'
  | 'disasterRecipientSpending' | 'disasterRecipientLoans';

/** The shared request fields of an insight request (the gateway has validated it against its operation). */
const body = (req: { body: RequestBody<InsightOp> }): InsightBody => req.body;

/** POST disaster/agency/spending/: agencies owning the accounts (or awarding the awards, with their subtiers). */
export const disasterAgencySpendingRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterAgencySpending'>(async (req) => {
    const r = await insight(ctx, 'agency', body(req), false, 'id');
    return {
      totals: spendingTotals(r.totals, r.total, true),
      results: r.results.map((n) => ({
        ...label(n),
        children: n.children.map((c) => ({ ...label(c), ...spendingFields(c, r.total), ...tbr(c, r.total) })),
        ...spendingFields(n, r.total),
        ...tbr(n, r.total),
      })),
      page_metadata: r.page_metadata,
    };
  });

/** The loans endpoints of the dimensions with children (agency, federal account, object class). */
const loansRoute = (ctx: SearchContext, kind: 'agency' | 'federal_account' | 'object_class') =>
  jsonHandler<'disasterAgencyLoans' | 'disasterFederalAccountLoans' | 'disasterObjectClassLoans'>(async (req) => {
    const r = await insight(ctx, kind, body(req), true, 'id');
    const response: ResponseBody<'disasterAgencyLoans'> = {
      totals: loanTotals(r.totals),
      results: r.results.map((n) => ({ ...label(n), children: n.children.map((c) => ({ ...label(c), ...loanFields(c) })), ...loanFields(n) })),
      page_metadata: r.page_metadata,
    };
    return response;
  });

/** POST disaster/federal_account/spending/: federal accounts with their Treasury accounts (numeric ids, as the contract). */
const federalAccountSpendingRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterFederalAccountSpending'>(async (req) => {
    const r = await insight(ctx, 'federal_account', body(req), false, 'id');
    const fields = (n: InsightNode) => ({ id: Number(n.id), code: n.code, description: n.description, ...spendingFields(n, r.total), ...tbr(n, r.total) });
    return {
      totals: spendingTotals(r.totals, r.total, true),
      results: r.results.map((n) => ({ ...fields(n), children: n.children.map(fields) })),
      page_metadata: r.page_metadata,
    };
  });

/** POST disaster/object_class/spending/: major object classes with their object classes. */
const objectClassSpendingRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterObjectClassSpending'>(async (req) => {
    const r = await insight(ctx, 'object_class', body(req), false, 'id');
    return {
      totals: spendingTotals(r.totals, r.total, false),
      results: r.results.map((n) => ({ ...label(n), children: n.children.map((c) => ({ ...label(c), ...spendingFields(c, r.total) })), ...spendingFields(n, r.total) })),
      page_metadata: r.page_metadata,
    };
  });

/** POST disaster/cfda/{spending,loans}/: assistance listings of the funded awards. */
const cfdaRoute = (ctx: SearchContext, loans: boolean) =>
  jsonHandler<'disasterCfdaSpending' | 'disasterCfdaLoans'>(async (req) => {
    const r = await insight(ctx, 'cfda', body(req), loans, 'id');
    const results = await withCfdaInfo(
      ctx,
      r.results.map((n) => ({ ...label(n), ...(loans ? loanFields(n) : { ...spendingFields(n, false), award_count: n.award_count ?? 0 }) })),
    );
    const response: ResponseBody<'disasterCfdaSpending'> = { totals: loans ? loanTotals(r.totals) : awardTotals(r.totals), results, page_metadata: r.page_metadata };
    return response;
  });

/** POST disaster/recipient/{spending,loans}/: recipients of the funded awards. */
const recipientRoute = (ctx: SearchContext, loans: boolean) =>
  jsonHandler<'disasterRecipientSpending' | 'disasterRecipientLoans'>(async (req) => {
    const r = await insight(ctx, 'recipient', body(req), loans, 'description');
    const response: ResponseBody<'disasterRecipientSpending'> = {
      totals: loans ? loanTotals(r.totals) : awardTotals(r.totals),
      results: r.results.map((n) => ({
        id: recipientIds(n),
        code: n.code,
        description: n.description,
        ...(loans ? loanFields(n) : { ...spendingFields(n, false), award_count: n.award_count ?? 0 }),
      })),
      page_metadata: r.page_metadata,
    };
    return response;
  });

/** The insight endpoints other than agency/spending, by path under /api/v2/disaster/. */
export function disasterInsightRoutes(ctx: SearchContext): Array<[string, RequestHandler]> {
  return [
    ['agency/loans/', loansRoute(ctx, 'agency')],
    ['federal_account/spending/', federalAccountSpendingRoute(ctx)],
    ['federal_account/loans/', loansRoute(ctx, 'federal_account')],
    ['object_class/spending/', objectClassSpendingRoute(ctx)],
    ['object_class/loans/', loansRoute(ctx, 'object_class')],
    ['cfda/spending/', cfdaRoute(ctx, false)],
    ['cfda/loans/', cfdaRoute(ctx, true)],
    ['recipient/spending/', recipientRoute(ctx, false)],
    ['recipient/loans/', recipientRoute(ctx, true)],
  ];
}

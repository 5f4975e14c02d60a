import type { RequestBody, ResponseBody } from '@usas/api-types';
import { badRequest, unprocessable } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { Router } from 'express';
import type { CommonQueryMethods } from 'slonik';
import { linkedPageMetadata } from '../common/paging';
import { queryValue } from '../common/request-values';
import { checkFiscalYear, intValue } from '../reporting/reporting-params';
import { awardSpendingByRecipient } from './award-spending.query';
import { exploreSpending, gtasObligations, type ExplorerFilters, type ExplorerType } from './spending-explorer.query';

type Body = RequestBody<'spendingExplorer'>;
type Raw = string | number | undefined;

/** Award and recipient answers list this many groups (their total still sums every group). */
const LONG_LIST_LIMIT = 500;

const text = (v: Raw): string | undefined => (v === undefined ? undefined : String(v).trim());

/** A numeric drill-down id (agency, federal account, program activity); 400 when it is not one. */
function idOf(name: string, v: Raw): number | undefined {
  const s = text(v);
  if (s === undefined) return undefined;
  if (!/^[0-9]{1,12}$/.test(s)) throw badRequest(`Invalid value in 'filters.${name}': '${s.slice(0, 40)}' is not an id from a previous answer.`);
  return Number(s);
}

/** A budget function or subfunction code: three digits (numbers are zero padded: 50 = '050'). */
function functionCode(name: string, v: Raw): string | undefined {
  const s = text(v);
  if (s === undefined) return undefined;
  if (!/^[0-9]{1,3}$/.test(s)) throw badRequest(`Invalid value in 'filters.${name}': '${s.slice(0, 40)}' is not a budget function code.`);
  return s.padStart(3, '0');
}

/** Fiscal year and period of the filters: `period`, or the last period of `quarter`, exactly one of them. */
function timeOf(f: Body['filters']): { fy: number; period: number } {
  const fy = checkFiscalYear(Number(f.fy), 'filters.fy');
  if (f.quarter !== undefined && f.period !== undefined) throw badRequest("Send either 'filters.quarter' or 'filters.period', not both.");
  if (f.quarter === undefined && f.period === undefined) throw unprocessable("Missing required filter: 'quarter' or 'period'.");
  const period = f.period !== undefined ? Number(f.period) : Number(f.quarter) * 3;
  if (period === 1) throw badRequest("Invalid value in 'filters.period': period 1 is not reportable (it is submitted with period 2).");
  if (fy === 2017 && period < 6) throw badRequest('Data is not available prior to FY 2017 Q2.');
  return { fy, period };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Last day of a fiscal period (YYYY-MM-DD). */
function periodEnd(fy: number, period: number): string {
  return new Date(Date.UTC(fy - 1, 9 + period, 0)).toISOString().slice(0, 10);
}

/**
 * The spending explorer (POST spending/) and the legacy award spending by recipient list (GET
 * award_spending/recipient/), from File B, File C, the awards they link to and transaction_search.
 */
export function createSpendingExplorerRouter(db: CommonQueryMethods): Router {
  const router = Router();

  router.post('/api/v2/spending/', jsonHandler<'spendingExplorer'>(async (req) => {
    const body: Body = req.body;
    const f = body.filters;
    const { fy, period } = timeOf(f);
    const filters: ExplorerFilters = {
      agency: idOf('agency', f.agency),
      federal_account: idOf('federal_account', f.federal_account),
      object_class: text(f.object_class),
      budget_function: functionCode('budget_function', f.budget_function),
      budget_subfunction: functionCode('budget_subfunction', f.budget_subfunction),
      program_activity: idOf('program_activity', f.program_activity),
      recipient: text(f.recipient),
    };
    const type = body.type as ExplorerType;
    const detailed = Object.values(filters).some((v) => v !== undefined);
    const limit = type === 'award' || type === 'recipient' ? LONG_LIST_LIMIT : 100000;
    const rows = await exploreSpending(db, type, fy, period, filters, detailed, limit);
    const results = rows.map((r) => ({
        id: r.id,
        code: r.code,
        type,
        name: r.name,
        amount: r.amount,
        ...(type === 'federal_account' && r.code !== null ? { account_number: r.code } : {}),
        ...(type === 'agency' ? { link: true } : {}),
        ...(type === 'award' && r.generated_unique_award_id ? { generated_unique_award_id: r.generated_unique_award_id } : {}),
        ...(type === 'recipient' || type === 'award' ? { total: r.amount } : {}),
    }));
    let total = rows[0]?.total ?? null;
    // Upstream's "Unreported Data" row of the entry views by agency and budget function: the GTAS obligations of the
    // period less what the agencies reported in File B, and the GTAS figure as the total.
    if (!detailed && (type === 'agency' || type === 'budget_function')) {
      const expected = await gtasObligations(db, fy, period);
      if (expected !== null) {
        results.push({ id: null, code: null, type, name: 'Unreported Data', amount: round2(expected - (total ?? 0)) });
        results.sort((a, b) => b.amount - a.amount);
        total = expected;
      }
    }
    return { total, end_date: periodEnd(fy, period), results };
  }));

  router.get('/api/v2/award_spending/recipient/', jsonHandler(async (req): Promise<ResponseBody<'listAwardSpendingRecipients'>> => {
    const agencyId = intValue(queryValue(req, 'awarding_agency_id'), 0);
    const fy = intValue(queryValue(req, 'fiscal_year'), 0);
    const page = intValue(queryValue(req, 'page'), 1);
    const limit = intValue(queryValue(req, 'limit'), 100);
    const rows = await awardSpendingByRecipient(db, agencyId, fy, limit, (page - 1) * limit);
    const count = rows[0]?.full_count ?? 0;
    const link = (p: number) => `?awarding_agency_id=${agencyId}&fiscal_year=${fy}&limit=${limit}&page=${p}`;
    return {
      page_metadata: linkedPageMetadata(count, page, limit, link),
      results: rows.map((r) => ({ award_category: r.award_category, obligated_amount: r.obligated_amount, recipient: { recipient_name: r.recipient_name } })),
    };
  }));

  return router;
}

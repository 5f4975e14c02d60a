import type { RequestBody, ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveDefCodes } from '../disaster/def-code-params';
import { agencyAwardSpending, agencyTotalSpending } from '../queries/disaster-agency-spending.query';

type Body = RequestBody<'disasterAgencySpending'>;
type Response = ResponseBody<'disasterAgencySpending'>;
type Result = Response['results'][number];
type SortKey = NonNullable<NonNullable<Body['pagination']>['sort']>;

/** Orders rows by the sort key (nulls last whatever the order, as upstream), then by id for a stable page. */
function compare(sort: SortKey, order: 'asc' | 'desc') {
  const dir = order === 'asc' ? 1 : -1;
  return (a: Omit<Result, 'children'>, b: Omit<Result, 'children'>): number => {
    const x = a[sort];
    const y = b[sort];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      if (sort === 'id') return dir * (Number(x) - Number(y));
      if (typeof x === 'number' && typeof y === 'number') return dir * (x - y);
      return dir * String(x).localeCompare(String(y));
    }
    return Number(a.id) - Number(b.id);
  };
}

/**
 * POST /api/v2/disaster/agency/spending/: per agency spending of the DEF codes, total (File B and GTAS) or award
 * (File C), one page of it with the totals of all agencies.
 */
export const disasterAgencySpendingRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterAgencySpending'>(async (req) => {
    const body = req.body;
    const { filter, spending_type: spendingType } = body;
    // award_type_codes only shapes award spending; upstream (and its own sample) sends it with `total` too.
    const defCodes = await resolveDefCodes(ctx.db, filter.def_codes, '/body/filter/def_codes');
    const page = body.pagination?.page ?? 1;
    const limit = body.pagination?.limit ?? 10;
    const sort = body.pagination?.sort ?? 'id';
    const order = body.pagination?.order ?? 'desc';

    let rows: Result[];
    let totals: Response['totals'];
    if (spendingType === 'total') {
      const agencies = await agencyTotalSpending(ctx.db, defCodes);
      rows = agencies.map((r) => ({
        id: r.id,
        code: r.code,
        description: r.description,
        children: [],
        award_count: null,
        obligation: cents(r.obligation),
        outlay: cents(r.outlay),
        total_budgetary_resources: r.total_budgetary_resources === null ? null : cents(r.total_budgetary_resources),
      }));
      totals = {
        obligation: cents(agencies.reduce((t, r) => t + r.obligation, 0)),
        outlay: cents(agencies.reduce((t, r) => t + r.outlay, 0)),
        total_budgetary_resources: cents(agencies.reduce((t, r) => t + (r.total_budgetary_resources ?? 0), 0)),
      };
    } else {
      const found = await agencyAwardSpending(ctx.db, { defCodes, awardTypeCodes: filter.award_type_codes });
      const byAgency = new Map<string, Result & { children: NonNullable<Result['children']> }>();
      for (const r of found) {
        const agency = byAgency.get(r.id) ?? { id: r.id, code: r.code, description: r.description, children: [], award_count: 0, obligation: 0, outlay: 0, total_budgetary_resources: null };
        agency.award_count = (agency.award_count ?? 0) + r.award_count;
        agency.obligation = (agency.obligation ?? 0) + r.obligation;
        agency.outlay = (agency.outlay ?? 0) + r.outlay;
        if (r.child_id !== null) {
          agency.children.push({
            id: r.child_id,
            code: r.child_code ?? '',
            description: r.child_description ?? '',
            award_count: r.award_count,
            obligation: cents(r.obligation),
            outlay: cents(r.outlay),
            total_budgetary_resources: null,
          });
        }
        byAgency.set(r.id, agency);
      }
      rows = [...byAgency.values()].map((a) => ({
        ...a,
        obligation: cents(a.obligation ?? 0),
        outlay: cents(a.outlay ?? 0),
        children: a.children.sort(compare(sort, order)),
      }));
      totals = {
        award_count: found.reduce((t, r) => t + r.award_count, 0),
        obligation: cents(found.reduce((t, r) => t + r.obligation, 0)),
        outlay: cents(found.reduce((t, r) => t + r.outlay, 0)),
      };
    }
    rows.sort(compare(sort, order));
    const start = (page - 1) * limit;
    const hasNext = rows.length > start + limit;
    return {
      totals,
      results: rows.slice(start, start + limit),
      page_metadata: {
        page,
        next: hasNext ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        hasNext,
        hasPrevious: page > 1,
        total: rows.length,
        limit,
      },
    };
  });

import type { components, operations, ResponseBody } from '@usas/api-types';
import { unprocessable } from '@usas/errors';
import type { AdvancedFilter } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import { categoryQuery, type CategoryName } from '../categories/category-definitions';
import { CATEGORY_SUBAWARDS_DEPRECATION_MESSAGE, searchMessages } from '../common/messages';
import { cents } from '../common/money';
import { pageMetadata, paging } from '../common/paging';
import { planRequest, whereOn, type SearchContext } from '../common/search-context';
import { slugify } from '../common/slugify';
import { resolveSpendingLevel } from '../common/spending-level';
import type { Source } from '../planner/source';
import { spendingByCategory, spendingByCategoryRanking, type CategoryRow } from '../queries/spending-by-category.query';

type Body = components['schemas']['search-category-request'];
type Response = ResponseBody<'spendingByCategory'>;
type Result = Record<string, unknown>;
/** The per-category operations (`spendingByCategoryAwardingAgency`, ...): the category is in the path. */
type CategoryPathOperation = Exclude<Extract<keyof operations, `spendingByCategory${string}`>, 'spendingByCategory'>;

/** The result row of a category: the common fields plus the category's extras (contracts per category). */
function toResult(category: CategoryName, r: CategoryRow): Result {
  const base = { id: r.id, name: r.name, code: r.code, amount: cents(r.amount), total_outlays: r.total_outlays === null ? null : cents(r.total_outlays) };
  switch (category) {
    case 'awarding_agency':
    case 'funding_agency':
      return { ...base, agency_slug: r.agency_slug ?? null };
    case 'awarding_subagency':
    case 'funding_subagency':
      return {
        ...base,
        subagency_slug: slugify(r.name ?? ''),
        agency_id: r.agency_id ?? null,
        // a string as the spec and contract say: empty for the toptier agencies without an abbreviation
        agency_abbreviation: r.agency_abbreviation ?? '',
        agency_name: r.agency_name ?? '',
        agency_slug: slugify(r.agency_name ?? ''),
      };
    case 'recipient':
    case 'recipient_duns':
      return { ...base, recipient_id: r.recipient_id ?? null, uei: r.uei ?? null };
    case 'naics':
      return { ...base, year_retired: r.year_retired ?? null };
    default:
      return base;
  }
}

/**
 * Answers one spending_by_category request for a category. `defc` applies every DEF code as a filter
 * when the request has none, so grouped codes only count records on or after their enactment date.
 */
export async function answerCategory(ctx: SearchContext, category: CategoryName, body: Body): Promise<Response> {
  const level = resolveSpendingLevel(body, 'transactions');
  if (category === 'federal_account' && level === 'subawards') {
    throw unprocessable("Category 'federal_account' is not implemented when 'spending_level' is 'subawards'");
  }
  const page = paging(body);
  let filters: AdvancedFilter = body.filters;
  if (category === 'defc' && !(filters.def_codes && filters.def_codes.length > 0)) {
    filters = { ...filters, def_codes: (await ctx.defCodes()).codes };
  }
  const q = categoryQuery(category, level);
  // Compiling first also validates the filters (the same 4xx whichever table answers).
  const compiled = await ctx.compileSet(filters, level);
  const fromSource = (source: Source) => spendingByCategory(ctx.db, source, whereOn(compiled, source), level, q, page);
  const request = planRequest(compiled, { level, columns: q.columns, dateResolution: 'none', unnest: q.unnest });
  const ranking = await ctx.planner.ranking(category, request);
  const rows = ranking ? await spendingByCategoryRanking(ctx.db, ranking, q, page) : await fromSource(await ctx.planner.choose(request));
  return {
    category,
    spending_level: level,
    limit: page.limit,
    page_metadata: pageMetadata(rows.length, page),
    results: rows.slice(0, page.limit).map((r) => toResult(category, r)) as Response['results'],
    messages: searchMessages(body.filters, [CATEGORY_SUBAWARDS_DEPRECATION_MESSAGE]),
  };
}

/** POST /api/v2/search/spending_by_category/ (the category named in the body). */
export const spendingByCategoryRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByCategory'>(async (req) => {
    const body = req.body;
    return answerCategory(ctx, body.category, body);
  });

/** POST /api/v2/search/spending_by_category/<category>/. */
export const spendingByCategoryPathRoute = (ctx: SearchContext, category: CategoryName) =>
  jsonHandler<CategoryPathOperation, Response>(async (req) => answerCategory(ctx, category, req.body));

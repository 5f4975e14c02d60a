import type { RequestBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import { searchMessages } from '../common/messages';
import { cents } from '../common/money';
import { pageMetadata, paging } from '../common/paging';
import type { SearchContext } from '../common/search-context';
import { subawardsByAward } from '../queries/subawards-by-award.query';

type Body = RequestBody<'spendingBySubawardGrouped'>;

/** POST /api/v2/search/spending_by_subaward_grouped/: matching subawards per prime award. */
export const spendingBySubawardGroupedRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingBySubawardGrouped'>(async (req) => {
    const body = req.body;
    const page = paging(body);
    // recipient_id does not apply to subawards: reported as unused instead of failing the request.
    const { recipient_id: _ignored, ...filters } = body.filters as Body['filters'] & Record<string, unknown>;
    const where = await ctx.compile(filters, 'subawards');
    const rows = await subawardsByAward(ctx.db, where, body.sort ?? 'award_id', body.order ?? 'desc', page);
    return {
      limit: page.limit,
      results: rows.slice(0, page.limit).map((r) => ({ ...r, subaward_obligation: cents(r.subaward_obligation) })),
      page_metadata: pageMetadata(rows.length, page),
      messages: searchMessages(body.filters, [], ['recipient_id']),
    };
  });

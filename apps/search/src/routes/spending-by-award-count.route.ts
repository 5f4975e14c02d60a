import type { RequestBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import { countsByGroup } from '../common/award-type-counts';
import { searchMessages, SUBAWARDS_DEPRECATION_MESSAGE } from '../common/messages';
import type { SearchContext } from '../common/search-context';
import { countByType, countSubawardsByGroup } from '../queries/counts.query';

type Body = RequestBody<'spendingByAwardCount'>;

/**
 * POST /api/v2/search/spending_by_award_count/. Awards per award type group (through the planner), or
 * subawards of a prime award per prime award group. `no intersection` answers zeros.
 */
export const spendingByAwardCountRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByAwardCount'>(async (req) => {
    const body = req.body;
    const subawards = body.subawards ?? body.spending_level === 'subawards';
    const original = body.filters as Body['filters'] & Record<string, unknown>;
    const { recipient_id: _ignored, ...filters } = original;
    const messages = searchMessages(original, [SUBAWARDS_DEPRECATION_MESSAGE], ['recipient_id']);
    const spending_level = subawards ? 'subawards' : 'awards';
    const none = (filters.award_type_codes ?? []).includes('no intersection');
    if (subawards) {
      const rows = none ? [] : await countSubawardsByGroup(ctx.db, await ctx.compile(filters, 'subawards'));
      const of = (g: string) => rows.find((r) => r.prime_award_group === g)?.count ?? 0;
      return { results: { subcontracts: of('procurement'), subgrants: of('grant') }, spending_level, messages };
    }
    if (none) return { results: countsByGroup([]), spending_level, messages };
    const { where, source } = await ctx.plan({ level: 'awards', filters, columns: ['type'], dateResolution: 'none' });
    return { results: countsByGroup(await countByType(ctx.db, source, where)), spending_level, messages };
  });

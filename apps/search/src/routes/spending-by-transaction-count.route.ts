import { jsonHandler } from '@usas/service-kit';
import { countsByGroup } from '../common/award-type-counts';
import { searchMessages } from '../common/messages';
import type { SearchContext } from '../common/search-context';
import { countByType } from '../queries/counts.query';

/** POST /api/v2/search/spending_by_transaction_count/: matching transactions per award type group (planner-routed). */
export const spendingByTransactionCountRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByTransactionCount'>(async (req) => {
    const body = req.body;
    const { where, source } = await ctx.plan({ level: 'transactions', filters: body.filters, columns: ['type'], dateResolution: 'none' });
    return { results: countsByGroup(await countByType(ctx.db, source, where)), messages: searchMessages(body.filters) };
  });

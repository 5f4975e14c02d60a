import type { RequestBody } from '@usas/api-types';
import { ApiError } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { searchMessages } from '../common/messages';
import { cents } from '../common/money';
import { pageMetadata, paging } from '../common/paging';
import type { SearchContext } from '../common/search-context';
import { transactionsByAward } from '../queries/spending-by-transaction.query';
import { MAX_RESULT_WINDOW } from './spending-by-award.route';

type Body = RequestBody<'spendingByTransactionGrouped'>;

/** POST /api/v2/search/spending_by_transaction_grouped/: matching transactions per prime award. */
export const spendingByTransactionGroupedRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByTransactionGrouped'>(async (req) => {
    const body = req.body;
    const page = paging(body);
    if (page.offset >= MAX_RESULT_WINDOW) {
      throw new ApiError(
        'unprocessable',
        `Page #${page.page} of size ${page.limit} is over the maximum result limit (${MAX_RESULT_WINDOW}). ` +
          'Consider using custom data downloads to obtain large data sets.',
      );
    }
    const messages = searchMessages(body.filters, [], ['recipient_id']);
    const { recipient_id: _ignored, ...filters } = body.filters as Body['filters'] & Record<string, unknown>;
    if ((filters.award_type_codes ?? []).includes('no intersection')) {
      return { limit: page.limit, results: [], page_metadata: pageMetadata(0, page), messages };
    }
    const where = await ctx.compile(filters, 'transactions');
    const rows = await transactionsByAward(ctx.db, where, body.sort ?? 'transaction_obligation', body.order ?? 'desc', page);
    return {
      limit: page.limit,
      results: rows.slice(0, page.limit).map((r) => ({ ...r, transaction_obligation: cents(r.transaction_obligation) })),
      page_metadata: pageMetadata(rows.length, page),
      messages,
    };
  });

import { ApiError, badRequest } from '@usas/errors';
import { searchKeywords } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import { searchMessages } from '../common/messages';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { transactionTotals } from '../queries/counts.query';


/**
 * POST /api/v2/search/transaction_spending_summary/. Only the keyword filter counts (upstream): `keywords`
 * and the older single `keyword`, each at least three characters.
 */
export const transactionSpendingSummaryRoute = (ctx: SearchContext) =>
  jsonHandler<'transactionSpendingSummary'>(async (req) => {
    const body = req.body;
    const filters = body.filters;
    const keywords = searchKeywords(filters);
    if (keywords === undefined || keywords.length === 0) {
      throw new ApiError('missing_parameter', "Missing value: 'filters.keywords' is a required field.", {
        errors: [{ path: '/body/filters/keywords', message: 'required', code: 'required' }],
      });
    }
    const short = keywords.find((k) => k.trim().length < 3);
    if (short !== undefined) {
      throw badRequest(`Invalid keyword '${short}': keywords need at least 3 characters.`, [
        { path: '/body/filters/keywords', message: 'at least 3 characters', code: 'minLength' },
      ]);
    }
    const where = await ctx.compile({ keywords }, 'transactions');
    const totals = await transactionTotals(ctx.db, where);
    const others = Object.keys(filters).filter((k) => k !== 'keywords' && k !== 'keyword');
    return {
      results: { prime_awards_obligation_amount: cents(totals.obligation), prime_awards_count: totals.count },
      messages: searchMessages(filters, [], others),
    };
  });

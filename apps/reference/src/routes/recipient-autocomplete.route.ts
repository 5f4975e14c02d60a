import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { searchRecipients } from '../queries/recipient-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

/** POST /api/v2/autocomplete/recipient/ (upstream answers `messages: [""]`; kept for clients that compare). */
export const recipientAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteRecipient'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const limit = body.limit ?? 10;
    const levels = body.recipient_levels && body.recipient_levels.length > 0 ? [...new Set(body.recipient_levels)].sort() : undefined;
    const rows = await ctx.cache.get(cacheKey('recipient', [text, limit, levels]), () => searchRecipients(ctx.db, text, limit, levels));
    return { count: rows.length, results: [...rows], messages: [''] };
  });

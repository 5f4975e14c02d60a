import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { searchAgencies } from '../queries/agency-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

/** Upstream's wording for endpoints kept only for old clients. */
export const DEPRECATION_MESSAGE = 'This endpoint is DEPRECATED. Please refer to the api contracts.';

/**
 * POST /api/v2/autocomplete/awarding_agency/ and /funding_agency/ (deprecated). Both search every
 * agency: the reference tables do not say which agencies award or fund.
 */
export const agencyAutocompleteRoute = (ctx: ReferenceContext, role: 'awarding' | 'funding') =>
  jsonHandler<'autocompleteAwardingAgency' | 'autocompleteFundingAgency'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const limit = body.limit ?? 10;
    const rows = await ctx.cache.get(cacheKey(`agency/${role}`, [text, limit]), () => searchAgencies(ctx.db, text, limit));
    return {
      results: rows.map((r) => ({
        id: r.id,
        toptier_flag: r.toptier_flag,
        toptier_agency: { toptier_code: r.toptier_code, abbreviation: r.toptier_abbreviation, name: r.toptier_name },
        subtier_agency: { abbreviation: r.subtier_abbreviation, name: r.subtier_name },
      })),
      messages: [DEPRECATION_MESSAGE],
    };
  });

import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { searchCities } from '../queries/city-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

/** POST /api/v2/autocomplete/city/ */
export const cityAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteCity'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const countryCode = requireSearchText(body.filter.country_code, 'filter/country_code');
    const stateCode = body.filter.state_code?.trim() ? body.filter.state_code.trim() : null;
    const args = { text, limit: body.limit ?? 10, scope: body.filter.scope, countryCode, stateCode };
    const rows = await ctx.cache.get(cacheKey('city', args), () => searchCities(ctx.db, args));
    return { count: rows[0]?.total ?? 0, results: rows.map((r) => ({ city_name: r.city_name, state_code: r.state_code })) };
  });

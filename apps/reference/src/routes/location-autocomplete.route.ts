import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { searchLocations } from '../queries/location-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

type LocationResponse = ResponseBody<'autocompleteLocation'>;

/**
 * POST /api/v2/autocomplete/location/: up to `limit` (default 5) locations of each kind; kinds without
 * matches are left out and `messages` is `[""]`, both as upstream answers.
 */
export const locationAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteLocation'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const limit = body.limit ?? 5;
    return ctx.cache.get(cacheKey('location', [text, limit]), async () => {
      const m = await searchLocations(ctx.db, text, limit);
      const results: LocationResponse['results'] = {};
      if (m.countries.length > 0) results.countries = [...m.countries];
      if (m.states.length > 0) results.states = [...m.states];
      if (m.cities.length > 0) results.cities = [...m.cities];
      if (m.counties.length > 0) results.counties = [...m.counties];
      if (m.zip_codes.length > 0) results.zip_codes = [...m.zip_codes];
      if (m.districts.length > 0) {
        results.districts_original = m.districts.map((d) => ({ original_cd: d.district, state_name: d.state_name, country_name: d.country_name }));
        results.districts_current = m.districts.map((d) => ({ current_cd: d.district, state_name: d.state_name, country_name: d.country_name }));
      }
      const count = Object.values(results).reduce((n, list) => n + list.length, 0);
      return { count, results, messages: [''] };
    });
  });

import type { RequestBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { searchCfdaPrograms } from '../queries/cfda-autocomplete.query';
import { searchNaicsCodes } from '../queries/naics-autocomplete.query';
import { searchProgramActivities } from '../queries/program-activity-autocomplete.query';
import { searchPscCodes } from '../queries/psc-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

/** The four code autocompletes take the same body. */
type SearchBody = RequestBody<'autocompleteCfda' | 'autocompleteNaics' | 'autocompletePsc' | 'autocompleteProgramActivity'>;

/** Trimmed search text and limit of an autocomplete body (the gateway checked types and ranges). */
function searchArgs(body: SearchBody): { text: string; limit: number } {
  return { text: requireSearchText(body.search_text), limit: body.limit ?? 10 };
}

/** POST /api/v2/autocomplete/cfda/ */
export const cfdaAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteCfda'>(async (req) => {
    const { text, limit } = searchArgs(req.body);
    const rows = await ctx.cache.get(cacheKey('cfda', [text, limit]), () => searchCfdaPrograms(ctx.db, text, limit));
    return { results: rows.map((r) => ({ popular_name: r.popular_name, program_number: r.program_number, program_title: r.program_title })) };
  });

/** POST /api/v2/autocomplete/naics/ */
export const naicsAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteNaics'>(async (req) => {
    const { text, limit } = searchArgs(req.body);
    const rows = await ctx.cache.get(cacheKey('naics', [text, limit]), () => searchNaicsCodes(ctx.db, text, limit));
    return { results: [...rows] };
  });

/** POST /api/v2/autocomplete/psc/ */
export const pscAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompletePsc'>(async (req) => {
    const { text, limit } = searchArgs(req.body);
    const rows = await ctx.cache.get(cacheKey('psc', [text, limit]), () => searchPscCodes(ctx.db, text, limit));
    return { results: [...rows] };
  });

/** POST /api/v2/autocomplete/program_activity/ */
export const programActivityAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteProgramActivity'>(async (req) => {
    const { text, limit } = searchArgs(req.body);
    const rows = await ctx.cache.get(cacheKey('program_activity', [text, limit]), () => searchProgramActivities(ctx.db, text, limit));
    return { results: [...rows] };
  });

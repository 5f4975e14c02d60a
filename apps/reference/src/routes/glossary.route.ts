import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { listGlossaryTerms, searchGlossaryTerms, type GlossaryRow } from '../queries/glossary.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey, queryInt } from './request-values';

const listing = (r: GlossaryRow) => ({
  term: r.term,
  slug: r.slug,
  data_act_term: r.data_act_term,
  plain: r.plain,
  official: r.official,
  resources: r.resources,
});

/** POST /api/v2/autocomplete/glossary/ */
export const glossaryAutocompleteRoute = (ctx: ReferenceContext) =>
  jsonHandler<'autocompleteGlossary'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const limit = body.limit ?? 10;
    const rows = await ctx.cache.get(cacheKey('glossary-search', [text, limit]), () => searchGlossaryTerms(ctx.db, text, limit));
    return { search_text: body.search_text, results: rows.map((r) => r.term), count: rows.length, matched_terms: rows.map(listing) };
  });

/** GET /api/v2/references/glossary/?page&limit: one page of every term (the whole list is cached). */
export const listGlossaryRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'listGlossary'>> => {
    const page = queryInt(req, 'page', 1);
    const limit = queryInt(req, 'limit', 500);
    const all = await ctx.cache.get('glossary-all', () => listGlossaryTerms(ctx.db));
    const hasNext = limit * page < all.length;
    const hasPrevious = page > 1 && limit * (page - 2) < all.length;
    return {
      page_metadata: { page, count: all.length, next: hasNext ? page + 1 : null, previous: hasPrevious ? page - 1 : null, hasNext, hasPrevious },
      results: all.slice(limit * (page - 1), limit * page).map(listing),
    };
  });

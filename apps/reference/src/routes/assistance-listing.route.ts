import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { listAssistanceListings, type ListingRow } from '../queries/assistance-listing.query';
import { pathValue, queryInt, queryValue } from './request-values';

type Answer = ResponseBody<'listAssistanceListings'>;
type Node = Answer['results'][number];

/** The agency named by most listings of a prefix (ties: alphabetically first), or null. */
function agencyOf(listings: readonly ListingRow[]): string | null {
  const counts = new Map<string, number>();
  for (const l of listings) if (l.federal_agency) counts.set(l.federal_agency, (counts.get(l.federal_agency) ?? 0) + 1);
  let best: string | null = null;
  for (const [name, n] of counts) if (best === null || n > (counts.get(best) ?? 0) || (n === counts.get(best) && name < best)) best = name;
  return best;
}

function sortNodes<T extends { code: string; description: string | null }>(nodes: T[], sort: string, order: string): T[] {
  const dir = order === 'asc' ? 1 : -1;
  const value = (n: T) => (sort === 'description' ? (n.description ?? '') : n.code);
  return nodes.sort((a, b) => dir * value(a).localeCompare(value(b)) || a.code.localeCompare(b.code));
}

/**
 * GET references/assistance_listing/ and references/assistance_listing/{code}/: assistance listings grouped by
 * the two digits before the dot (tier 1, described by the agency that administers most of them), or the
 * listings of one prefix (tier 2). `filter` matches a listing's number or title.
 */
export const assistanceListingRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<Answer> => {
    const all = await ctx.cache.get('assistance-listings', () => listAssistanceListings(ctx.db));
    const code = pathValue(req, 'code');
    const filter = (queryValue(req, 'filter') ?? '').toLowerCase();
    const sort = queryValue(req, 'sort') ?? 'code';
    const order = queryValue(req, 'order') ?? 'desc';
    const flat = queryValue(req, 'flat');
    const withChildren = flat === undefined || flat === 'false';
    const page = queryInt(req, 'page', 1);
    const limit = queryInt(req, 'limit', 10);
    const matches = (l: ListingRow) => !filter || l.code.toLowerCase().includes(filter) || (l.description ?? '').toLowerCase().includes(filter);
    const leaf = (l: ListingRow) => ({ code: l.code, description: l.description });
    let nodes: Node[];
    if (code) {
      nodes = sortNodes(all.filter((l) => l.code.startsWith(`${code}.`) && matches(l)).map(leaf), sort, order);
    } else {
      const prefixes = new Map<string, ListingRow[]>();
      for (const l of all) {
        const prefix = l.code.slice(0, 2);
        prefixes.set(prefix, [...(prefixes.get(prefix) ?? []), l]);
      }
      nodes = [];
      for (const [prefix, listings] of prefixes) {
        const hits = listings.filter(matches);
        if (!hits.length) continue;
        const node: Node = { code: prefix, description: agencyOf(listings), count: hits.length };
        if (filter && withChildren) node.children = sortNodes(hits.map(leaf), 'code', 'asc');
        nodes.push(node);
      }
      nodes = sortNodes(nodes, sort, order);
    }
    const total = nodes.length;
    const hasNext = page * limit < total;
    return {
      results: nodes.slice((page - 1) * limit, page * limit),
      page_metadata: { page, limit, total, next: hasNext ? page + 1 : null, previous: page > 1 ? page - 1 : null, hasNext, hasPrevious: page > 1 },
    };
  });

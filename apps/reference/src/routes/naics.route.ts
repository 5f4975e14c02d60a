import type { ResponseBody, Schema } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { listNaics, type NaicsRow } from '../queries/naics.query';
import { cacheKey, pathValue, queryValue } from './request-values';

type NaicsNode = Schema<'naics-node'>;

/** NAICS codes indexed for the tree answers: levels are 2, 4 and 6 digits (upstream skips 3 and 5). */
interface NaicsIndex {
  byCode: Map<string, NaicsRow>;
  /** Number of 6-digit codes under each 2- and 4-digit code. */
  leafCount: Map<string, number>;
  rows: readonly NaicsRow[];
}

function indexNaics(rows: readonly NaicsRow[]): NaicsIndex {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const leafCount = new Map<string, number>();
  for (const r of rows) {
    if (r.code.length !== 6) continue;
    for (const len of [2, 4]) leafCount.set(r.code.slice(0, len), (leafCount.get(r.code.slice(0, len)) ?? 0) + 1);
  }
  return { byCode, leafCount, rows };
}

const node = (ix: NaicsIndex, r: NaicsRow): NaicsNode => ({
  naics: r.code,
  naics_description: r.description,
  year_retired: r.year_retired,
  count: r.code.length === 6 ? 0 : (ix.leafCount.get(r.code) ?? 0),
});

const childrenOf = (ix: NaicsIndex, code: string) =>
  ix.rows.filter((r) => r.code.length === code.length + 2 && r.code.startsWith(code)).map((r) => node(ix, r));

/**
 * Codes (6 and 4 digits) whose description contains the text, nested under their 4- and 2-digit
 * ancestors as upstream does: sectors appear only as ancestors; a 4-digit code that matched by itself
 * keeps an empty children list when none of its 6-digit codes match.
 */
function filterSearch(ix: NaicsIndex, text: string): NaicsNode[] {
  const needle = text.toUpperCase();
  const hit = (r: NaicsRow) => r.description.toUpperCase().includes(needle);
  const six = ix.rows.filter((r) => r.code.length === 6 && hit(r));
  const fourCodes = new Set([...ix.rows.filter((r) => r.code.length === 4 && hit(r)).map((r) => r.code), ...six.map((r) => r.code.slice(0, 4))]);
  const twoCodes = new Set([...fourCodes].map((c) => c.slice(0, 2)));
  const sectors: NaicsNode[] = [];
  for (const two of [...twoCodes].sort()) {
    const sector = ix.byCode.get(two);
    if (!sector) continue;
    const children: NaicsNode[] = [];
    for (const four of [...fourCodes].filter((c) => c.startsWith(two)).sort()) {
      const group = ix.byCode.get(four);
      if (!group) continue;
      children.push({ ...node(ix, group), children: six.filter((r) => r.code.startsWith(four)).map((r) => node(ix, r)) });
    }
    sectors.push({ ...node(ix, sector), children });
  }
  return sectors;
}

const naicsIndex = (ctx: ReferenceContext) => ctx.cache.get('naics/index', async () => indexNaics(await listNaics(ctx.db)));

/** GET /api/v2/references/naics/?filter: sectors with 6-digit counts, or the tree narrowed by description. */
export const listNaicsRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'listNaics'>> => {
    const filter = queryValue(req, 'filter')?.trim() || undefined;
    return ctx.cache.get(cacheKey('naics/list', filter ?? null), async () => {
      const ix = await naicsIndex(ctx);
      if (filter) return { results: filterSearch(ix, filter) };
      return { results: ix.rows.filter((r) => r.code.length === 2).map((r) => node(ix, r)) };
    });
  });

/** GET /api/v2/references/naics/{code}/: the code with its children; no results for an unknown code. */
export const getNaicsRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'getNaics'>> => {
    const code = pathValue(req, 'code');
    const ix = await naicsIndex(ctx);
    const row = ix.byCode.get(code);
    if (!row) return { results: [] };
    if (code.length >= 6) return { results: [node(ix, row)] };
    return { results: [{ ...node(ix, row), children: childrenOf(ix, code) }] };
  });

import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { Request } from 'express';
import type { ReferenceContext } from '../context';
import { childrenAt, renderTree, type TreeNode } from '../filter-tree/filter-tree';
import { buildPscTree } from '../filter-tree/psc-tree';
import { buildTasTree } from '../filter-tree/tas-tree';
import { listPscCodes, listTasTreeRows } from '../queries/filter-tree.query';
import { cacheKey, pathValue, queryInt, queryValue } from './request-values';

type TreeResponse = ResponseBody<'pscFilterTree'>;
type TreeKind = 'psc' | 'tas';

const buildTree = async (ctx: ReferenceContext, kind: TreeKind): Promise<TreeNode[]> =>
  kind === 'psc' ? buildPscTree(await listPscCodes(ctx.db)) : buildTasTree(await listTasTreeRows(ctx.db));

/**
 * GET /api/v2/references/filter_tree/{psc|tas}/... : the children of the node at the path given by
 * `params` (in order), rendered with `depth` and `filter`. The whole tree is built once per data
 * version; each rendered answer is cached too. A path through an unknown node has no results.
 */
export const filterTreeRoute = (ctx: ReferenceContext, kind: TreeKind, params: readonly string[]) =>
  jsonHandler(async (req: Request): Promise<TreeResponse> => {
    const path = params.map((p) => pathValue(req, p));
    const depth = queryInt(req, 'depth', 0);
    const filter = queryValue(req, 'filter');
    return ctx.cache.get(cacheKey(`tree/${kind}`, [path, depth, filter ?? null]), async () => {
      const tree = await ctx.cache.get(`tree/${kind}/nodes`, () => buildTree(ctx, kind));
      const nodes = childrenAt(tree, path);
      return { results: nodes ? renderTree(nodes, path, depth, filter) : [] };
    });
  });

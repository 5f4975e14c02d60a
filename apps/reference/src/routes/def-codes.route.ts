import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { listDefCodes } from '../queries/list-def-codes.query';

type DefCodes = ResponseBody<'listDefCodes'>;

/**
 * GET /api/v2/references/def_codes/: served from memory. The list is read from the database on
 * first use and kept in the reference cache, which drops it only when a reference data load changes
 * the data version (checked at most once per second), so a request costs no query.
 */
export const defCodesRoute = (ctx: ReferenceContext) =>
  jsonHandler(
    (): Promise<DefCodes> =>
      ctx.cache.get('def-codes', async () => {
        const rows = await listDefCodes(ctx.db);
        return {
          codes: rows.map((r) => ({
            code: r.code,
            public_law: r.public_law,
            title: r.title,
            urls: r.urls === null || r.urls.trim() === '' ? null : r.urls.split('|').map((u) => u.trim()),
            disaster: r.disaster,
          })),
        };
      }),
  );

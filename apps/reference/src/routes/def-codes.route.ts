import type { ResponseBody } from '@usas/api-types';
import { JSON_CONTENT_TYPE } from '@usas/service-kit';
import type { RequestHandler } from 'express';
import type { ReferenceContext } from '../context';
import { listDefCodes } from '../queries/list-def-codes.query';

type DefCodes = ResponseBody<'listDefCodes'>;

const KEY = 'def-codes';

/**
 * GET /api/v2/references/def_codes/: served from memory. The list is read from the database on
 * first use and kept in the reference cache, which drops it only when a reference data load changes
 * the data version (checked at most once per second), so a request costs no query. What is kept is
 * the serialized answer (a Buffer), so a request does not serialize it again either.
 */
export const defCodesRoute =
  (ctx: ReferenceContext): RequestHandler =>
  (_req, res, next) => {
    const send = (body: Buffer) => {
      if (res.headersSent) return;
      res.setHeader('Content-Type', JSON_CONTENT_TYPE);
      res.send(body);
    };
    // Known and current: answered at once, without a promise.
    const known = ctx.cache.peek<Buffer>(KEY);
    if (known) {
      send(known);
      return;
    }
    ctx.cache
      .get(KEY, async () => {
        const rows = await listDefCodes(ctx.db);
        const body: DefCodes = {
          codes: rows.map((r) => ({
            code: r.code,
            public_law: r.public_law,
            title: r.title,
            urls: r.urls === null || r.urls.trim() === '' ? null : r.urls.split('|').map((u) => u.trim()),
            disaster: r.disaster,
          })),
        };
        return Buffer.from(JSON.stringify(body), 'utf8');
      })
      .then(send, (error: unknown) => next(error));
  };

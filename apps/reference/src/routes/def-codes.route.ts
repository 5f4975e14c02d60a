import type { ResponseBody } from '@usas/api-types';
import { JSON_CONTENT_TYPE } from '@usas/service-kit';
import type { RequestHandler } from 'express';
import type { ReferenceContext } from '../context';
import { listDefCodes } from '../queries/list-def-codes.query';

type DefCodes = ResponseBody<'listDefCodes'>;

const KEY = 'def-codes';

/** The answer as sent: its JSON text and its length in bytes. */
interface Serialized {
  text: string;
  length: number;
}

/**
 * GET /api/v2/references/def_codes/: served from memory. The list is read from the database on
 * first use and kept in the reference cache, which drops it only when a reference data load changes
 * the data version (checked at most once per second), so a request costs no query. What is kept is
 * the serialized answer, so a request does not serialize it again either.
 */
export const defCodesRoute =
  (ctx: ReferenceContext): RequestHandler =>
  (_req, res, next) => {
    const send = (body: Serialized) => {
      if (res.headersSent) return;
      // res.end with the text, not res.send: express would add a charset to a string body, and a Buffer
      // goes out in a second write after the headers; a string is sent with them in one. Nothing of
      // res.send applies here: no ETag (off), no freshness without one, HEAD is handled by node.
      res.setHeader('Content-Type', JSON_CONTENT_TYPE);
      res.setHeader('Content-Length', body.length);
      res.end(body.text, 'utf8');
    };
    // Known and current: answered at once, without a promise.
    const known = ctx.cache.peek<Serialized>(KEY);
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
        const text = JSON.stringify(body);
        return { text, length: Buffer.byteLength(text, 'utf8') };
      })
      .then(send, (error: unknown) => next(error));
  };

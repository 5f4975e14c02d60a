import type { Express, Response } from 'express';

/** The media type of every JSON response, exactly as upstream sends it (clients and Dredd compare it verbatim). */
export const JSON_CONTENT_TYPE = 'application/json';

/**
 * `res.json` without the charset: one function shared by every response (no closure per request). The
 * text goes out with the headers in one write (`res.end` with a string; a Buffer would be a second chunk
 * and a copy). Nothing else of `res.send` applies to JSON here: ETags are off, so no request is fresh;
 * node answers HEAD without the body. 204 and 304, which must have no body, still go through `res.send`.
 */
function json(this: Response, body: unknown): Response {
  // setHeader, not res.set/res.type: those pass the type through mime-types, which adds the charset too.
  if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', JSON_CONTENT_TYPE);
  const text = JSON.stringify(body) as string | undefined;
  if (text === undefined || this.statusCode === 204 || this.statusCode === 304) {
    return this.send(text === undefined ? undefined : Buffer.from(text, 'utf8'));
  }
  this.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  this.end(text, 'utf8');
  return this;
}

/**
 * Makes `res.json` of every response of `app` answer `Content-Type: application/json` without a charset
 * parameter. Express' own `res.json` hands a string to `res.send`, which appends `; charset=utf-8` to any
 * type of a string body. JSON is UTF-8 by definition (RFC 8259), so nothing is lost. Set once on the app's
 * response prototype by createHttpApp (no step per request), so routes, the error handler, the 404
 * handler, health and the gateway's own answers all go through it.
 */
export function installExactJson(app: Express): void {
  app.response.json = json as Response['json'];
}

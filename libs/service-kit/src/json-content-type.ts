import type { RequestHandler, Response } from 'express';

/** The media type of every JSON response, exactly as upstream sends it (clients and Dredd compare it verbatim). */
export const JSON_CONTENT_TYPE = 'application/json';

/** `res.json` without the charset: one function shared by every response (no closure per request). */
function json(this: Response, body: unknown): Response {
  // setHeader, not res.set/res.type: those pass the type through mime-types, which adds the charset too.
  if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', JSON_CONTENT_TYPE);
  const text = JSON.stringify(body) as string | undefined;
  return this.send(text === undefined ? undefined : Buffer.from(text, 'utf8'));
}

/**
 * Makes `res.json` answer `Content-Type: application/json` without a charset parameter. Express' own
 * `res.json` hands a string to `res.send`, which appends `; charset=utf-8` to any type of a string body;
 * a Buffer body keeps the type as set. JSON is UTF-8 by definition (RFC 8259), so nothing is lost. Installed
 * first by createHttpApp, so routes, the error handler, the 404 handler, health and the gateway's own
 * answers all go through it.
 */
export const exactJsonContentType: RequestHandler = (_req, res, next) => {
  res.json = json as Response['json'];
  next();
};

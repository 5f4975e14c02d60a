import type { RequestHandler } from 'express';

/**
 * A response's default Content-Security-Policy: it loads nothing and may not be framed. JSON is not
 * rendered, so this only matters when a browser is tricked into showing a response as a page; HTML
 * pages (the API reference) set their own policy, which keeps `frame-ancestors 'none'`.
 */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every response carries: no MIME sniffing, no referrer sent on from the docs page, no
 * framing (CSP `frame-ancestors` and the older X-Frame-Options).
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', DEFAULT_CSP);
  next();
};

import type { RequestHandler } from 'express';

/** Compiles an OpenAPI path template into a matcher (`{x}` = one segment). */
function toMatcher(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Serves every path with and without its trailing slash without redirecting (a redirect would make
 * clients resend POST bodies): a request path that matches no spec path but would with the slash
 * toggled is rewritten in place before validation and routing.
 */
export function createPathNormaliser(specPaths: string[]): RequestHandler {
  // Paths without parameters are looked up in a set; only the templated ones need a regexp each.
  const exact = new Set(specPaths.filter((p) => !p.includes('{')));
  const matchers = specPaths.filter((p) => p.includes('{')).map(toMatcher);
  const known = (p: string) => exact.has(p) || matchers.some((m) => m.test(p));
  return (req, _res, next) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    if (pathname.startsWith('/api/') && !known(pathname)) {
      const toggled = pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
      if (known(toggled)) {
        req.url = toggled + (q === -1 ? '' : req.url.slice(q));
        req.originalUrl = req.url; // the validator matches operations on originalUrl
      }
    }
    next();
  };
}

import type { RequestHandler } from 'express';

/** The spec's name for a path parameter that may hold `/` (upstream takes such values unencoded). */
export const SLASHES_EXTENSION = 'x-slashes';

/**
 * Compiles an OpenAPI path template into a matcher: `{x}` is one segment, except the parameters named in
 * `slashParams`, which take one or more segments (captured, lazily, so the template's fixed tail still matches).
 */
function toMatcher(template: string, slashParams: ReadonlySet<string> = new Set()): RegExp {
  const escaped = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}/g, (_m, name: string) => (slashParams.has(name) ? '(.+?)' : '[^/]+'));
  // `d`: the captures' positions, to encode inside them only.
  return new RegExp(`^${escaped}$`, slashParams.size > 0 ? 'd' : '');
}

/**
 * The path templates of a spec whose path parameters carry `x-slashes: true` (directly or through a
 * `#/components/parameters/...` reference), with those parameters' names.
 */
export function slashParameters(doc: { paths: object; components?: { parameters?: object } }): Map<string, Set<string>> {
  const components = (doc.components?.parameters ?? {}) as Record<string, Record<string, unknown>>;
  const resolve = (p: Record<string, unknown>) => {
    const ref = typeof p.$ref === 'string' ? /^#\/components\/parameters\/(.+)$/.exec(p.$ref) : null;
    return ref ? (components[ref[1] as string] ?? {}) : p;
  };
  const out = new Map<string, Set<string>>();
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    const params = [item.parameters, ...Object.values(item).map((op) => (op as { parameters?: unknown } | null)?.parameters)]
      .flatMap((list) => (Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []))
      .map(resolve)
      .filter((p) => p.in === 'path' && p[SLASHES_EXTENSION] === true && typeof p.name === 'string');
    if (params.length > 0) out.set(template, new Set(params.map((p) => p.name as string)));
  }
  return out;
}

/**
 * Brings request paths to the spec's form before validation and routing, without redirecting (a redirect would
 * make clients resend POST bodies):
 * - every path is served with and without its trailing slash: a path that matches no spec path but would with
 *   the slash toggled is rewritten in place;
 * - a parameter marked `x-slashes` (a Treasury account symbol such as `012-2020/2021-1600-000`) may arrive with
 *   its `/` unencoded, as upstream accepts: the `/` inside it is percent-encoded, so validator and router see one
 *   segment (and express hands the handler the decoded value).
 */
export function createPathNormaliser(specPaths: string[], slashParams: Map<string, Set<string>> = new Map()): RequestHandler {
  // Paths without parameters are looked up in a set; only the templated ones need a regexp each.
  const exact = new Set(specPaths.filter((p) => !p.includes('{')));
  const matchers = specPaths.filter((p) => p.includes('{')).map((p) => toMatcher(p));
  const known = (p: string) => exact.has(p) || matchers.some((m) => m.test(p));
  const spanning = [...slashParams].map(([template, names]) => toMatcher(template, names));
  /** The path with the `/` inside slash-tolerant parameters encoded, when one of those templates matches it. */
  const encodeSlashes = (p: string): string | undefined => {
    for (const m of spanning) {
      const hit = m.exec(p);
      if (!hit || hit.length < 2) continue;
      let out = '';
      let at = 0;
      for (let g = 1; g < hit.length; g += 1) {
        const value = hit[g] as string;
        const start = (hit.indices?.[g] as [number, number])[0];
        out += p.slice(at, start) + value.replaceAll('/', '%2F');
        at = start + value.length;
      }
      return out + p.slice(at);
    }
    return undefined;
  };
  return (req, _res, next) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    if (pathname.startsWith('/api/') && !known(pathname)) {
      const toggled = pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`;
      const fixed = known(toggled) ? toggled : spanning.length > 0 ? [pathname, toggled].map(encodeSlashes).find((p) => p !== undefined && known(p)) : undefined;
      if (fixed !== undefined) {
        req.url = fixed + (q === -1 ? '' : req.url.slice(q));
        req.originalUrl = req.url; // the validator matches operations on originalUrl
      }
    }
    next();
  };
}

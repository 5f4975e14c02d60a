import { createRequire } from 'node:module';

interface Options {
  sensitive?: boolean;
  strict?: boolean;
  end?: boolean;
  trailing?: boolean;
  delimiter?: string;
}
type PathToRegexp = (path: string, options?: Options) => { regexp: RegExp; keys: Array<{ name: string }> };

let installed = false;

/**
 * express-openapi-validator 5.6.2 finds the operation of every request by compiling each spec path
 * with path-to-regexp, route after route, on every request (`lookupRoute` in openapi.metadata.js):
 * about a tenth of the gateway's CPU on a cheap endpoint. The compiled matcher of a path never
 * changes, so this wraps that module's `pathToRegexp` (the copy the validator loads) with a memo keyed
 * by path and options. The result is only read (`regexp.exec`, `keys`), and a RegExp without the `g`
 * or `y` flag keeps no state between calls, so sharing it is safe. Idempotent.
 */
export function cacheValidatorRouteRegexps(): void {
  if (installed) return;
  installed = true;
  const fromValidator = createRequire(require.resolve('express-openapi-validator'));
  const mod = fromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp };
  const original = mod.pathToRegexp;
  const memo = new Map<string, ReturnType<PathToRegexp>>();
  mod.pathToRegexp = (path, options) => {
    // Only the calls the validator makes (a string and the two routing flags) are remembered.
    const plain = typeof path === 'string' && (options === undefined || (options.end === undefined && options.trailing === undefined && options.delimiter === undefined));
    if (!plain) return original(path, options);
    const key = `${options?.sensitive ? 1 : 0}${options?.strict ? 1 : 0}${path}`;
    let hit = memo.get(key);
    if (!hit) {
      hit = original(path, options);
      if (memo.size < 10_000) memo.set(key, hit);
    }
    return hit;
  };
}

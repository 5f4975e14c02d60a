import { ApiError } from '@usas/errors';
import type { RequestHandler } from 'express';

/** Longest request target accepted (path and query string), in characters. */
export const MAX_URL_LENGTH = 8192;

function decodes(part: string): boolean {
  try {
    return !decodeURIComponent(part.replace(/\+/g, ' ')).includes('\u0000');
  } catch {
    return false;
  }
}

/**
 * Rejects a request target that no handler can use, before anything parses it: longer than
 * MAX_URL_LENGTH (414 is not in the error set, so 400), a percent-escape that is not UTF-8, or an
 * escaped NUL (PostgreSQL text cannot hold one) in the path or the query string. Targets without a
 * `%` are only length-checked, which keeps the common request cheap.
 */
export const urlGuard: RequestHandler = (req, _res, next) => {
  const url = req.url;
  if (url.length > MAX_URL_LENGTH) {
    next(new ApiError('bad_request', `The request URL is longer than ${MAX_URL_LENGTH} characters.`));
    return;
  }
  if (!url.includes('%')) {
    next();
    return;
  }
  const q = url.indexOf('?');
  const parts = (q === -1 ? url : url.slice(0, q)).split('/');
  if (q !== -1) for (const pair of url.slice(q + 1).split('&')) parts.push(...pair.split('='));
  if (!parts.every(decodes)) {
    next(
      new ApiError('bad_request', 'The request URL holds an escape that is not valid UTF-8 text or is a NUL character.', {
        errors: [{ path: q === -1 ? '/path' : '/query', message: 'invalid percent-encoding', code: 'encoding' }],
      }),
    );
    return;
  }
  next();
};

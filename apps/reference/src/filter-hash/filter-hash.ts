import { createHash } from 'node:crypto';

/** MD5 hex digest of a canonical JSON text (see canonicalJson): the same filter set always has the same hash. */
export function filterHash(canonicalText: string): string {
  return createHash('md5').update(canonicalText, 'utf8').digest('hex');
}

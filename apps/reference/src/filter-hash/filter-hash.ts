import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** MD5 hex digest of the canonical JSON form: the same filter set always has the same hash. */
export function filterHash(stored: unknown): string {
  return createHash('md5').update(canonicalJson(stored), 'utf8').digest('hex');
}

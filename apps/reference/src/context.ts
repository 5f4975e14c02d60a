import type { DatabasePool } from 'slonik';
import type { ReferenceCache } from './cache/reference-cache';

/** What the reference routes need: the read pool and the response cache. */
export interface ReferenceContext {
  db: DatabasePool;
  cache: ReferenceCache;
}

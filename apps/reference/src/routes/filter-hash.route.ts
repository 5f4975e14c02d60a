import type { ResponseBody } from '@usas/api-types';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { canonicalJson } from '../filter-hash/canonical-json';
import { filterHash } from '../filter-hash/filter-hash';
import { findFilterByHash, storeFilterHash } from '../queries/filter-hash.query';

/** Top-level fields that are request telemetry, not filter state: neither stored nor hashed. */
const NOT_STORED = new Set(['auditTrail']);

/**
 * POST /api/v2/references/filter/. Stores the JSON object as sent, as upstream does (the website's filter
 * state changes shape with its versions, so nothing in it is required), minus `auditTrail`, under the MD5 of
 * its canonical form.
 */
export const createFilterHashRoute = (db: DatabasePool) =>
  jsonHandler<'createFilterHash'>(async (req) => {
    const stored = Object.fromEntries(Object.entries(req.body).filter(([key]) => !NOT_STORED.has(key)));
    const text = canonicalJson(stored);
    const hash = filterHash(text);
    await storeFilterHash(db, hash, text);
    return { hash };
  });

/** POST /api/v2/references/hash/ */
export const restoreFilterHashRoute = (db: DatabasePool) =>
  jsonHandler<'restoreFilterHash'>(async (req) => {
    const { hash } = req.body;
    const filter = await findFilterByHash(db, hash);
    if (filter === null) {
      throw badRequest(`No filter set is stored under hash '${hash}'.`, [
        { path: '/body/hash', message: 'unknown hash', code: 'unknown_hash' },
      ]);
    }
    return { filter } as ResponseBody<'restoreFilterHash'>;
  });

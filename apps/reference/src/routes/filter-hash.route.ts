import type { RequestBody, ResponseBody } from '@usas/api-types';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { canonicalJson } from '../filter-hash/canonical-json';
import { filterHash } from '../filter-hash/filter-hash';
import { findFilterByHash, storeFilterHash } from '../queries/filter-hash.query';

/**
 * POST /api/v2/references/filter/. Only the fields this endpoint defines (`filters`, `version`) are
 * stored and hashed, so unrelated fields a client adds (e.g. `auditTrail`) do not change the hash.
 */
export const createFilterHashRoute = (db: DatabasePool) =>
  jsonHandler(async (req): Promise<ResponseBody<'createFilterHash'>> => {
    const body = req.body as RequestBody<'createFilterHash'>;
    const stored = body.version === undefined ? { filters: body.filters } : { filters: body.filters, version: body.version };
    const hash = filterHash(stored);
    await storeFilterHash(db, hash, canonicalJson(stored));
    return { hash };
  });

/** POST /api/v2/references/hash/ */
export const restoreFilterHashRoute = (db: DatabasePool) =>
  jsonHandler(async (req): Promise<ResponseBody<'restoreFilterHash'>> => {
    const { hash } = req.body as RequestBody<'restoreFilterHash'>;
    const filter = await findFilterByHash(db, hash);
    if (filter === null) {
      throw badRequest(`No filter set is stored under hash '${hash}'.`, [
        { path: '/body/hash', message: 'unknown hash', code: 'unknown_hash' },
      ]);
    }
    return { filter } as ResponseBody<'restoreFilterHash'>;
  });

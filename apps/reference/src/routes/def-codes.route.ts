import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { listDefCodes } from '../queries/list-def-codes.query';

/** GET /api/v2/references/def_codes/ */
export const defCodesRoute = (db: DatabasePool) =>
  jsonHandler(async (): Promise<ResponseBody<'listDefCodes'>> => {
    const rows = await listDefCodes(db);
    return {
      codes: rows.map((r) => ({
        code: r.code,
        public_law: r.public_law,
        title: r.title,
        urls: r.urls === null || r.urls.trim() === '' ? null : r.urls.split('|').map((u) => u.trim()),
        disaster: r.disaster,
      })),
    };
  });

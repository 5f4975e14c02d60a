import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { buildDataDictionary, DICTIONARY_HEADERS, DICTIONARY_SECTIONS } from '../queries/data-dictionary.query';

/**
 * GET references/data_dictionary/: the download files' elements in upstream's crosswalk shape. The service
 * keeps no spreadsheet of it, so `download_location` names this endpoint; `total_size` is the size of the rows
 * as JSON.
 */
export const dataDictionaryRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (): Promise<ResponseBody<'getDataDictionary'>> =>
    ctx.cache.get('data-dictionary', async () => {
      const rows = await buildDataDictionary(ctx.db);
      const size = Buffer.byteLength(JSON.stringify(rows)) / 1024;
      return {
        document: {
          metadata: {
            total_rows: rows.length,
            total_columns: DICTIONARY_HEADERS.length,
            total_size: `${size.toFixed(2)}KB`,
            download_location: '/api/v2/references/data_dictionary/',
          },
          sections: DICTIONARY_SECTIONS.map((s) => ({ ...s })),
          headers: DICTIONARY_HEADERS.map((h) => ({ ...h })),
          rows,
        },
      };
    }),
  );

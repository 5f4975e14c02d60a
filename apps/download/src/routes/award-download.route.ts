import { ALL_AWARD_TYPE_CODES, downloadTimestamp, loadFilterContext, planAwardDownload, ZIP_PREFIX, type AwardDownloadRequest } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { jobUrls, startDownload } from './start-download';

/**
 * POST /api/v2/download/awards/ and /transactions/: the processed request (award types defaulted to all,
 * upstream's `download_types`), checked completely (filters compiled, columns known, DEF codes known) before
 * the job is written, then accepted.
 */
/** upstream `download_types` per spending level of download/search. */
const DOWNLOAD_TYPE = { awards: 'awards', transactions: 'prime_transactions', subawards: 'sub_awards' } as const;

export const awardDownloadRoute = (ctx: DownloadContext, requestType: 'award' | 'transaction' | 'search') =>
  // Typed as download/search, whose body is the awards/transactions body plus `spending_level` (read for search only).
  jsonHandler<'downloadSearch'>(async (req) => {
    const body = req.body;
    const levels = body.spending_level ?? ['awards', 'transactions', 'subawards'];
    const request: AwardDownloadRequest = {
      request_type: requestType,
      download_types:
        requestType === 'award' ? ['awards', 'sub_awards']
        : requestType === 'transaction' ? ['prime_transactions', 'sub_awards']
        : (['awards', 'transactions', 'subawards'] as const).filter((l) => levels.includes(l)).map((l) => DOWNLOAD_TYPE[l]),
      filters: { ...body.filters, award_type_codes: body.filters.award_type_codes?.length ? body.filters.award_type_codes : ALL_AWARD_TYPE_CODES },
      columns: body.columns ?? [],
      file_format: body.file_format ?? 'csv',
      limit: body.limit ?? 500_000,
    };
    const facts = await loadFilterContext(ctx.db);
    const unknownDef = (request.filters.def_codes ?? []).filter((c) => !facts.defCodes.includes(c));
    if (unknownDef.length > 0) {
      throw badRequest(`Unknown DEF code(s): ${unknownDef.join(', ')}.`, [{ path: '/body/filters/def_codes', message: `unknown code ${unknownDef[0]}`, code: 'enum' }]);
    }
    const timestamp = downloadTimestamp(new Date(), nextSequence());
    planAwardDownload(request, timestamp, facts); // throws 400 for filters or columns that cannot be used
    const fileName = `${ZIP_PREFIX[requestType]}_${timestamp}.zip`;
    const jobName = await startDownload(ctx, { fileName, requestType, request: { ...request, timestamp } });
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...request } };
  });

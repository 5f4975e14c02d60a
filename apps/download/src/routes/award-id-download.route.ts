import { awardIdFileName, downloadTimestamp, findAwardForDownload, type AwardIdDownloadRequest } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { jobUrls, startDownload } from './start-download';

const KIND_LABEL = { contract: 'a contract', assistance: 'an assistance award', idv: 'an IDV' } as const;

/** Whether an award is of the kind a single-award download names. */
function isKind(kind: AwardIdDownloadRequest['request_type'], award: { is_fpds: boolean; category: string | null }): boolean {
  if (kind === 'assistance') return !award.is_fpds;
  if (kind === 'idv') return award.category === 'idv';
  return award.is_fpds && award.category !== 'idv';
}

/**
 * POST /api/v2/download/contract/, /assistance/, /idv/: one award's transactions and subawards (an IDV's orders
 * and transactions). The award must exist and be of that kind (400 otherwise, before any job exists).
 */
export const awardIdDownloadRoute = (ctx: DownloadContext, kind: AwardIdDownloadRequest['request_type']) =>
  jsonHandler<'downloadContract'>(async (req) => {
    const body = req.body;
    const award = await findAwardForDownload(ctx.db, body.award_id);
    if (!award) {
      throw badRequest(`No award with award_id ${JSON.stringify(body.award_id)}.`, [{ path: '/body/award_id', message: 'unknown award', code: 'not_found' }]);
    }
    if (!isKind(kind, award)) {
      throw badRequest(`Award ${JSON.stringify(body.award_id)} is not ${KIND_LABEL[kind]}.`, [{ path: '/body/award_id', message: `not ${KIND_LABEL[kind]}`, code: 'enum' }]);
    }
    const request: AwardIdDownloadRequest = {
      request_type: kind,
      award_id: body.award_id,
      file_format: body.file_format ?? 'csv',
      award: { award_id: award.award_id, display_id: award.display_id },
    };
    const fileName = awardIdFileName(request, downloadTimestamp(new Date(), nextSequence()));
    const jobName = await startDownload(ctx, { fileName, requestType: kind, request });
    const { award: _award, ...shown } = request;
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...shown } };
  });

import { awardCategoryOf, disasterRecipientColumns, downloadTimestamp, type DisasterRecipientsRequest } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { listDisasterCodes } from '../queries/disaster-codes.query';
import { jobUrls, startDownload } from './start-download';

/** POST /api/v2/download/disaster/recipients/: DEF codes default to every COVID-19 code; unknown codes are a 400. */
export const disasterRecipientsRoute = (ctx: DownloadContext) =>
  jsonHandler<'downloadDisasterRecipients'>(async (req) => {
    const body = req.body;
    const known = await listDisasterCodes(ctx.db);
    const defCodes = body.filters?.def_codes?.length ? [...new Set(body.filters.def_codes)] : known.filter((c) => c.group_name === 'covid_19').map((c) => c.code);
    const unknown = defCodes.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length > 0) {
      throw badRequest(`Unknown DEF code(s): ${unknown.join(', ')}.`, [{ path: '/body/filters/def_codes', message: `unknown code ${unknown[0]}`, code: 'enum' }]);
    }
    const types = body.filters?.award_type_codes;
    const category = awardCategoryOf(types);
    const request: DisasterRecipientsRequest = {
      request_type: 'disaster_recipient',
      download_types: ['disaster_recipient'],
      award_category: category,
      columns: disasterRecipientColumns(category),
      file_format: body.file_format ?? 'csv',
      filters: { def_codes: defCodes, ...(types?.length ? { award_type_codes: types } : {}) },
    };
    const timestamp = downloadTimestamp(new Date(), nextSequence());
    const fileName = `COVID-19_Recipients_${category}_${timestamp}.zip`;
    const jobName = await startDownload(ctx, { fileName, requestType: 'disaster_recipient', request: { ...request, timestamp } });
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...request } };
  });

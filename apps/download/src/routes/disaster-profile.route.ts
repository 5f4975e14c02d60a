import { downloadTimestamp, loadFilterContext, planDisasterProfile, type DisasterProfileRequest } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { listDisasterCodes } from '../queries/disaster-codes.query';
import { latestClosedPeriod } from '../queries/latest-closed-period.query';
import { jobUrls, startDownload } from './start-download';

/**
 * POST /api/v2/download/disaster/: the COVID-19 profile's zip (`COVID-19_Profile_<timestamp>.zip`) for COVID-19
 * DEF codes (default: all of them) up to the latest closed submission period. Other codes are a 400.
 */
export const disasterProfileRoute = (ctx: DownloadContext) =>
  jsonHandler<'downloadDisaster'>(async (req) => {
    // The operation's body is optional: a bodyless POST means every COVID-19 code.
    const body: Partial<typeof req.body> = req.body ?? {};
    const covid = (await listDisasterCodes(ctx.db)).filter((c) => c.group_name === 'covid_19').map((c) => c.code);
    const codes = body.filters?.def_codes?.length ? [...new Set(body.filters.def_codes)].sort() : covid;
    const other = codes.filter((c) => !covid.includes(c));
    if (other.length > 0) {
      throw badRequest(`Not COVID-19 DEF code(s): ${other.join(', ')}. The profile download covers COVID-19 codes only (${covid.join(', ')}).`, [
        { path: '/body/filters/def_codes', message: `not a COVID-19 code: ${other[0]}`, code: 'enum' },
      ]);
    }
    const latest = await latestClosedPeriod(ctx.db);
    if (!latest) throw badRequest('No submission period has closed yet: there is no COVID-19 data to download.');
    const request: DisasterProfileRequest = {
      request_type: 'disaster',
      file_format: body.file_format ?? 'csv',
      filters: { def_codes: codes, latest_fiscal_period: String(latest.fiscal_period), latest_fiscal_year: String(latest.fiscal_year), start_date: '2020-04-01' },
    };
    const timestamp = downloadTimestamp(new Date(), nextSequence());
    planDisasterProfile(request, timestamp, await loadFilterContext(ctx.db)); // checks the request plans before a job exists
    const fileName = `COVID-19_Profile_${timestamp}.zip`;
    const jobName = await startDownload(ctx, { fileName, requestType: 'disaster', request: { ...request, timestamp } });
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...request } };
  });

import { ALL_AWARD_TYPE_CODES, bulkKind, downloadTimestamp, loadFilterContext, planAwardDownload, type AwardDownloadRequest } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { toptierCodeOf } from '../queries/toptier-code.query';
import { jobUrls, startDownload } from './start-download';

/**
 * POST /api/v2/bulk_download/awards/: the Custom Award Data download, translated into the advanced filter the
 * other downloads use (date_range + date_type -> time_period, keyword -> keywords); no row limit, a year of
 * dates at most.
 */
export const bulkAwardsRoute = (ctx: DownloadContext) =>
  jsonHandler<'bulkDownloadAwards'>(async (req) => {
    const body = req.body;
    const f = body.filters;
    const prime = f.prime_award_types ?? [];
    const sub = f.sub_award_types ?? [];
    if (prime.length === 0 && sub.length === 0) {
      throw badRequest('Select at least one of prime_award_types or sub_award_types.', [{ path: '/body/filters/prime_award_types', message: 'no award types', code: 'required' }]);
    }
    const request: AwardDownloadRequest = {
      request_type: 'bulk_award',
      download_types: [...(prime.length > 0 ? ['prime_transactions'] : []), ...(sub.length > 0 ? ['sub_awards'] : [])],
      filters: {
        award_type_codes: prime.length > 0 ? prime : ALL_AWARD_TYPE_CODES,
        time_period: [{ start_date: f.date_range.start_date, end_date: f.date_range.end_date, date_type: f.date_type }],
        ...(f.agencies?.length ? { agencies: f.agencies } : {}),
        ...(f.keyword ? { keywords: [f.keyword] } : {}),
        ...(f.place_of_performance_scope ? { place_of_performance_scope: f.place_of_performance_scope } : {}),
        ...(f.place_of_performance_locations?.length ? { place_of_performance_locations: f.place_of_performance_locations } : {}),
        ...(f.recipient_scope ? { recipient_scope: f.recipient_scope } : {}),
        ...(f.recipient_locations?.length ? { recipient_locations: f.recipient_locations } : {}),
      },
      columns: body.columns ?? [],
      file_format: body.file_format ?? 'csv',
      limit: null,
      sub_award_types: sub,
    };
    const timestamp = downloadTimestamp(new Date(), nextSequence());
    planAwardDownload(request, timestamp, await loadFilterContext(ctx.db)); // throws 400 for filters or columns that cannot be used
    // As upstream: the custom award download covers a year at most (end minus start, in days, at most 366).
    const days = (Date.parse(f.date_range.end_date) - Date.parse(f.date_range.start_date)) / 86_400_000;
    if (days > 366) {
      throw badRequest('Invalid Parameter: date_range total days must be within a year', [{ path: '/body/filters/date_range', message: `${days} days`, code: 'maximum' }]);
    }
    const first = f.agencies?.[0];
    const agencyPart = first ? ((await toptierCodeOf(ctx.db, first)) ?? 'All') : 'All';
    const fileName = `${agencyPart}_${bulkKind(prime.length > 0, sub.length > 0)}_${timestamp}.zip`;
    const jobName = await startDownload(ctx, { fileName, requestType: 'bulk_award', request: { ...request, timestamp } });
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...request } };
  });

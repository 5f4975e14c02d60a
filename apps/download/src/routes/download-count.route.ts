import { DOWNLOAD_MIN_DATE, loadFilterContext, MAX_DOWNLOAD_LIMIT } from '@usas/downloads';
import { compileFilters } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import type { DownloadContext } from '../download-context';
import { countRows } from '../queries/count-rows.query';

/** POST /api/v2/download/count/: rows a download of these filters holds at the spending level, against the 500,000 limit. */
export const downloadCountRoute = (ctx: DownloadContext) =>
  jsonHandler<'downloadCount'>(async (req) => {
    const body = req.body;
    const level = body.spending_level ?? 'transactions';
    const where = compileFilters(body.filters, level, { ...(await loadFilterContext(ctx.db)), minDate: DOWNLOAD_MIN_DATE });
    const count = await countRows(ctx.db, level, where);
    return {
      calculated_transaction_count: count,
      maximum_transaction_limit: MAX_DOWNLOAD_LIMIT,
      transaction_rows_gt_limit: count > MAX_DOWNLOAD_LIMIT,
      calculated_count: count,
      spending_level: level,
      maximum_limit: MAX_DOWNLOAD_LIMIT,
      rows_gt_limit: count > MAX_DOWNLOAD_LIMIT,
    };
  });

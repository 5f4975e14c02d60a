import { listMonthlyFiles } from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { DownloadContext } from '../download-context';
import { findToptierAgency } from '../queries/toptier-agency.query';
import { jobUrls } from './start-download';

/**
 * POST /api/v2/bulk_download/list_monthly_files/: the archive files of the newest finished run of the monthly
 * schedule for one agency (or `all`, upstream's `All` files) and fiscal year, Full files first. What is listed
 * was written: a file row exists only once its zip is complete.
 */
export const bulkListMonthlyFilesRoute = (ctx: DownloadContext) =>
  jsonHandler<'bulkDownloadListMonthlyFiles'>(async (req) => {
    const body = req.body;
    const agency = body.agency === 'all'
      ? { toptier_code: 'All', name: 'All', abbreviation: null }
      : await findToptierAgency(ctx.db, body.agency);
    if (!agency) throw badRequest(`${body.agency} agency not found`, [{ path: '/body/agency', message: 'no such toptier agency', code: 'enum' }]);
    const files = await listMonthlyFiles(ctx.db, { toptierCode: agency.toptier_code, fiscalYear: body.fiscal_year, kind: body.type });
    return {
      monthly_files: files.map((f) => ({
        agency_name: agency.name,
        agency_acronym: agency.abbreviation,
        file_name: f.file_name,
        fiscal_year: f.fiscal_year,
        type: f.award_kind,
        updated_date: f.updated_date,
        url: jobUrls(ctx, req, f.file_name).file_url,
      })),
    };
  });

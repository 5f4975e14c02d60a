import type { QueryParams, ResponseBody } from '@usas/api-types';
import { findJob, isSafeFileName } from '@usas/downloads';
import { badRequest, notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { DownloadContext } from '../download-context';
import { jobUrls } from './start-download';

/**
 * GET /api/v2/download/status?file_name=: the job row as upstream reports it. While running, `total_rows` is
 * the rows written so far; `total_size` is in kilobytes; `seconds_elapsed` a decimal string.
 */
export const downloadStatusRoute = (ctx: DownloadContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'downloadStatus'>> => {
    const { file_name: fileName } = req.query as QueryParams<'downloadStatus'>;
    if (!isSafeFileName(fileName)) {
      throw badRequest(`Invalid file_name '${fileName}': expected the file_name of a download response.`, [{ path: '/query/file_name', message: 'not a download file name', code: 'format' }]);
    }
    const job = await findJob(ctx.primary, fileName);
    if (!job) throw notFound(`No download job named ${fileName}.`);
    return {
      file_name: job.file_name,
      message: job.error_message,
      seconds_elapsed: job.seconds_elapsed === null ? null : job.seconds_elapsed.toFixed(6),
      status: job.status,
      total_columns: job.total_columns,
      total_rows: job.status === 'running' ? job.rows_written : job.total_rows,
      total_size: job.file_size === null ? null : Math.round(job.file_size / 10) / 100,
      file_url: jobUrls(ctx, req, fileName).file_url,
    };
  });

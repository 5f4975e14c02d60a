import path from 'node:path';
import { findJob, isMonthlyFile, isSafeFileName } from '@usas/downloads';
import { badRequest, notFound } from '@usas/errors';
import type { RequestHandler } from 'express';
import type { DownloadContext } from '../download-context';

/**
 * GET /api/v2/download/files/:file_name: a finished job's zip or a current monthly archive file. The name must
 * be one the API issues (no path separators, no leading dot, no `..`) and belong to a finished job or a listed
 * archive file, so nothing else in the directory (a temporary `.partial` file, another file) is ever served and
 * nothing is listed.
 */
export const downloadFileRoute = (ctx: DownloadContext): RequestHandler => (req, res, next) => {
  const fileName = String(req.params.file_name ?? '');
  if (!isSafeFileName(fileName)) {
    next(badRequest(`Invalid file name '${fileName}'.`, [{ path: '/path/file_name', message: 'not a download file name', code: 'format' }]));
    return;
  }
  findJob(ctx.primary, fileName)
    .then(async (job) => {
      if ((!job || job.status !== 'finished') && !(await isMonthlyFile(ctx.primary, fileName))) {
        next(notFound(`No finished download named ${fileName}.`));
        return;
      }
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      // Relative to the directory as root: only the name is checked for dot files, not the directory's own path
      // (the default one, `.data/downloads`, has a dot directory in it).
      res.sendFile(fileName, { root: path.resolve(ctx.downloadDir), dotfiles: 'deny', headers: { 'Content-Type': 'application/zip' } }, (error) => {
        if (error && !res.headersSent) next(notFound(`No finished download named ${fileName}.`));
      });
    })
    .catch((error: unknown) => next(error));
};

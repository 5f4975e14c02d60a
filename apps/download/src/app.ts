import { Router } from 'express';
import type { DownloadDeps } from './download-context';
import { resumeReadyJobs } from './routes/start-download';
import { accountsDownloadRoute } from './routes/accounts-download.route';
import { awardDownloadRoute } from './routes/award-download.route';
import { awardIdDownloadRoute } from './routes/award-id-download.route';
import { bulkAwardsRoute } from './routes/bulk-awards.route';
import { bulkListAgenciesRoute } from './routes/bulk-list-agencies.route';
import { bulkListMonthlyFilesRoute } from './routes/bulk-list-monthly-files.route';
import { disasterProfileRoute } from './routes/disaster-profile.route';
import { disasterRecipientsRoute } from './routes/disaster-recipients.route';
import { downloadCountRoute } from './routes/download-count.route';
import { downloadFileRoute } from './routes/download-file.route';
import { downloadStatusRoute } from './routes/download-status.route';

/**
 * The download app: accepts download jobs (a row in download_job plus a Temporal workflow each), reports
 * their status from the row and serves finished zips. The files are written by the download worker.
 */
export function createApp(deps: DownloadDeps): Router {
  const ctx = { ...deps, primary: deps.primary ?? deps.db };
  const router = Router();
  const base = '/api/v2/download';
  router.post(`${base}/awards/`, awardDownloadRoute(ctx, 'award'));
  router.post(`${base}/transactions/`, awardDownloadRoute(ctx, 'transaction'));
  router.post(`${base}/search/`, awardDownloadRoute(ctx, 'search'));
  router.post(`${base}/contract/`, awardIdDownloadRoute(ctx, 'contract'));
  router.post(`${base}/assistance/`, awardIdDownloadRoute(ctx, 'assistance'));
  router.post(`${base}/idv/`, awardIdDownloadRoute(ctx, 'idv'));
  router.post(`${base}/disaster/`, disasterProfileRoute(ctx));
  router.post(`${base}/disaster/recipients/`, disasterRecipientsRoute(ctx));
  router.post(`${base}/accounts/`, accountsDownloadRoute(ctx));
  router.post(`${base}/count/`, downloadCountRoute(ctx));
  router.get(`${base}/status`, downloadStatusRoute(ctx));
  router.get('/api/v2/bulk_download/status', downloadStatusRoute(ctx));
  router.post('/api/v2/bulk_download/list_agencies/', bulkListAgenciesRoute(ctx));
  router.post('/api/v2/bulk_download/awards/', bulkAwardsRoute(ctx));
  router.post('/api/v2/bulk_download/list_monthly_files/', bulkListMonthlyFilesRoute(ctx));
  router.get(`${base}/files/:file_name`, downloadFileRoute(ctx));
  return router;
}

/** Starts the workflows of accepted jobs that never got one (run at start-up; see resumeReadyJobs). */
export function resumeDownloads(deps: DownloadDeps, olderThanSeconds?: number): Promise<string[]> {
  return resumeReadyJobs({ ...deps, primary: deps.primary ?? deps.db }, olderThanSeconds);
}

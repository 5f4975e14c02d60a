import {
  accountFileStem,
  accountZipName,
  downloadTimestamp,
  planAccountDownload,
  type AccountDownloadRequest,
  type AccountSubmissionType,
} from '@usas/downloads';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { nextSequence, type DownloadContext } from '../download-context';
import { federalAccountExists, findAccountAgency } from '../queries/account-filters.query';
import { listDisasterCodes } from '../queries/disaster-codes.query';
import { jobUrls, startDownload } from './start-download';

const SUBMISSION_ORDER: AccountSubmissionType[] = ['account_balances', 'object_class_program_activity', 'award_financial'];

/**
 * POST /api/v2/download/accounts/: account data of a fiscal year up to a quarter or period, by TAS or federal
 * account. Every filter is resolved (agency, federal account, DEF codes) before the job exists; what does not
 * resolve is a 400.
 */
export const accountsDownloadRoute = (ctx: DownloadContext) =>
  jsonHandler<'downloadAccounts'>(async (req) => {
    const body = req.body;
    const f = body.filters;
    if ((f.quarter === undefined) === (f.period === undefined)) {
      throw badRequest('Provide either filters.quarter or filters.period, not both.', [{ path: '/body/filters/quarter', message: 'quarter or period', code: 'required' }]);
    }
    const asked = new Set<AccountSubmissionType>([...(f.submission_types ?? []), ...(f.submission_type ? [f.submission_type] : [])]);
    if (asked.size === 0) {
      throw badRequest('Provide filters.submission_types (or filters.submission_type): account_balances, object_class_program_activity, award_financial.', [
        { path: '/body/filters/submission_types', message: 'no submission type', code: 'required' },
      ]);
    }
    const filters: AccountDownloadRequest['filters'] = { fy: Number(f.fy) };
    if (f.quarter !== undefined) filters.quarter = Number(f.quarter);
    if (f.period !== undefined) filters.period = Number(f.period);

    let agencyCode: string | null = null;
    const agencyText = String(f.agency ?? 'all');
    if (agencyText.toLowerCase() !== 'all') {
      const agency = await findAccountAgency(ctx.db, agencyText);
      if (!agency) throw badRequest(`Unknown agency: ${agencyText}.`, [{ path: '/body/filters/agency', message: 'unknown agency', code: 'enum' }]);
      filters.agency = String(agency.toptier_agency_id);
      agencyCode = agency.toptier_code;
    }
    if (f.federal_account !== undefined) {
      const id = Number(f.federal_account);
      if (!(await federalAccountExists(ctx.db, id))) {
        throw badRequest(`Unknown federal account: ${id}.`, [{ path: '/body/filters/federal_account', message: 'unknown federal account', code: 'enum' }]);
      }
      filters.federal_account = id;
    }
    if (f.budget_function) filters.budget_function = f.budget_function;
    if (f.budget_subfunction) filters.budget_subfunction = f.budget_subfunction;
    if (f.def_codes?.length) {
      const known = new Set((await listDisasterCodes(ctx.db)).map((c) => c.code));
      const codes = [...new Set(f.def_codes)];
      const unknown = codes.filter((c) => !known.has(c));
      if (unknown.length > 0) {
        throw badRequest(`Unknown DEF code(s): ${unknown.join(', ')}.`, [{ path: '/body/filters/def_codes', message: `unknown code ${unknown[0]}`, code: 'enum' }]);
      }
      filters.def_codes = codes;
    }

    const request: AccountDownloadRequest = {
      request_type: 'account',
      account_level: body.account_level,
      download_types: SUBMISSION_ORDER.filter((t) => asked.has(t)),
      file_format: body.file_format ?? 'csv',
      columns: body.columns ?? [],
      agency: filters.agency ?? 'all',
      filters,
    };
    const timestamp = downloadTimestamp(new Date(), nextSequence());
    const fileStem = accountFileStem(request, agencyCode);
    planAccountDownload(request, timestamp, fileStem); // throws 400 for unknown columns
    const fileName = accountZipName(request, fileStem, timestamp);
    const jobName = await startDownload(ctx, { fileName, requestType: 'account', request: { ...request, timestamp, file_stem: fileStem } });
    return { ...jobUrls(ctx, req, jobName), file_name: jobName, download_request: { ...request } };
  });

import { jsonHandler } from '@usas/service-kit';
import type { DownloadContext } from '../download-context';
import { listAccountAgencies, listAwardAgencies, listSubAgencies, type BulkAgencyRow } from '../queries/bulk-agencies.query';

/** Toptier codes of the CFO Act agencies in the order USAspending lists them (upstream CFO_CGACS). */
export const CFO_AGENCY_ORDER = ['012', '013', '097', '091', '089', '075', '070', '086', '015', '1601', '019', '014', '020', '069', '036', '068', '047', '080', '049', '031', '024', '073', '028', '072'];

/** POST /api/v2/bulk_download/list_agencies/: CFO agencies first (in CFO order), the others by name; or one agency's subtiers. */
export const bulkListAgenciesRoute = (ctx: DownloadContext) =>
  jsonHandler<'bulkDownloadListAgencies'>(async (req) => {
    const body = req.body;
    if (body.type === 'award_agencies' && body.agency) {
      const names = await listSubAgencies(ctx.db, body.agency);
      return { agencies: { cfo_agencies: [], other_agencies: [] }, sub_agencies: names.map((subtier_agency_name) => ({ subtier_agency_name })) };
    }
    const rows = body.type === 'account_agencies' ? await listAccountAgencies(ctx.db) : await listAwardAgencies(ctx.db);
    const cfoRank = new Map(CFO_AGENCY_ORDER.map((code, i) => [code, i]));
    const cfo: BulkAgencyRow[] = rows.filter((r) => cfoRank.has(r.toptier_code)).sort((a, b) => (cfoRank.get(a.toptier_code) ?? 0) - (cfoRank.get(b.toptier_code) ?? 0));
    const other = rows.filter((r) => !cfoRank.has(r.toptier_code));
    return { agencies: { cfo_agencies: cfo.map((r) => ({ ...r })), other_agencies: other.map((r) => ({ ...r })) }, sub_agencies: [] };
  });

import type { ResponseBody } from '@usas/api-types';
import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { queryValue } from '../common/request-values';
import { awardCountsByAgency } from './agency-awards.query';
import { fiscalYearParam, listParams, pageOf, sortRows } from './agency-params';

/** Toptier codes of the agencies named by the Chief Financial Officers Act (upstream's `cfo` group). */
const CFO_ACT_TOPTIER_CODES = ['012', '013', '014', '015', '016', '019', '020', '024', '028', '036', '047', '049', '068', '069', '070', '072',
  '073', '075', '080', '086', '089', '091', '097'] as const;

/** GET agency/awards/count/: award counts by category of every awarding toptier agency. */
export const agenciesAwardCountRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAgenciesAwards'>> => {
    const p = listParams(req, ['obligated_amount', 'name', 'gross_outlay_amount'] as const);
    const group = queryValue(req, 'group') ?? 'all';
    if (group !== 'all' && group !== 'cfo') throw badRequest(`group must be 'all' or 'cfo', not '${group}'.`);
    const fy = fiscalYearParam(req);
    const rows = await awardCountsByAgency(db, fy, group === 'cfo' ? CFO_ACT_TOPTIER_CODES : null);
    const page = pageOf(sortRows([...rows], p.sort, p.order), p);
    return {
      page_metadata: page.page_metadata,
      results: page.results.map((r) => {
        const counts = { contracts: r.contracts, idvs: r.idvs, grants: r.grants, direct_payments: r.direct_payments, loans: r.loans, other: r.other };
        return { awarding_toptier_agency_name: r.name, awarding_toptier_agency_code: r.code, award_types: counts, ...counts };
      }),
      messages: [],
    };
  });

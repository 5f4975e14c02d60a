import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { resolveIdv } from '../common/award-ref';
import { pageMetadataOfTotal, paging } from '../common/paging';
import { pathValue, queryValue } from '../common/request-values';
import { countFederalAccounts, fundingRollup, listAccounts, listFunding } from '../queries/award-accounts.query';
import { idvDescendants } from '../queries/file-c-rows';
import { idvGenerationTotals, listIdvActivity, listRelatedAwards } from '../queries/idv.query';
import { fundingResult } from './award-lists.route';

/** POST /api/v2/idvs/accounts/: federal accounts of the awards under an IDV. */
export const idvAccountsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listIdvAccounts'>(async (req) => {
    const body = req.body;
    const idv = await resolveIdv(db, body.award_id);
    const p = paging(body);
    const scope = idvDescendants(idv.award_id);
    const rows = await listAccounts(db, scope, body.sort ?? 'total_transaction_obligated_amount', body.order ?? 'desc', p);
    const total = rows[0]?.total_count ?? (await countFederalAccounts(db, scope));
    return { results: rows.map(({ total_count: _t, ...r }) => r), page_metadata: { ...pageMetadataOfTotal(total, p), count: total } };
  });

/** GET /api/v2/idvs/count/federal_account/{award_id}/?piid */
export const idvCountFederalAccountsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'countIdvFederalAccounts'>> => {
    const idv = await resolveIdv(db, pathValue(req, 'award_id'));
    return { count: await countFederalAccounts(db, idvDescendants(idv.award_id, queryValue(req, 'piid'))) };
  });

/** POST /api/v2/idvs/funding/: File C rows of the awards under an IDV. */
export const idvFundingRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listIdvFunding'>(async (req) => {
    const body = req.body;
    const idv = await resolveIdv(db, body.award_id);
    const p = paging(body);
    const rows = await listFunding(db, idvDescendants(idv.award_id), body.piid, body.sort ?? 'reporting_fiscal_date', body.order ?? 'desc', p);
    return { results: fundingResult(rows, true), page_metadata: pageMetadataOfTotal(rows[0]?.total_count ?? 0, p) };
  });

/** POST /api/v2/idvs/funding_rollup/ */
export const idvFundingRollupRoute = (db: CommonQueryMethods) =>
  jsonHandler<'getIdvFundingRollup'>(async (req) => {
    const body = req.body;
    const idv = await resolveIdv(db, body.award_id);
    return fundingRollup(db, idvDescendants(idv.award_id));
  });

/** GET /api/v2/idvs/amounts/{award_id}/: totals of the child and grandchild generations. */
export const idvAmountsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getIdvAmounts'>> => {
    const idv = await resolveIdv(db, pathValue(req, 'award_id'));
    const [c, g] = await Promise.all([idvGenerationTotals(db, idv.award_id, 1), idvGenerationTotals(db, idv.award_id, 2)]);
    return {
      award_id: idv.award_id,
      generated_unique_award_id: idv.generated_unique_award_id,
      child_idv_count: c.idv_count,
      child_award_count: c.award_count,
      child_award_total_obligation: c.total_obligation,
      child_award_base_and_all_options_value: c.base_and_all_options_value,
      child_award_base_exercised_options_val: c.base_exercised_options_val,
      child_total_account_outlay: c.total_account_outlay,
      child_total_account_obligation: c.total_account_obligation,
      child_award_total_outlay: c.award_total_outlay,
      child_account_outlays_by_defc: c.outlays_by_defc,
      child_account_obligations_by_defc: c.obligations_by_defc,
      grandchild_award_count: g.award_count,
      grandchild_award_total_obligation: g.total_obligation,
      grandchild_award_base_and_all_options_value: g.base_and_all_options_value,
      grandchild_award_base_exercised_options_val: g.base_exercised_options_val,
      grandchild_total_account_outlay: g.total_account_outlay,
      grandchild_total_account_obligation: g.total_account_obligation,
      grandchild_award_total_outlay: g.award_total_outlay,
      grandchild_account_outlays_by_defc: g.outlays_by_defc,
      grandchild_account_obligations_by_defc: g.obligations_by_defc,
    };
  });

/** POST /api/v2/idvs/awards/: child IDVs, child awards or grandchild awards. */
export const idvAwardsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listIdvAwards'>(async (req) => {
    const body = req.body;
    const idv = await resolveIdv(db, body.award_id);
    const p = paging(body);
    const rows = await listRelatedAwards(db, idv.award_id, body.type ?? 'child_idvs', body.sort ?? 'period_of_performance_start_date', body.order ?? 'desc', p);
    return { results: rows.map(({ total_count: _t, ...r }) => r), page_metadata: pageMetadataOfTotal(rows[0]?.total_count ?? 0, p) };
  });

/** POST /api/v2/idvs/activity/ */
export const idvActivityRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listIdvActivity'>(async (req) => {
    const body = req.body;
    const idv = await resolveIdv(db, body.award_id);
    const p = paging(body);
    const rows = await listIdvActivity(db, idv.award_id, body.hide_edge_cases ?? false, p);
    const total = rows[0]?.total_count ?? 0;
    return {
      results: rows.map(({ total_count: _t, ...r }) => r),
      page_metadata: { ...pageMetadataOfTotal(total, p), total, limit: p.limit },
    };
  });

import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { resolveAward } from '../common/award-ref';
import { pageMetadataOfTotal, paging } from '../common/paging';
import { pathValue } from '../common/request-values';
import {
  countFederalAccounts,
  fundingRollup,
  listAccounts,
  listFunding,
  type FundingRow,
} from '../queries/award-accounts.query';
import {
  awardsLastUpdated,
  countSubawards,
  countTransactions,
  listSubawards,
  listTransactions,
} from '../queries/award-lists.query';
import { oneAward } from '../queries/file-c-rows';

/** GET /api/v2/awards/count/transaction/{award_id}/ */
export const countTransactionsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAwardTransactions'>> => {
    const award = await resolveAward(db, pathValue(req, 'award_id'));
    return { transactions: await countTransactions(db, award.award_id) };
  });

/** GET /api/v2/awards/count/subaward/{award_id}/ */
export const countSubawardsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAwardSubawards'>> => {
    const award = await resolveAward(db, pathValue(req, 'award_id'));
    return { subawards: await countSubawards(db, award.award_id) };
  });

/** GET /api/v2/awards/count/federal_account/{award_id}/ */
export const countFederalAccountsRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'countAwardFederalAccounts'>> => {
    const award = await resolveAward(db, pathValue(req, 'award_id'));
    return { federal_accounts: await countFederalAccounts(db, oneAward(award.award_id)) };
  });

/** POST /api/v2/transactions/: an award's transaction history. */
export const transactionsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listTransactions'>(async (req) => {
    const body = req.body;
    const award = await resolveAward(db, body.award_id);
    const p = paging(body);
    const [rows, total] = await Promise.all([
      listTransactions(db, award.award_id, body.sort ?? 'action_date', body.order ?? 'desc', p),
      countTransactions(db, award.award_id),
    ]);
    return { results: [...rows], page_metadata: pageMetadataOfTotal(total, p) };
  });

/** POST /api/v2/subawards/: subawards of one award, or of all awards without award_id. */
export const subawardsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listSubawards'>(async (req) => {
    const body = req.body;
    const awardId = body.award_id === undefined ? null : (await resolveAward(db, body.award_id)).award_id;
    const p = paging(body);
    const [rows, total] = await Promise.all([
      listSubawards(db, awardId, body.sort ?? 'subaward_number', body.order ?? 'desc', p),
      countSubawards(db, awardId),
    ]);
    return { results: [...rows], page_metadata: pageMetadataOfTotal(total, p) };
  });

/** GET /api/v2/awards/last_updated/ */
export const lastUpdatedRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (): Promise<ResponseBody<'getAwardsLastUpdated'>> => ({ last_updated: (await awardsLastUpdated(db)) ?? '' }));

/** POST /api/v2/awards/accounts/: federal accounts of an award. */
export const awardAccountsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listAwardAccounts'>(async (req) => {
    const body = req.body;
    const award = await resolveAward(db, body.award_id);
    const p = paging(body);
    const rows = await listAccounts(db, oneAward(award.award_id), body.sort ?? 'federal_account', body.order ?? 'desc', p);
    const total = rows[0]?.total_count ?? (await countFederalAccounts(db, oneAward(award.award_id)));
    return {
      results: rows.map(({ total_count: _t, ...r }) => r),
      page_metadata: { ...pageMetadataOfTotal(total, p), count: total },
    };
  });

/** Funding rows without the window count; the award ids only where the IDV variant shows them. */
export function fundingResult(rows: readonly FundingRow[], withAward: boolean): ResponseBody<'listAwardFunding'>['results'] {
  return rows.map(({ total_count: _t, award_id, generated_unique_award_id, piid, agency_id, main_account_code, ...r }) =>
    withAward ? { award_id, generated_unique_award_id, piid, agency_id, main_account_code, ...r } : r,
  );
}

/** POST /api/v2/awards/funding/: File C rows of an award. */
export const awardFundingRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listAwardFunding'>(async (req) => {
    const body = req.body;
    const award = await resolveAward(db, body.award_id);
    const p = paging(body);
    const rows = await listFunding(db, oneAward(award.award_id), undefined, body.sort ?? 'reporting_fiscal_date', body.order ?? 'desc', p);
    return { results: fundingResult(rows, false), page_metadata: pageMetadataOfTotal(rows[0]?.total_count ?? 0, p) };
  });

/** POST /api/v2/awards/funding_rollup/ */
export const awardFundingRollupRoute = (db: CommonQueryMethods) =>
  jsonHandler<'getAwardFundingRollup'>(async (req) => {
    const body = req.body;
    const award = await resolveAward(db, body.award_id);
    return fundingRollup(db, oneAward(award.award_id));
  });

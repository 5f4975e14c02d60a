import { Router } from 'express';
import type { DatabasePool } from 'slonik';
import { buildAgencyRouter } from './agency/agency.router';
import { awardAccountsRoute, awardFundingRollupRoute, awardFundingRoute, countFederalAccountsRoute, countSubawardsRoute,
  countTransactionsRoute, lastUpdatedRoute, subawardsRoute, transactionsRoute } from './routes/award-lists.route';
import { accountsRouter } from './accounts/accounts.router';
import { awardRoute } from './routes/award.route';
import { createReportingRouter } from './reporting/reporting.router';
import { createSpendingExplorerRouter } from './spending-explorer/spending-explorer.router';
import { listStatesRoute, stateAwardsRoute, stateRoute } from './routes/state.route';
import { countRecipientsRoute, listRecipientsRoute, recipientChildrenRoute, recipientRoute } from './routes/recipient.route';
import { idvAccountsRoute, idvActivityRoute, idvAmountsRoute, idvAwardsRoute, idvCountFederalAccountsRoute, idvFundingRollupRoute,
  idvFundingRoute } from './routes/idv.route';

export interface ProfileDeps {
  /** Pool for reads (may point at a replica). */
  db: DatabasePool;
}

/**
 * The profile app: award, IDV, transaction and subaward profiles and the recipient and state profiles.
 * Requests arrive validated by the gateway; every answer is read from the award read model (award_search,
 * transaction_search, subaward_search, parent_award, recipient tables, File C) through typed queries.
 */
export function createApp(deps: ProfileDeps): Router {
  const { db } = deps;
  const router = Router();
  const v2 = '/api/v2';
  // Literal paths before the parameterised ones that would also match them.
  router.get(`${v2}/awards/last_updated/`, lastUpdatedRoute(db));
  router.get(`${v2}/awards/count/transaction/:award_id/`, countTransactionsRoute(db));
  router.get(`${v2}/awards/count/subaward/:award_id/`, countSubawardsRoute(db));
  router.get(`${v2}/awards/count/federal_account/:award_id/`, countFederalAccountsRoute(db));
  router.get(`${v2}/awards/:award_id/`, awardRoute(db));
  router.post(`${v2}/awards/accounts/`, awardAccountsRoute(db));
  router.post(`${v2}/awards/funding/`, awardFundingRoute(db));
  router.post(`${v2}/awards/funding_rollup/`, awardFundingRollupRoute(db));
  router.post(`${v2}/transactions/`, transactionsRoute(db));
  router.post(`${v2}/subawards/`, subawardsRoute(db));
  router.post(`${v2}/idvs/accounts/`, idvAccountsRoute(db));
  router.post(`${v2}/idvs/activity/`, idvActivityRoute(db));
  router.get(`${v2}/idvs/amounts/:award_id/`, idvAmountsRoute(db));
  router.post(`${v2}/idvs/awards/`, idvAwardsRoute(db));
  router.get(`${v2}/idvs/count/federal_account/:award_id/`, idvCountFederalAccountsRoute(db));
  router.post(`${v2}/idvs/funding/`, idvFundingRoute(db));
  router.post(`${v2}/idvs/funding_rollup/`, idvFundingRollupRoute(db));
  router.post(`${v2}/recipient/`, listRecipientsRoute(db));
  router.post(`${v2}/recipient/duns/`, listRecipientsRoute(db));
  router.post(`${v2}/recipient/count/`, countRecipientsRoute(db));
  router.get(`${v2}/recipient/children/:duns_or_uei/`, recipientChildrenRoute(db));
  router.get(`${v2}/recipient/state/`, listStatesRoute(db));
  router.get(`${v2}/recipient/state/awards/:fips/`, stateAwardsRoute(db));
  router.get(`${v2}/recipient/state/:fips/`, stateRoute(db));
  router.get(`${v2}/recipient/duns/:recipient_id/`, recipientRoute(db));
  router.get(`${v2}/recipient/:recipient_id/`, recipientRoute(db));
  router.use(accountsRouter(db));
  router.use(createReportingRouter(db));
  router.use(createSpendingExplorerRouter(db));
  router.use(buildAgencyRouter(db));
  return router;
}

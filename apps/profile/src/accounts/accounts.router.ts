import { Router } from 'express';
import type { CommonQueryMethods } from 'slonik';
import {
  availableObjectClassesRoute, availableProgramActivitiesRoute, federalObligationsRoute, financialBalancesRoute, fiscalYearSnapshotRoute,
  getFederalAccountRoute, listFederalAccountsRoute, listProgramActivitiesRoute, majorObjectClassRoute, minorObjectClassRoute,
  objectClassTotalsRoute, programActivityTotalsRoute, tasObjectClassRoute, tasProgramActivityRoute,
} from './accounts.route';
import { v1TasTotalRoute } from './v1-tas.route';

/**
 * Federal account, Treasury account and agency account-data routes (spec 4.8) and the v1 TAS aggregations the
 * website's federal account page calls. Paths arrive normalised to the spec's form by the gateway.
 */
export function accountsRouter(db: CommonQueryMethods): Router {
  const router = Router();
  const v2 = '/api/v2';
  const fa = `${v2}/federal_accounts`;
  router.post(`${fa}/`, listFederalAccountsRoute(db));
  // Literal second segments before the account-number form.
  router.get(`${fa}/:federal_account_id/available_object_classes`, availableObjectClassesRoute(db));
  router.get(`${fa}/:federal_account_id/available_program_activities`, availableProgramActivitiesRoute(db));
  router.get(`${fa}/:federal_account_id/fiscal_year_snapshot/`, fiscalYearSnapshotRoute(db));
  router.get(`${fa}/:federal_account_id/fiscal_year_snapshot/:fiscal_year/`, fiscalYearSnapshotRoute(db));
  router.get(`${fa}/:federal_account_code/program_activities/`, listProgramActivitiesRoute(db));
  router.post(`${fa}/:federal_account_code/object_classes/total`, objectClassTotalsRoute(db));
  router.post(`${fa}/:federal_account_code/program_activities/total`, programActivityTotalsRoute(db));
  router.get(`${fa}/:account_number/`, getFederalAccountRoute(db));
  router.get(`${v2}/federal_obligations/`, federalObligationsRoute(db));
  router.get(`${v2}/financial_balances/agencies/`, financialBalancesRoute(db));
  router.get(`${v2}/financial_spending/major_object_class/`, majorObjectClassRoute(db));
  router.get(`${v2}/financial_spending/object_class/`, minorObjectClassRoute(db));
  // A symbol with a `/` in it arrives encoded as one segment (the gateway encodes an unencoded one: `x-slashes`).
  router.get(`${v2}/agency/treasury_account/:tas/object_class/`, tasObjectClassRoute(db));
  router.get(`${v2}/agency/treasury_account/:tas/program_activity/`, tasProgramActivityRoute(db));
  router.post('/api/v1/tas/balances/total/', v1TasTotalRoute('balances', false)(db));
  router.post('/api/v1/tas/categories/total/', v1TasTotalRoute('categories', false)(db));
  router.post('/api/v1/tas/balances/quarters/total/', v1TasTotalRoute('balances', true)(db));
  router.post('/api/v1/tas/categories/quarters/total/', v1TasTotalRoute('categories', true)(db));
  return router;
}

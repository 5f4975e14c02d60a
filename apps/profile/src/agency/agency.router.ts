import { Router } from 'express';
import type { CommonQueryMethods } from 'slonik';
import { agenciesAwardCountRoute } from './agencies-award-count.route';
import { agencyAwardsRoute, budgetaryResourcesRoute, budgetFunctionCountRoute, budgetFunctionsRoute, defCodesRoute, federalAccountCountRoute,
  federalAccountsRoute, newAwardCountRoute, objectClassCountRoute, objectClassesRoute, obligationsByAwardCategoryRoute, overviewRoute,
  programActivitiesRoute, programActivityCountRoute, recipientsRoute, subAgenciesRoute, subAgencyCountRoute, subComponentAccountsRoute,
  subComponentsRoute } from './agency.route';

/**
 * The agency profile endpoints (api/v2/agency/...): account breakdowns from Files A and B and GTAS (latest
 * submission of the fiscal year), award summaries from transaction_search and award_search.
 */
export function buildAgencyRouter(db: CommonQueryMethods): Router {
  const router = Router();
  const base = '/api/v2/agency';
  // The literal path first: `awards` would otherwise be taken for a toptier code.
  router.get(`${base}/awards/count/`, agenciesAwardCountRoute(db));
  const a = `${base}/:toptier_code`;
  router.get(`${a}/`, overviewRoute(db));
  router.get(`${a}/budgetary_resources/`, budgetaryResourcesRoute(db));
  router.get(`${a}/obligations_by_award_category/`, obligationsByAwardCategoryRoute(db));
  router.get(`${a}/awards/`, agencyAwardsRoute(db));
  router.get(`${a}/awards/new/count/`, newAwardCountRoute(db));
  router.get(`${a}/budget_function/`, budgetFunctionsRoute(db));
  router.get(`${a}/budget_function/count/`, budgetFunctionCountRoute(db));
  router.get(`${a}/federal_account/`, federalAccountsRoute(db));
  router.get(`${a}/federal_account/count/`, federalAccountCountRoute(db));
  router.get(`${a}/object_class/`, objectClassesRoute(db));
  router.get(`${a}/object_class/count/`, objectClassCountRoute(db));
  router.get(`${a}/program_activity/`, programActivitiesRoute(db));
  router.get(`${a}/program_activity/count/`, programActivityCountRoute(db));
  router.get(`${a}/sub_agency/`, subAgenciesRoute(db));
  router.get(`${a}/sub_agency/count/`, subAgencyCountRoute(db));
  router.get(`${a}/sub_components/`, subComponentsRoute(db));
  router.get(`${a}/sub_components/:bureau_slug/`, subComponentAccountsRoute(db));
  router.get(`${a}/def_code/`, defCodesRoute(db));
  router.get(`${a}/recipients/`, recipientsRoute(db));
  return router;
}

import { Router } from 'express';
import type { DatabasePool } from 'slonik';
import { CATEGORY_NAMES } from './categories/category-definitions';
import { SearchContext } from './common/search-context';
import { SearchPlanner, type PlannerOptions } from './planner/search-planner';
import { disasterAwardAmountRoute } from './routes/disaster-award-amount.route';
import { DISASTER_COUNTS, disasterCountRoute } from './routes/disaster-count.route';
import { disasterDefCodeCountRoute } from './routes/disaster-def-code-count.route';
import { disasterAgencySpendingRoute, disasterInsightRoutes } from './routes/disaster-insights.route';
import { disasterOverviewRoute } from './routes/disaster-overview.route';
import { disasterSpendingByGeographyRoute } from './routes/disaster-spending-by-geography.route';
import { newAwardsOverTimeRoute } from './routes/new-awards-over-time.route';
import { spendingByAwardCountRoute } from './routes/spending-by-award-count.route';
import { spendingByAwardRoute } from './routes/spending-by-award.route';
import { spendingByCategoryPathRoute, spendingByCategoryRoute } from './routes/spending-by-category.route';
import { spendingByGeographyRoute } from './routes/spending-by-geography.route';
import { spendingBySubawardGroupedRoute } from './routes/spending-by-subaward-grouped.route';
import { spendingByTransactionCountRoute } from './routes/spending-by-transaction-count.route';
import { spendingByTransactionGroupedRoute } from './routes/spending-by-transaction-grouped.route';
import { spendingByTransactionRoute } from './routes/spending-by-transaction.route';
import { spendingOverTimeRoute } from './routes/spending-over-time.route';
import { transactionSpendingSummaryRoute } from './routes/transaction-spending-summary.route';

export interface SearchDeps {
  /** Pool for reads (may point at a replica). */
  db: DatabasePool;
  /** Summary-table routing; `{ enabled: false }` reads the base tables only (tests, benchmarks). */
  planner?: PlannerOptions;
}

/**
 * The search app: every /api/v2/search/ endpoint and the /api/v2/disaster/ ones. Requests arrive validated by the gateway; queries go
 * through the filter compiler (libs/filters) and, for aggregations, the planner that picks a summary
 * table when one answers the request exactly.
 */
export function createApp(deps: SearchDeps): Router {
  const ctx = new SearchContext(deps.db, new SearchPlanner(deps.db, deps.planner));
  const router = Router();
  const base = '/api/v2/search';
  router.post(`${base}/spending_by_award/`, spendingByAwardRoute(ctx));
  router.post(`${base}/spending_by_award_count/`, spendingByAwardCountRoute(ctx));
  router.post(`${base}/spending_over_time/`, spendingOverTimeRoute(ctx));
  router.post(`${base}/new_awards_over_time/`, newAwardsOverTimeRoute(ctx));
  router.post(`${base}/spending_by_category/`, spendingByCategoryRoute(ctx));
  for (const category of CATEGORY_NAMES) router.post(`${base}/spending_by_category/${category}/`, spendingByCategoryPathRoute(ctx, category));
  router.post(`${base}/spending_by_geography/`, spendingByGeographyRoute(ctx));
  router.post(`${base}/spending_by_subaward_grouped/`, spendingBySubawardGroupedRoute(ctx));
  router.post(`${base}/spending_by_transaction/`, spendingByTransactionRoute(ctx));
  router.post(`${base}/spending_by_transaction_grouped/`, spendingByTransactionGroupedRoute(ctx));
  router.post(`${base}/spending_by_transaction_count/`, spendingByTransactionCountRoute(ctx));
  router.post(`${base}/transaction_spending_summary/`, transactionSpendingSummaryRoute(ctx));
  // Disaster/emergency funding (architecture.md places it in the search app).
  router.get('/api/v2/disaster/overview/', disasterOverviewRoute(ctx));
  router.post('/api/v2/disaster/def_code/count/', disasterDefCodeCountRoute(ctx));
  router.post('/api/v2/disaster/award/amount/', disasterAwardAmountRoute(ctx));
  router.post('/api/v2/disaster/agency/spending/', disasterAgencySpendingRoute(ctx));
  for (const kind of DISASTER_COUNTS) router.post(`/api/v2/disaster/${kind}/count/`, disasterCountRoute(ctx, kind));
  for (const [path, handler] of disasterInsightRoutes(ctx)) router.post(`/api/v2/disaster/${path}`, handler);
  router.post('/api/v2/disaster/spending_by_geography/', disasterSpendingByGeographyRoute(ctx));
  return router;
}

import { Router } from 'express';
import type { DatabasePool } from 'slonik';
import { listBudgetFunctionsRoute, listBudgetSubfunctionsRoute } from './routes/budget-functions.route';
import { defCodesRoute } from './routes/def-codes.route';
import { createFilterHashRoute, restoreFilterHashRoute } from './routes/filter-hash.route';

export interface ReferenceDeps {
  /** Pool for reads (may point at a replica). */
  db: DatabasePool;
  /** Pool for writes (filter hashes); defaults to `db`. */
  primary?: DatabasePool;
}

/**
 * The reference app: DEF codes, budget functions and filter hashes (later: autocompletes and filter
 * trees). Requests arrive validated by the gateway.
 */
export function createApp(deps: ReferenceDeps): Router {
  const primary = deps.primary ?? deps.db;
  const router = Router();
  router.get('/api/v2/references/def_codes/', defCodesRoute(deps.db));
  router.get('/api/v2/budget_functions/list_budget_functions/', listBudgetFunctionsRoute(deps.db));
  router.post('/api/v2/budget_functions/list_budget_subfunctions/', listBudgetSubfunctionsRoute(deps.db));
  router.post('/api/v2/references/filter/', createFilterHashRoute(primary));
  router.post('/api/v2/references/hash/', restoreFilterHashRoute(primary));
  return router;
}

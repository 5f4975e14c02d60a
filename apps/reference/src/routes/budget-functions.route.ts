import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { listBudgetFunctions, listBudgetSubfunctions } from '../queries/list-budget-functions.query';

/** GET /api/v2/budget_functions/list_budget_functions/ */
export const listBudgetFunctionsRoute = (db: DatabasePool) =>
  jsonHandler(async (): Promise<ResponseBody<'listBudgetFunctions'>> => ({ results: [...(await listBudgetFunctions(db))] }));

/** POST /api/v2/budget_functions/list_budget_subfunctions/ */
export const listBudgetSubfunctionsRoute = (db: DatabasePool) =>
  jsonHandler<'listBudgetSubfunctions'>(async (req) => {
    // The body is optional: a bodyless POST means the defaults.
    const body: Partial<typeof req.body> = req.body ?? {};
    return { results: [...(await listBudgetSubfunctions(db, body.budget_function))] };
  });

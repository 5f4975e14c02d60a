import type { RequestBody, ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { DatabasePool } from 'slonik';
import { listBudgetFunctions, listBudgetSubfunctions } from '../queries/list-budget-functions.query';

/** GET /api/v2/budget_functions/list_budget_functions/ */
export const listBudgetFunctionsRoute = (db: DatabasePool) =>
  jsonHandler(async (): Promise<ResponseBody<'listBudgetFunctions'>> => ({ results: [...(await listBudgetFunctions(db))] }));

/** POST /api/v2/budget_functions/list_budget_subfunctions/ */
export const listBudgetSubfunctionsRoute = (db: DatabasePool) =>
  jsonHandler(async (req): Promise<ResponseBody<'listBudgetSubfunctions'>> => {
    const body = (req.body ?? {}) as RequestBody<'listBudgetSubfunctions'>;
    return { results: [...(await listBudgetSubfunctions(db, body.budget_function))] };
  });

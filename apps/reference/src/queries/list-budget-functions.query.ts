import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const BudgetFunctionRow = z.object({ budget_function_code: z.string(), budget_function_title: z.string() });
const BudgetSubfunctionRow = z.object({ budget_subfunction_code: z.string(), budget_subfunction_title: z.string() });

/** All budget functions ordered by title. */
export async function listBudgetFunctions(db: CommonQueryMethods) {
  return db.any(sql.type(BudgetFunctionRow)`
    SELECT budget_function_code, budget_function_title
    FROM budget_function
    ORDER BY budget_function_title, budget_function_code
  `);
}

/** Budget subfunctions ordered by title, optionally only those of one budget function. */
export async function listBudgetSubfunctions(db: CommonQueryMethods, budgetFunctionCode: string | undefined) {
  const where = budgetFunctionCode === undefined ? sql.fragment`TRUE` : sql.fragment`budget_function_code = ${budgetFunctionCode}`;
  return db.any(sql.type(BudgetSubfunctionRow)`
    SELECT budget_subfunction_code, budget_subfunction_title
    FROM budget_subfunction
    WHERE ${where}
    ORDER BY budget_subfunction_title, budget_subfunction_code
  `);
}

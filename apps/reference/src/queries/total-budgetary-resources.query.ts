import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const TotalRow = z.object({ fiscal_year: z.number(), fiscal_period: z.number(), total_budgetary_resources: z.number() });

/** Government-wide total budgetary resources (GTAS SF-133) per fiscal year and period, latest first. */
export async function listTotalBudgetaryResources(db: CommonQueryMethods) {
  return db.any(sql.type(TotalRow)`
    SELECT fiscal_year, fiscal_period, coalesce(sum(total_budgetary_resources_cpe), 0) AS total_budgetary_resources
    FROM gtas_sf133_balances
    GROUP BY fiscal_year, fiscal_period
    ORDER BY fiscal_year DESC, fiscal_period DESC
  `);
}

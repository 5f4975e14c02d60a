import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const Period = z.object({ fiscal_year: z.number(), fiscal_period: z.number() });

/** The latest monthly submission period whose data has been revealed (upstream `get_last_closed_submission_date`), or null. */
export async function latestClosedPeriod(db: CommonQueryMethods): Promise<z.infer<typeof Period> | null> {
  return db.maybeOne(sql.type(Period)`
    SELECT submission_fiscal_year AS fiscal_year, submission_fiscal_month AS fiscal_period
    FROM dabs_submission_window_schedule
    WHERE NOT is_quarter AND submission_reveal_date <= now()
    ORDER BY submission_fiscal_year DESC, submission_fiscal_month DESC LIMIT 1`);
}

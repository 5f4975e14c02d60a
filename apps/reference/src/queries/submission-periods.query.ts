import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const PeriodRow = z.object({
  period_start_date: z.string(),
  period_end_date: z.string(),
  submission_start_date: z.string(),
  submission_due_date: z.string(),
  certification_due_date: z.string(),
  submission_reveal_date: z.string(),
  submission_fiscal_year: z.number(),
  submission_fiscal_quarter: z.number(),
  submission_fiscal_month: z.number(),
  is_quarter: z.boolean(),
});

const iso = (column: string) => sql.fragment`to_char(${sql.identifier([column])} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Submission windows already revealed, latest fiscal year and month first, monthly before quarterly
 * (upstream's order). Timestamps as `YYYY-MM-DDTHH:MM:SSZ` like upstream.
 */
export async function listRevealedSubmissionPeriods(db: CommonQueryMethods) {
  return db.any(sql.type(PeriodRow)`
    SELECT ${iso('period_start_date')} AS period_start_date, ${iso('period_end_date')} AS period_end_date,
           ${iso('submission_start_date')} AS submission_start_date, ${iso('submission_due_date')} AS submission_due_date,
           ${iso('certification_due_date')} AS certification_due_date, ${iso('submission_reveal_date')} AS submission_reveal_date,
           submission_fiscal_year, submission_fiscal_quarter, submission_fiscal_month, is_quarter
    FROM dabs_submission_window_schedule
    WHERE submission_reveal_date <= now()
    ORDER BY submission_fiscal_year DESC, submission_fiscal_month DESC, is_quarter
  `);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const RecipientRow = z.object({
  award_category: z.string().nullable(),
  recipient_name: z.string().nullable(),
  obligated_amount: z.string(),
  full_count: z.number(),
});

/**
 * Obligations of the transactions the toptier agency of agency `agencyId` awarded in a fiscal year, per award
 * category and recipient name, largest first; one page, each row with the number of groups (`full_count`).
 */
export async function awardSpendingByRecipient(db: CommonQueryMethods, agencyId: number, fy: number, limit: number, offset: number) {
  return db.any(sql.type(RecipientRow)`
    SELECT award_category, recipient_name, sum(federal_action_obligation)::numeric(23, 2)::text AS obligated_amount,
      (count(*) OVER ())::int AS full_count
    FROM transaction_search
    WHERE fiscal_year = ${fy}
      AND awarding_toptier_agency_id = (SELECT toptier_agency_id FROM agency WHERE id = ${agencyId})
    GROUP BY award_category, recipient_name
    ORDER BY sum(federal_action_obligation) DESC NULLS LAST, recipient_name, award_category
    LIMIT ${limit} OFFSET ${offset}
  `);
}

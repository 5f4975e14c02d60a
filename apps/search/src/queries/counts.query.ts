import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Source } from '../planner/source';

const TypeCountRow = z.object({ type: z.string().nullable(), count: z.number() });

/** Number of selected records per award type (awards or transactions, via the planner's source). */
export async function countByType(db: CommonQueryMethods, source: Source, where: FragmentSqlToken): Promise<readonly z.infer<typeof TypeCountRow>[]> {
  return db.any(sql.type(TypeCountRow)`
    SELECT type, ${source.count}::bigint AS count FROM ${source.table} WHERE ${where} GROUP BY type
  `);
}

const GroupCountRow = z.object({ prime_award_group: z.string().nullable(), count: z.number() });

/** Number of selected subawards of a prime award per prime award group (procurement / grant). */
export async function countSubawardsByGroup(db: CommonQueryMethods, where: FragmentSqlToken): Promise<readonly z.infer<typeof GroupCountRow>[]> {
  return db.any(sql.type(GroupCountRow)`
    SELECT prime_award_group, count(*)::bigint AS count
    FROM subaward_search
    WHERE ${where} AND award_id IS NOT NULL
    GROUP BY prime_award_group
  `);
}

const SummaryRow = z.object({ count: z.number(), obligation: z.number() });

/** Count and obligation total (federal_action_obligation) of the selected transactions. */
export async function transactionTotals(db: CommonQueryMethods, where: FragmentSqlToken): Promise<z.infer<typeof SummaryRow>> {
  return db.one(sql.type(SummaryRow)`
    SELECT count(*)::bigint AS count, coalesce(sum(federal_action_obligation), 0) AS obligation
    FROM transaction_search
    WHERE ${where}
  `);
}

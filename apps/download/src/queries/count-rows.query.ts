import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

const TABLE = { transactions: 'transaction_search', awards: 'award_search', subawards: 'subaward_search' } as const;

/** Rows of a level's table that match the compiled filters. */
export async function countRows(db: CommonQueryMethods, level: keyof typeof TABLE, where: FragmentSqlToken): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::bigint AS count FROM ${sql.identifier([TABLE[level]])} WHERE ${where}`);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const StoredFilter = z.object({ filter: z.record(z.unknown()) });

/** Stores a filter set under its hash; storing the same hash again changes nothing. */
export async function storeFilterHash(db: CommonQueryMethods, hash: string, filterJson: string): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO filter_hash (hash, filter) VALUES (${hash}, ${filterJson}::json)
    ON CONFLICT (hash) DO NOTHING
  `);
}

/** The stored filter set of a hash, or null. */
export async function findFilterByHash(db: CommonQueryMethods, hash: string) {
  const row = await db.maybeOne(sql.type(StoredFilter)`SELECT filter FROM filter_hash WHERE hash = ${hash}`);
  return row?.filter ?? null;
}

import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** Secondary indexes dropped for a bulk write, to be rebuilt in the same transaction. */
export interface DroppedIndexes {
  names: string[];
  /** Recreates every dropped index (same definitions); call before COMMIT. */
  restore: (onIndex?: (name: string, seconds: number) => void) => Promise<void>;
}

/**
 * Drops the non-unique indexes of `tables` inside the caller's transaction and returns how to rebuild them.
 * Unique and primary key indexes stay: the upserts look rows up through them. Because DDL is
 * transactional, a failed load rolls the drop back with everything else, so no index is ever lost; the
 * price is an ACCESS EXCLUSIVE lock on the tables until COMMIT (readers wait), which is why the importer
 * only does this for loads that are large next to the tables (see `shouldRebuild`).
 */
export async function dropSecondaryIndexes(client: pg.Client, tables: readonly string[]): Promise<DroppedIndexes> {
  const found = await client.query<{ name: string; definition: string }>(`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class c ON c.oid = x.indrelid
    WHERE c.relname = ANY($1) AND c.relnamespace = current_schema()::regnamespace
      AND NOT x.indisunique AND NOT x.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid)
    ORDER BY c.relname, i.relname`, [tables]);
  for (const row of found.rows) await client.query(`DROP INDEX ${quoteIdent(row.name)}`);
  return {
    names: found.rows.map((r) => r.name),
    restore: async (onIndex) => {
      for (const row of found.rows) {
        const started = performance.now();
        await client.query(row.definition);
        onIndex?.(row.name, (performance.now() - started) / 1000);
      }
    },
  };
}

/**
 * Whether a write of `rows` new rows into a table of about `existing` rows is cheaper with its secondary
 * indexes dropped and rebuilt. Measured with the loader benchmark (demo scale, 115k contract transactions
 * into an empty transaction_search): keeping the indexes (trigram GIN of the keyword document, defc GIN,
 * six btrees) cost about 180 us per inserted row, rebuilding them about 60 us per row of the whole table,
 * so rebuilding wins once new rows reach a third of the table after the load (REBUILD_FACTOR 3). Loads
 * under REBUILD_MIN_ROWS never rebuild: their index upkeep is cheap, and they should not hold the
 * ACCESS EXCLUSIVE lock that dropping an index takes (readers of the table wait until COMMIT).
 */
export function shouldRebuild(rows: number, existing: number): boolean {
  return rows >= REBUILD_MIN_ROWS && rows * REBUILD_FACTOR >= existing + rows;
}

export const REBUILD_MIN_ROWS = 20_000;
export const REBUILD_FACTOR = 3;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

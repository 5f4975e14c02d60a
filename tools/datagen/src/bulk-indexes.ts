import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The big tables whose indexes are dropped for a bulk load and rebuilt after it. */
export const BULK_TABLES = ['award_search', 'transaction_search', 'transaction_detail', 'subaward_search', 'financial_accounts_by_awards'];

interface DroppedIndex {
  table_name: string;
  index_name: string;
  is_constraint: boolean;
  definition: string;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops every index and primary/unique constraint of `tables` (whoever's migration created it), after
 * writing its definition to bulk_load_dropped_index in the same transaction. Loading into bare tables and
 * building each index once afterwards is several times faster than maintaining indexes row by row, except
 * for an index whose keys arrive in ascending order: each row then goes to the end of the rightmost leaf page
 * (the B-tree's fast path, no descent), while a build afterwards reads the whole table again. `keep` names
 * those (and any other index to leave in place). Constraints that a foreign key depends on are kept.
 */
export async function dropBulkIndexes(
  client: pg.Client,
  tables: readonly string[] = BULK_TABLES,
  keep: (index: { table: string; name: string }) => boolean = () => false,
): Promise<number> {
  await client.query('BEGIN');
  try {
    const found = await client.query<DroppedIndex>(`
      SELECT c.relname AS table_name, i.relname AS index_name, con.oid IS NOT NULL AS is_constraint,
        CASE WHEN con.oid IS NOT NULL THEN pg_get_constraintdef(con.oid) ELSE pg_get_indexdef(i.oid) END AS definition
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class c ON c.oid = x.indrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.oid AND con.contype IN ('p', 'u', 'x') AND con.conrelid = c.oid
      WHERE c.relname = ANY($1) AND c.relnamespace = current_schema()::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint fk WHERE fk.contype = 'f' AND fk.conindid = i.oid)
      ORDER BY c.relname, i.relname`, [tables]);
    const dropped = found.rows.filter((row) => !keep({ table: row.table_name, name: row.index_name }));
    for (const row of dropped) {
      await client.query(
        `INSERT INTO bulk_load_dropped_index (table_name, index_name, is_constraint, definition) VALUES ($1, $2, $3, $4)
         ON CONFLICT (table_name, index_name) DO UPDATE SET is_constraint = EXCLUDED.is_constraint, definition = EXCLUDED.definition`,
        [row.table_name, row.index_name, row.is_constraint, row.definition],
      );
      if (row.is_constraint) await client.query(`ALTER TABLE ${quote(row.table_name)} DROP CONSTRAINT ${quote(row.index_name)}`);
      else await client.query(`DROP INDEX ${quote(row.index_name)}`);
    }
    await client.query('COMMIT');
    return dropped.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** How restoreBulkIndexes builds. */
export interface RestoreOptions {
  /** Connections building indexes side by side (default 2). */
  parallel?: number;
  /** Parallel workers inside each build (default 0: one index per connection and core). */
  workersPerBuild?: number;
  /** maintenance_work_mem of each build (default 1GB). */
  memory?: string;
  /** Build a constraint's unique index but attach it later (see restoreBulkIndexes). */
  deferConstraints?: boolean;
  /** Only the recorded indexes this accepts (default all); `constraint`: a primary key or unique constraint. */
  only?: (index: { table: string; name: string; constraint: boolean }) => boolean;
  onIndex?: (name: string, done: number, total: number, seconds: number, table: string) => void;
}

/**
 * A primary key or unique constraint on plain columns as the unique index that can be built alone and
 * attached afterwards; null for any other definition (expressions, INCLUDE, WITH, deferrable), which is
 * always built as a constraint.
 */
function constraintIndex(item: DroppedIndex): { kind: string; create: string } | null {
  const match = /^(PRIMARY KEY|UNIQUE) \(([^()]+)\)$/.exec(item.definition);
  if (!match) return null;
  return { kind: match[1] as string, create: `CREATE UNIQUE INDEX ${quote(item.index_name)} ON ${quote(item.table_name)} (${match[2]})` };
}

/**
 * Rebuilds the indexes recorded in bulk_load_dropped_index (from this load or an interrupted earlier one),
 * or those of them `only` accepts, on `parallel` connections, largest tables first; each row is deleted in
 * the transaction that rebuilds it. With `deferConstraints`, a primary key or unique constraint is built as
 * its unique index alone and stays recorded: a later restore without the option attaches the index
 * (ADD CONSTRAINT ... USING INDEX, no second build). ADD CONSTRAINT locks the table exclusively for the whole
 * build, CREATE INDEX only against writes, so the deferred build can run beside long reads of the table.
 */
export async function restoreBulkIndexes(url: string, options: RestoreOptions = {}): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let pending: DroppedIndex[];
  try {
    pending = (await admin.query<DroppedIndex>(`
      SELECT d.table_name, d.index_name, d.is_constraint, d.definition
      FROM bulk_load_dropped_index d
      LEFT JOIN pg_class c ON c.relname = d.table_name AND c.relnamespace = current_schema()::regnamespace
      ORDER BY coalesce(c.relpages, 0) DESC, d.is_constraint DESC, d.index_name`)).rows;
    if (options.only) pending = pending.filter((d) => options.only!({ table: d.table_name, name: d.index_name, constraint: d.is_constraint }));
  } finally {
    await admin.end();
  }
  const total = pending.length;
  let done = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`SET maintenance_work_mem = '${/^\d+(MB|GB)$/.test(options.memory ?? '') ? options.memory : '1GB'}'`);
      // By default one index per core: several builds side by side beat parallel workers inside one build.
      await client.query(`SET max_parallel_maintenance_workers = ${Math.max(0, Math.floor(options.workersPerBuild ?? 0))}`);
      for (;;) {
        const item = pending[next];
        next += 1;
        if (!item) return;
        const began = performance.now();
        await client.query('BEGIN');
        const state = await client.query<{ index: boolean; constraint: boolean }>(`
          SELECT EXISTS (SELECT 1 FROM pg_class WHERE relname = $2 AND relnamespace = current_schema()::regnamespace) AS index,
            EXISTS (SELECT 1 FROM pg_constraint WHERE conname = $2 AND conrelid = to_regclass(quote_ident($1))) AS constraint`,
          [item.table_name, item.index_name]);
        const { index: indexExists, constraint: constraintExists } = state.rows[0] ?? { index: false, constraint: false };
        const alone = item.is_constraint ? constraintIndex(item) : null;
        let finished = true;
        if (!item.is_constraint) {
          if (!indexExists) await client.query(item.definition);
        } else if (indexExists) {
          // built alone by a deferred restore (or by hand): attach it
          if (!constraintExists) {
            if (!alone) throw new Error(`${item.index_name}: an index of that name exists, but ${item.definition} cannot take it over`);
            await client.query(`ALTER TABLE ${quote(item.table_name)} ADD CONSTRAINT ${quote(item.index_name)} ${alone.kind} USING INDEX ${quote(item.index_name)}`);
          }
        } else if (options.deferConstraints && alone) {
          await client.query(alone.create);
          finished = false;
        } else {
          await client.query(`ALTER TABLE ${quote(item.table_name)} ADD CONSTRAINT ${quote(item.index_name)} ${item.definition}`);
        }
        if (finished) await client.query('DELETE FROM bulk_load_dropped_index WHERE table_name = $1 AND index_name = $2', [item.table_name, item.index_name]);
        await client.query('COMMIT');
        done += 1;
        options.onIndex?.(item.index_name, done, total, Math.round(performance.now() - began) / 1000, item.table_name);
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 2) }, worker));
  return total;
}

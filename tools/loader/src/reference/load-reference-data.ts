import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { REFERENCE_GROUPS } from './groups';
import type { ReferenceGroup, TableRows } from './reference-group';

export interface GroupLoadResult {
  group: string;
  source: string;
  status: 'loaded' | 'unchanged';
  rows: Record<string, number>;
}

export interface LoadReferenceOptions {
  /** Directory of reference files; undefined = the project's generated reference data. */
  dir: string | undefined;
  groups?: ReferenceGroup[];
  onProgress?: (done: number, total: number, group: string) => void;
}

/** Bumped when a group's parsing rules change, so unchanged files are reloaded once. */
const LOADER_VERSION = '1';
const BATCH = 2_000;

function checksumOf(group: ReferenceGroup, dir: string | undefined): string {
  const hash = createHash('sha256').update(`${LOADER_VERSION}:${group.name}:`);
  if (dir === undefined) return hash.update('generated').digest('hex');
  for (const f of group.files) hash.update(f).update(readFileSync(path.join(dir, f)));
  return hash.digest('hex');
}

async function insertRows(tx: DatabaseTransactionConnection, t: TableRows): Promise<void> {
  const columns = sql.join(t.columns.map((c) => sql.identifier([c])), sql.fragment`, `);
  for (let i = 0; i < t.rows.length; i += BATCH) {
    const chunk = t.rows.slice(i, i + BATCH);
    // Every value travels as an untyped text parameter that PostgreSQL casts to the column type.
    const values = sql.join(
      chunk.map((r) => sql.fragment`(${sql.join(r.map((v) => sql.fragment`${v === null ? null : String(v)}`), sql.fragment`, `)})`),
      sql.fragment`, `,
    );
    await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([t.table])} (${columns}) VALUES ${values}`);
  }
}

/**
 * Loads each reference group in its own transaction: the group's tables are emptied and refilled,
 * so a malformed file leaves the previous contents untouched. A group whose source checksum equals
 * the last load is skipped, which makes a second run a no-op.
 */
export async function loadReferenceData(db: DatabasePool, options: LoadReferenceOptions): Promise<GroupLoadResult[]> {
  const groups = options.groups ?? REFERENCE_GROUPS;
  const source = options.dir === undefined ? 'generated' : `files:${options.dir}`;
  const results: GroupLoadResult[] = [];
  let done = 0;
  for (const group of groups) {
    options.onProgress?.(done, groups.length, group.name);
    const checksum = checksumOf(group, options.dir);
    const previous = await db.maybeOneFirst(
      sql.type(z.object({ checksum: z.string() }))`SELECT checksum FROM reference_data_load WHERE group_name = ${group.name}`,
    );
    if (previous === checksum) {
      results.push({ group: group.name, source, status: 'unchanged', rows: {} });
    } else {
      const tables = options.dir === undefined ? group.generate() : group.read(options.dir);
      await db.transaction(async (tx) => {
        for (const t of [...tables].reverse()) await tx.query(sql.unsafe`DELETE FROM ${sql.identifier([t.table])}`);
        for (const t of tables) await insertRows(tx, t);
        const total = tables.reduce((n, t) => n + t.rows.length, 0);
        await tx.query(sql.unsafe`
          INSERT INTO reference_data_load (group_name, source, checksum, row_count)
          VALUES (${group.name}, ${source}, ${checksum}, ${total})
          ON CONFLICT (group_name) DO UPDATE SET source = EXCLUDED.source, checksum = EXCLUDED.checksum,
            row_count = EXCLUDED.row_count, loaded_at = now()
        `);
      });
      results.push({ group: group.name, source, status: 'loaded', rows: Object.fromEntries(tables.map((t) => [t.table, t.rows.length])) });
    }
    done += 1;
    options.onProgress?.(done, groups.length, group.name);
  }
  return results;
}

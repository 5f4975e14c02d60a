import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { DataFileError } from '../csv';
import { REFERENCE_GROUPS } from './groups';
import type { ReferenceGroup, TableRows } from './reference-group';
import { createTableWriter } from './table-writer';

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
const LOADER_VERSION = '2';

function checksumOf(group: ReferenceGroup, dir: string | undefined): string {
  const hash = createHash('sha256').update(`${LOADER_VERSION}:${group.name}:${group.checksumSalt?.() ?? ''}:`);
  if (dir === undefined) return hash.update('generated').digest('hex');
  for (const f of group.files) {
    const file = path.join(dir, f);
    try {
      hash.update(f).update(readFileSync(file));
    } catch (error) {
      throw new DataFileError(file, undefined, `cannot read file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return hash.digest('hex');
}

async function writeGroup(tx: DatabaseTransactionConnection, group: ReferenceGroup, tables: TableRows[]): Promise<Record<string, number>> {
  if (group.load) return group.load(tx, tables);
  const writer = createTableWriter(tx);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t.table] = await writer.write(t);
  await writer.finish();
  return counts;
}

/** Loads one group in its own transaction unless its checksum matches the last load. */
async function loadGroup(
  db: DatabasePool,
  group: ReferenceGroup,
  dir: string | undefined,
  source: string,
): Promise<{ result: GroupLoadResult; tables?: TableRows[] }> {
  const checksum = checksumOf(group, dir);
  const previous = await db.maybeOneFirst(
    sql.type(z.object({ checksum: z.string() }))`SELECT checksum FROM reference_data_load WHERE group_name = ${group.name}`,
  );
  if (previous === checksum) return { result: { group: group.name, source, status: 'unchanged', rows: {} } };
  // Files are parsed and validated before the transaction starts: a malformed file changes nothing.
  const tables = dir === undefined ? group.generate() : group.read(dir);
  const rows = await db.transaction(async (tx) => {
    const counts = await writeGroup(tx, group, tables);
    const total = Object.values(counts).reduce((n, c) => n + c, 0);
    await tx.query(sql.unsafe`
      INSERT INTO reference_data_load (group_name, source, checksum, row_count)
      VALUES (${group.name}, ${source}, ${checksum}, ${total})
      ON CONFLICT (group_name) DO UPDATE SET source = EXCLUDED.source, checksum = EXCLUDED.checksum,
        row_count = EXCLUDED.row_count, loaded_at = now()
    `);
    return counts;
  });
  return { result: { group: group.name, source, status: 'loaded', rows }, tables };
}

/**
 * Loads each reference group in its own transaction, so a malformed file leaves that group's previous
 * contents untouched. Tables with a natural key are merged (ids stay stable across reloads); the
 * rest are refilled. A group whose source checksum equals the last load is skipped, which makes a
 * second run a no-op.
 */
export async function loadReferenceData(db: DatabasePool, options: LoadReferenceOptions): Promise<GroupLoadResult[]> {
  // Two loaders at once (two starts on one database) would race on the checksums; a session
  // advisory lock held on one pooled connection serialises them.
  return db.connect(async (lock) => {
    await lock.query(sql.unsafe`SELECT pg_advisory_lock(${LOAD_LOCK_KEY})`);
    try {
      return await loadAllGroups(db, options);
    } finally {
      await lock.query(sql.unsafe`SELECT pg_advisory_unlock(${LOAD_LOCK_KEY})`);
    }
  });
}

const LOAD_LOCK_KEY = 7_411_003;

/**
 * Reference groups the account summaries read (refresh_account_summaries): the submission windows decide which
 * submissions are revealed, the Treasury accounts (and the agencies they resolve) the federal account and funding
 * agency of each File A and File B row. The agency profile summaries need nothing here: triggers on the account
 * tables and on treasury_appropriation_account mark them stale, and the agency endpoints rebuild them.
 */
const ACCOUNT_SUMMARY_GROUPS = new Set(['agencies', 'treasury_accounts', 'submission_windows']);

async function loadAllGroups(db: DatabasePool, options: LoadReferenceOptions): Promise<GroupLoadResult[]> {
  const groups = options.groups ?? REFERENCE_GROUPS;
  const source = options.dir === undefined ? 'generated' : `files:${options.dir}`;
  const results: GroupLoadResult[] = [];
  const loaded: TableRows[][] = [];
  let accountSummariesStale = false;
  try {
    for (const [i, group] of groups.entries()) {
      options.onProgress?.(i, groups.length, group.name);
      const { result, tables } = await loadGroup(db, group, options.dir, source);
      results.push(result);
      if (tables) loaded.push(tables);
      if (tables && ACCOUNT_SUMMARY_GROUPS.has(group.name)) accountSummariesStale = true;
      options.onProgress?.(i + 1, groups.length, group.name);
    }
  } finally {
    // A row that a later group's old rows still pointed at survives its own group's load; once every
    // group is loaded, such rows that nothing references any more are removed.
    if (loaded.length > 0) {
      await db.transaction(async (tx) => {
        const writer = createTableWriter(tx);
        for (const tables of [...loaded].reverse()) for (const t of [...tables].reverse()) await writer.sweep(t);
      });
    }
    // (also when a later group failed: what the earlier groups committed is what the summaries must follow)
    if (accountSummariesStale) await db.query(sql.unsafe`SELECT refresh_account_summaries()`);
  }
  return results;
}

import { sql, type DatabaseTransactionConnection, type IdentifierSqlToken, type ListSqlToken, type SqlToken } from 'slonik';
import { z } from 'zod';
import type { Cell, TableRows } from './reference-group';

export interface UpsertSpec {
  table: string;
  /** Target columns; the source table has columns of the same names (any type that casts to the target's). */
  columns: string[];
  /** Natural key columns: never updated, used to match source and target rows unless `match` is given. */
  key: string[];
  /** Temporary table holding the new contents. */
  source: IdentifierSqlToken;
  /** A condition over aliases `t` (target) and `s` (source) that pairs rows, when the key alone cannot. */
  match?: SqlToken;
}

export interface TableWriter {
  /** Upserts (with a key) or replaces (without) one table's rows. Returns the number of source rows. */
  write: (t: TableRows) => Promise<number>;
  /** Copies rows into a new temporary table of text columns (dropped at commit) and returns its name. */
  stage: (name: string, columns: string[], rows: Cell[][]) => Promise<IdentifierSqlToken>;
  /** Materialises a query (typically over staged tables) as a temporary table and returns its name. */
  derive: (name: string, query: SqlToken) => Promise<IdentifierSqlToken>;
  /** Updates changed rows and inserts new ones from a source table; stale rows are removed by finish(). */
  upsert: (spec: UpsertSpec) => Promise<void>;
  /** Deletes rows missing from their sources, children before parents, sparing rows still referenced. */
  finish: () => Promise<void>;
  /**
   * Retries the stale-row deletion of an already loaded keyed table. Rows spared because a table of a
   * later group still pointed at them (e.g. a toptier agency of replaced accounts) can go afterwards.
   */
  sweep: (t: TableRows) => Promise<void>;
}

const columnRow = z.object({ name: z.string(), type: z.string(), not_null: z.boolean() });
const foreignKeyRow = z.object({ schema: z.string(), table: z.string(), columns: z.array(z.string()), referenced: z.array(z.string()) });

const ident = (name: string): IdentifierSqlToken => sql.identifier([name]);
const list = (parts: SqlToken[], glue = sql.fragment`, `): ListSqlToken => sql.join(parts, glue);

/** A duplicate natural key would make the merge ambiguous; groups de-duplicate, this is the safety net. */
function assertUniqueKey(t: TableRows, key: string[]): void {
  const at = key.map((k) => t.columns.indexOf(k));
  if (at.includes(-1)) throw new Error(`${t.table}: key ${key.join(', ')} is not among the columns`);
  const seen = new Set<string>();
  for (const r of t.rows) {
    const k = at.map((i) => String(r[i] ?? '')).join('\u0000');
    if (seen.has(k)) throw new Error(`${t.table}: duplicate key (${at.map((i) => String(r[i])).join(', ')})`);
    seen.add(k);
  }
}

/**
 * Writes reference tables inside one transaction. New contents go through a staging table (one
 * parameter per column, `unnest` of text arrays, so a 40k-row file is a single round trip) and are
 * merged on the natural key, which keeps the surrogate ids that award and account data point at.
 */
export function createTableWriter(tx: DatabaseTransactionConnection): TableWriter {
  const types = new Map<string, Map<string, { type: string; notNull: boolean }>>();
  const pending: UpsertSpec[] = [];
  let stageCount = 0;

  async function columnTypes(table: string): Promise<Map<string, { type: string; notNull: boolean }>> {
    const cached = types.get(table);
    if (cached) return cached;
    const rows = await tx.any(sql.type(columnRow)`
      SELECT a.attname AS name, t.typname AS type, a.attnotnull AS not_null
      FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = to_regclass(${table}) AND a.attnum > 0 AND NOT a.attisdropped`);
    if (rows.length === 0) throw new Error(`reference table ${table} does not exist (migrations not applied?)`);
    const map = new Map(rows.map((r) => [r.name, { type: r.type, notNull: r.not_null }]));
    types.set(table, map);
    return map;
  }

  async function typed(table: string, columns: string[]): Promise<Array<{ name: string; cast: SqlToken; notNull: boolean }>> {
    const map = await columnTypes(table);
    return columns.map((name) => {
      const c = map.get(name);
      if (!c) throw new Error(`reference table ${table} has no column ${name}`);
      return { name, notNull: c.notNull, cast: sql.fragment`CAST(s.${ident(name)} AS ${ident(c.type)})` };
    });
  }

  function tempName(name: string): IdentifierSqlToken {
    stageCount += 1;
    return ident(`stage_${stageCount}_${name}`);
  }

  async function derive(name: string, query: SqlToken): Promise<IdentifierSqlToken> {
    const table = tempName(name);
    await tx.query(sql.unsafe`CREATE TEMPORARY TABLE ${table} ON COMMIT DROP AS ${query}`);
    await tx.query(sql.unsafe`ANALYZE ${table}`);
    return table;
  }

  async function stage(name: string, columns: string[], rows: Cell[][]): Promise<IdentifierSqlToken> {
    const table = tempName(name);
    const arrays = columns.map((_, i) =>
      sql.array(
        rows.map((r) => {
          const v = r[i];
          return v === null || v === undefined ? null : String(v);
        }),
        'text',
      ),
    );
    await tx.query(sql.unsafe`
      CREATE TEMPORARY TABLE ${table} ON COMMIT DROP AS
      SELECT * FROM unnest(${list(arrays)}) AS u(${list(columns.map(ident))})`);
    // Fresh statistics let the planner hash-join the merge instead of looping over the target.
    await tx.query(sql.unsafe`ANALYZE ${table}`);
    return table;
  }

  async function keyMatch(spec: UpsertSpec): Promise<SqlToken> {
    if (spec.match) return spec.match;
    const cols = await typed(spec.table, spec.key);
    return list(
      cols.map((c) =>
        c.notNull
          ? sql.fragment`t.${ident(c.name)} = ${c.cast}`
          : // A nullable key column (e.g. the allocation transfer agency): null matches null.
            sql.fragment`coalesce(t.${ident(c.name)}::text, '') = coalesce(s.${ident(c.name)}::text, '')`,
      ),
      sql.fragment` AND `,
    );
  }

  async function upsert(spec: UpsertSpec): Promise<void> {
    const cols = await typed(spec.table, spec.columns);
    const match = await keyMatch(spec);
    const target = ident(spec.table);
    const changing = cols.filter((c) => !spec.key.includes(c.name));
    if (changing.length > 0) {
      await tx.query(sql.unsafe`
        UPDATE ${target} AS t SET ${list(changing.map((c) => sql.fragment`${ident(c.name)} = ${c.cast}`))}
        FROM ${spec.source} AS s
        WHERE ${match}
          AND (${list(changing.map((c) => sql.fragment`t.${ident(c.name)}`))}) IS DISTINCT FROM (${list(changing.map((c) => c.cast))})`);
    }
    await tx.query(sql.unsafe`
      INSERT INTO ${target} (${list(cols.map((c) => ident(c.name)))})
      SELECT ${list(cols.map((c) => c.cast))} FROM ${spec.source} AS s
      WHERE NOT EXISTS (SELECT 1 FROM ${target} AS t WHERE ${match})`);
    pending.push(spec);
  }

  async function foreignKeysTo(table: string): Promise<ReadonlyArray<z.infer<typeof foreignKeyRow>>> {
    // Foreign keys of any table (this group's, later groups', award data) that point at this table.
    return tx.any(sql.type(foreignKeyRow)`
      SELECT n.nspname AS schema, r.relname AS table,
        array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
        array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
              JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS referenced
      FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE c.contype = 'f' AND c.confrelid = to_regclass(${table})`);
  }

  async function deleteStale(spec: UpsertSpec): Promise<void> {
    const match = await keyMatch(spec);
    const fks = await foreignKeysTo(spec.table);
    const referenced = fks.map((fk) => {
      const pairs = fk.columns.map((col, i) => sql.fragment`r.${ident(col)} = t.${ident(fk.referenced[i] ?? col)}`);
      return sql.fragment`AND NOT EXISTS (SELECT 1 FROM ${sql.identifier([fk.schema, fk.table])} AS r WHERE ${list(pairs, sql.fragment` AND `)})`;
    });
    await tx.query(sql.unsafe`
      DELETE FROM ${ident(spec.table)} AS t
      WHERE NOT EXISTS (SELECT 1 FROM ${spec.source} AS s WHERE ${match})
      ${referenced.length === 0 ? sql.fragment`` : list(referenced, sql.fragment` `)}`);
  }

  async function write(t: TableRows): Promise<number> {
    if (t.key) assertUniqueKey(t, t.key);
    const source = await stage(t.table, t.columns, t.rows);
    if (t.key) {
      await upsert({ table: t.table, columns: t.columns, key: t.key, source });
    } else {
      const cols = await typed(t.table, t.columns);
      await tx.query(sql.unsafe`DELETE FROM ${ident(t.table)}`);
      await tx.query(sql.unsafe`
        INSERT INTO ${ident(t.table)} (${list(cols.map((c) => ident(c.name)))})
        SELECT ${list(cols.map((c) => c.cast))} FROM ${source} AS s`);
    }
    return t.rows.length;
  }

  async function finish(): Promise<void> {
    for (const spec of [...pending].reverse()) await deleteStale(spec);
    const tables = [...new Set(pending.map((p) => p.table))];
    pending.length = 0;
    for (const table of tables) await tx.query(sql.unsafe`ANALYZE ${ident(table)}`);
  }

  async function sweep(t: TableRows): Promise<void> {
    if (!t.key || (await foreignKeysTo(t.table)).length === 0) return;
    const at = t.key.map((k) => t.columns.indexOf(k));
    const source = await stage(`${t.table}_keys`, t.key, t.rows.map((r) => at.map((i) => r[i] ?? null)));
    await deleteStale({ table: t.table, columns: t.key, key: t.key, source });
  }

  return { write, stage, derive, upsert, finish, sweep };
}

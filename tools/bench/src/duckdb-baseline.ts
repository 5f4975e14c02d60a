/**
 * The DuckDB baseline of the search benchmark: the rows of transaction_search and award_search that the
 * benchmark's questions read, exported once from PostgreSQL (COPY ... TO STDOUT as CSV, converted by DuckDB
 * into one Parquet file per table) and then queried by DuckDB as full scans of those files. The files are
 * kept next to a small manifest naming the base data version and the columns they hold, so a later run on
 * the same data reuses them instead of exporting again.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** A table the baseline exports: its name in PostgreSQL and DuckDB and the columns kept. */
export interface ExportedTable {
  table: string;
  /** Name of the DuckDB view over the Parquet file. */
  view: string;
  columns: readonly string[];
}

export interface ExportReport {
  table: string;
  rows: number;
  parquetBytes: number;
  /** pg_total_relation_size of the whole table (every column, indexes and TOAST included). */
  postgresBytes: number;
  /** pg_relation_size of the table's heap alone. */
  postgresHeapBytes: number;
  seconds: number;
  reused: boolean;
}

interface Manifest {
  baseVersion: string;
  columns: Record<string, readonly string[]>;
}

/** DuckDB column type of a PostgreSQL type (money as exact decimals, ids as text, arrays unused). */
function duckType(udtName: string): string {
  switch (udtName) {
    case 'int2':
    case 'int4':
    case 'int8':
      return 'BIGINT';
    case 'numeric':
      return 'DECIMAL(38,2)';
    case 'float4':
    case 'float8':
      return 'DOUBLE';
    case 'date':
      return 'DATE';
    case 'bool':
      return 'BOOLEAN';
    default:
      return 'VARCHAR';
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A DuckDB database over Parquet exports of search tables. */
export class DuckDbBaseline {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  /**
   * Exports the tables (unless `dir` already holds them for the same base data version and columns) and
   * opens an in-memory DuckDB with one view per table over its Parquet file.
   */
  static async open(
    databaseUrl: string,
    dir: string,
    tables: readonly ExportedTable[],
    log: (line: string) => void,
  ): Promise<{ baseline: DuckDbBaseline; reports: ExportReport[] }> {
    mkdirSync(dir, { recursive: true });
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const reports: ExportReport[] = [];
    try {
      const version = await client.query<{ v: string }>('SELECT last_value::text AS v FROM search_base_version');
      const baseVersion = version.rows[0]?.v ?? 'unknown';
      const manifestFile = path.join(dir, 'manifest.json');
      const previous: Manifest | undefined = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
      const manifest: Manifest = { baseVersion, columns: {} };
      for (const t of tables) {
        const parquet = path.join(dir, `${t.table}.parquet`);
        const started = performance.now();
        const same =
          previous?.baseVersion === baseVersion && JSON.stringify(previous.columns[t.table]) === JSON.stringify(t.columns) && existsSync(parquet);
        if (!same) await exportTable(client, connection, t, parquet, dir, log);
        manifest.columns[t.table] = t.columns;
        writeFileSync(manifestFile, JSON.stringify({ ...previous, ...manifest, columns: { ...previous?.columns, ...manifest.columns } }, null, 2));
        await connection.run(`CREATE OR REPLACE VIEW ${quoteIdent(t.view)} AS SELECT * FROM read_parquet(${quoteText(parquet)})`);
        const count = await connection.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${quoteIdent(t.view)}`);
        const sizes = await client.query<{ total: string; heap: string }>(
          'SELECT pg_total_relation_size($1::regclass)::text AS total, pg_relation_size($1::regclass)::text AS heap',
          [t.table],
        );
        reports.push({
          table: t.table,
          rows: Number(count.getRowObjectsJson()[0]?.n ?? 0),
          parquetBytes: statSync(parquet).size,
          postgresBytes: Number(sizes.rows[0]?.total ?? 0),
          postgresHeapBytes: Number(sizes.rows[0]?.heap ?? 0),
          seconds: (performance.now() - started) / 1000,
          reused: same,
        });
      }
    } finally {
      await client.end();
    }
    return { baseline: new DuckDbBaseline(instance, connection), reports };
  }

  /** Runs a query and returns its rows with JSON-friendly values (decimals and big integers as strings). */
  async rows(query: string): Promise<Array<Record<string, unknown>>> {
    const reader = await this.connection.runAndReadAll(query);
    return reader.getRowObjectsJson() as Array<Record<string, unknown>>;
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

/** COPY of the table's columns into a CSV file, then DuckDB reads it with the PostgreSQL types and writes Parquet. */
async function exportTable(client: pg.Client, duck: DuckDBConnection, t: ExportedTable, parquet: string, dir: string, log: (line: string) => void): Promise<void> {
  const types = await client.query<{ column_name: string; udt_name: string }>(
    'SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [t.table],
  );
  const typeOf = new Map(types.rows.map((r) => [r.column_name, r.udt_name]));
  for (const c of t.columns) if (!typeOf.has(c)) throw new Error(`${t.table} has no column ${c}`);
  const csv = path.join(dir, `${t.table}.csv`);
  const started = performance.now();
  log(`duckdb baseline: exporting ${t.table} (${t.columns.length} columns) ...`);
  const select = t.columns.map((c) => (typeOf.get(c) === 'uuid' ? `${quoteIdent(c)}::text` : quoteIdent(c))).join(', ');
  await pipeline(client.query(copyTo(`COPY (SELECT ${select} FROM ${quoteIdent(t.table)}) TO STDOUT WITH (FORMAT csv)`)), createWriteStream(csv));
  log(`duckdb baseline: ${t.table} CSV ${(statSync(csv).size / 1e6).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; writing Parquet ...`);
  const columns = t.columns.map((c) => `${quoteText(c)}: ${quoteText(duckType(typeOf.get(c)!))}`).join(', ');
  // PostgreSQL's CSV writes NULL as an unquoted empty field and '' as a quoted one.
  await duck.run(
    `COPY (SELECT * FROM read_csv(${quoteText(csv)}, header = false, columns = {${columns}}, quote = '"', escape = '"', allow_quoted_nulls = false))
     TO ${quoteText(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
  );
  rmSync(csv, { force: true });
  log(`duckdb baseline: ${t.table} Parquet ${(statSync(parquet).size / 1e6).toFixed(0)} MB (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

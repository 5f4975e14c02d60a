import type { DatabaseTransactionConnection } from 'slonik';

export type Cell = string | number | boolean | null;

/** Rows for one table, in column order. */
export interface TableRows {
  table: string;
  columns: string[];
  rows: Cell[][];
  /**
   * Natural key (a subset of `columns`). With a key the table is upserted: existing rows keep their
   * surrogate ids, changed rows are updated, new rows inserted, and rows no longer in the source are
   * deleted unless a foreign key still points at them. Without a key the table is emptied and refilled.
   */
  key?: string[];
}

/**
 * A group of reference tables loaded together, in one transaction, from a set of files (or from the
 * project's generated data when no reference directory is available).
 */
export interface ReferenceGroup {
  name: string;
  /** Files (relative to the reference directory) the group reads; their bytes make up the checksum. */
  files: string[];
  /** Parses the files; throws DataFileError naming file, line and reason. Tables in insert order. */
  read: (dir: string) => TableRows[];
  /** The project's own plausible, deterministic data for a bare machine. */
  generate: () => TableRows[];
  /** Extra checksum input for data that also depends on something besides the files (e.g. today's fiscal year). */
  checksumSalt?: () => string;
  /**
   * Writes the parsed tables inside the group's transaction when the default per-table write is not
   * enough (ids resolved from other tables, derived tables). Returns rows written per table.
   */
  load?: (tx: DatabaseTransactionConnection, tables: TableRows[]) => Promise<Record<string, number>>;
}

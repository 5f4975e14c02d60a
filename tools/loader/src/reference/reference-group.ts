/** Rows for one table, in column order. */
export interface TableRows {
  table: string;
  columns: string[];
  rows: Array<Array<string | number | boolean | null>>;
}

/**
 * A group of reference tables loaded together, in one transaction, from a set of files (or from the
 * project's generated data when no reference directory is available).
 */
export interface ReferenceGroup {
  name: string;
  /** Files (relative to the reference directory) the group reads. */
  files: string[];
  /** Parses the files; throws DataFileError naming file, line and reason. Tables in insert order. */
  read: (dir: string) => TableRows[];
  /** The project's own plausible data for a bare machine. */
  generate: () => TableRows[];
}

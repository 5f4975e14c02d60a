import { sql, type FragmentSqlToken, type IdentifierSqlToken } from 'slonik';
import type { SpendingLevel } from '../common/spending-level';

/**
 * The relation a search query reads: a base table or a summary that keeps the base column names. Queries
 * aggregate through `sum()` and `count`, which mean the same on both (summaries store per-group sums and
 * a `row_count`), so one SQL text serves either.
 */
export interface Source {
  /** Table name, for logs and tests. */
  name: string;
  table: IdentifierSqlToken;
  isSummary: boolean;
  /** Sum of a measure column over the selected rows. */
  sum: (column: string) => FragmentSqlToken;
  /** Number of base rows selected. */
  count: FragmentSqlToken;
}

const BASE_TABLES: Record<SpendingLevel, string> = {
  transactions: 'transaction_search',
  awards: 'award_search',
  subawards: 'subaward_search',
};

/** The base table of a level. */
export function baseSource(level: SpendingLevel): Source {
  const name = BASE_TABLES[level];
  return {
    name,
    table: sql.identifier([name]),
    isSummary: false,
    sum: (column) => sql.fragment`sum(${sql.identifier([column])})`,
    count: sql.fragment`count(*)`,
  };
}

/** A summary table of the baseline. */
export function summarySource(name: string): Source {
  return {
    name,
    table: sql.identifier([name]),
    isSummary: true,
    sum: (column) => sql.fragment`sum(${sql.identifier([column])})`,
    count: sql.fragment`sum(row_count)`,
  };
}

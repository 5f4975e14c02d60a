import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { tableAnswers, type PlanRequest } from './eligibility';
import { RANKING_TABLES, rankingSlice, type RankingSlice, type RankingTable } from './ranking';
import { baseSource, summarySource, type Source } from './source';
import { SUMMARY_TABLES, type SummaryTable } from './summary-tables';

const SummaryStateRow = z.object({ fresh: z.boolean(), relname: z.string().nullable(), reltuples: z.number().nullable(), n_distinct: z.number().nullable() });
const FreshRow = z.object({ fresh: z.boolean() });

/**
 * "The summaries were built from the current base data", over search_summary_state AS s and
 * search_base_version AS v: the one freshness rule every summary and ranking read goes through.
 */
const FRESH = sql.fragment`s.base_version IS NOT DISTINCT FROM v.last_value AND s.base_version IS NOT NULL`;

export interface PlannerOptions {
  /** Use summary tables when they answer a request (default true); false always reads the base tables. */
  enabled?: boolean;
  /** Called with every choice (tests and diagnostics). */
  observe?: (choice: { source: Source; request: PlanRequest }) => void;
}

/**
 * Picks the relation a search query reads. A summary table is used only when it answers the request
 * exactly (see tableAnswers) and is fresh: its recorded build version equals the current value of
 * search_base_version, which every write to the base tables advances. Among usable summaries the one
 * with the fewest rows (planner statistics) wins; otherwise the level's base table.
 */
export class SearchPlanner {
  private readonly enabled: boolean;

  constructor(
    private readonly db: CommonQueryMethods,
    private readonly options: PlannerOptions = {},
  ) {
    this.enabled = options.enabled ?? true;
  }

  /**
   * The ranking table and slice (the baseline) that answer a category request, when the category
   * has one, the request has the slice shape and the summaries are fresh; otherwise null (use `choose`).
   */
  async ranking(category: string, req: PlanRequest): Promise<{ table: RankingTable; slice: RankingSlice } | null> {
    const table = RANKING_TABLES[category];
    if (!this.enabled || !table) return null;
    const slice = rankingSlice(req.needs);
    if (!slice) return null;
    const row = await this.db.maybeOne(sql.type(FreshRow)`
      SELECT ${FRESH} AS fresh FROM search_summary_state AS s CROSS JOIN search_base_version AS v
    `);
    if (!row?.fresh) return null;
    this.options.observe?.({ source: summarySource(table.table), request: req });
    return { table, slice };
  }

  /** The source for a request. */
  async choose(req: PlanRequest): Promise<Source> {
    const source = await this.pick(req);
    this.options.observe?.({ source, request: req });
    return source;
  }

  private async pick(req: PlanRequest): Promise<Source> {
    if (!this.enabled || req.level === 'subawards') return baseSource(req.level);
    const candidates = SUMMARY_TABLES.filter((t) => tableAnswers(t, req));
    if (candidates.length === 0) return baseSource(req.level);
    const names = candidates.map((t) => t.name);
    // One catalog round trip: freshness, the size of each candidate, and for unnested tables the number of
    // distinct values of their array column (planner statistics).
    const rows = await this.db.any(sql.type(SummaryStateRow)`
      SELECT ${FRESH} AS fresh, c.relname::text AS relname, c.reltuples::float8 AS reltuples, st.n_distinct::float8 AS n_distinct
      FROM search_summary_state AS s
      CROSS JOIN search_base_version AS v
      LEFT JOIN pg_class AS c ON c.relname = ANY(${sql.array(names, 'text')}) AND c.relkind = 'r'
      LEFT JOIN pg_stats AS st ON st.schemaname = current_schema() AND st.tablename = c.relname
        AND st.attname = ANY(${sql.array([...new Set(candidates.flatMap((t) => (t.unnested ? [t.unnested] : [])))], 'text')})
    `);
    if (rows.length === 0 || !rows[0]!.fresh) return baseSource(req.level);
    const stats = new Map(rows.filter((r) => r.relname !== null).map((r) => [r.relname!, r]));
    const best = [...candidates].sort((a, b) => rowsRead(a, stats.get(a.name)) - rowsRead(b, stats.get(b.name)))[0]!;
    return summarySource(best.name);
  }
}

/**
 * Rows a request reads from a candidate, to pick the cheapest: the whole table, except for a table that
 * answers a single-value filter on its unnested column, which reads that value's rows only (one of its
 * distinct values' share; its index on the column finds them).
 */
function rowsRead(t: SummaryTable, stats: { reltuples: number | null; n_distinct: number | null } | undefined): number {
  const rows = stats?.reltuples ?? Number.MAX_SAFE_INTEGER;
  if (rows < 0) return Number.MAX_SAFE_INTEGER;
  if (t.singleValueFilter === undefined || stats?.n_distinct == null) return rows;
  // n_distinct < 0 is minus the fraction of rows that are distinct.
  const distinct = stats.n_distinct < 0 ? -stats.n_distinct * rows : stats.n_distinct;
  return distinct >= 1 ? rows / distinct : rows;
}

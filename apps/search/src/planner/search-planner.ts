import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { tableAnswers, type PlanRequest } from './eligibility';
import { RANKING_TABLES, rankingSlice, type RankingSlice, type RankingTable } from './ranking';
import { baseSource, summarySource, type Source } from './source';
import { SUMMARY_TABLES } from './summary-tables';

const SummaryStateRow = z.object({ fresh: z.boolean(), relname: z.string().nullable(), reltuples: z.number().nullable() });
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
   * The ranking table and slice (migrations 0055, 0058) that answer a category request, when the category
   * has one, the request has the slice shape and the summaries are fresh; otherwise null (use `choose`).
   */
  async ranking(category: string, req: PlanRequest): Promise<{ table: RankingTable; slice: RankingSlice } | null> {
    const table = RANKING_TABLES[category];
    if (!this.enabled || !table) return null;
    const slice = rankingSlice(req.level, req.filters);
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
    // One catalog round trip: freshness, and the size of each candidate to pick the smallest.
    const rows = await this.db.any(sql.type(SummaryStateRow)`
      SELECT ${FRESH} AS fresh, c.relname::text AS relname, c.reltuples::float8 AS reltuples
      FROM search_summary_state AS s
      CROSS JOIN search_base_version AS v
      LEFT JOIN pg_class AS c ON c.relname = ANY(${sql.array(names, 'text')}) AND c.relkind = 'r'
    `);
    if (rows.length === 0 || !rows[0]!.fresh) return baseSource(req.level);
    const size = new Map(rows.filter((r) => r.relname !== null).map((r) => [r.relname!, r.reltuples ?? Number.MAX_SAFE_INTEGER]));
    const best = [...names].sort((a, b) => (size.get(a) ?? Number.MAX_SAFE_INTEGER) - (size.get(b) ?? Number.MAX_SAFE_INTEGER))[0]!;
    return summarySource(best);
  }
}

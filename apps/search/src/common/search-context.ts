import { badRequest } from '@usas/errors';
import { compileFilterSet, type AdvancedFilter, type CompiledFilters, type DefCodeGroup, type FilterContext } from '@usas/filters';
import type { CommonQueryMethods, FragmentSqlToken } from 'slonik';
import type { PlanRequest } from '../planner/eligibility';
import type { SearchPlanner } from '../planner/search-planner';
import type { Source } from '../planner/source';
import { listDefCodes } from '../queries/def-codes.query';
import type { SpendingLevel } from './spending-level';

/** DEF code facts change only with reference reloads; a short cache keeps them off the hot path. */
const DEF_CODES_TTL_MS = 10_000;

interface DefCodeFacts {
  context: FilterContext;
  codes: string[];
}

/**
 * What every search route needs: the read pool, the planner and the filter compiler fed with the DEF
 * code facts from the database. Also checks filter values the compiler takes as given (DEF codes exist).
 */
export class SearchContext {
  private facts: { at: number; value: Promise<DefCodeFacts> } | undefined;

  constructor(
    readonly db: CommonQueryMethods,
    readonly planner: SearchPlanner,
  ) {}

  /** DEF code facts (cached briefly). */
  async defCodes(): Promise<DefCodeFacts> {
    const now = Date.now();
    if (!this.facts || now - this.facts.at > DEF_CODES_TTL_MS) {
      const value = listDefCodes(this.db).then((rows) => {
        const defCodeEnactment: Record<string, string> = {};
        const defCodeGroup: Record<string, DefCodeGroup> = {};
        for (const r of rows) {
          if (r.group_name !== null && r.enacted !== null) {
            defCodeEnactment[r.code] = r.enacted;
            defCodeGroup[r.code] = r.group_name;
          }
        }
        return { context: { defCodeEnactment, defCodeGroup }, codes: rows.map((r) => r.code) };
      });
      value.catch(() => {
        this.facts = undefined;
      });
      this.facts = { at: now, value };
    }
    return this.facts.value;
  }

  /** Compiles filters for a level into a WHERE condition; unknown DEF codes are a 400 as upstream. */
  async compile(filters: AdvancedFilter, level: SpendingLevel): Promise<FragmentSqlToken> {
    return (await this.compileSet(filters, level)).where;
  }

  /** compile plus what the condition reads (the planner's input). */
  async compileSet(filters: AdvancedFilter, level: SpendingLevel): Promise<CompiledFilters> {
    const facts = await this.defCodes();
    const unknown = (filters.def_codes ?? []).filter((c) => !facts.codes.includes(c.trim().toUpperCase()));
    if (unknown.length > 0) {
      throw badRequest(`Unknown DEF code(s): ${unknown.join(', ')}. Valid codes: ${facts.codes.join(', ')}.`, [
        { path: '/body/filters/def_codes', message: `unknown code ${unknown[0]}`, code: 'enum' },
      ]);
    }
    return compileFilterSet(filters, level, facts.context);
  }

  /** Compiles the filters and picks the source (base or summary table) from what they read. */
  async plan(req: PlanInput): Promise<{ where: FragmentSqlToken; source: Source }> {
    const { filters, ...query } = req;
    const compiled = await this.compileSet(filters, req.level);
    const source = await this.planner.choose(planRequest(compiled, query));
    return { where: whereOn(compiled, source), source };
  }
}

/** The planner's request for a query reading `query` with the compiled filters (both variants' needs). */
export function planRequest(compiled: CompiledFilters, query: Omit<PlanRequest, 'needs' | 'summaryNeeds'>): PlanRequest {
  return { ...query, needs: compiled.needs, summaryNeeds: compiled.summary.needs };
}

/** The compiled condition for the chosen source: the summary variant on summary tables. */
export function whereOn(compiled: CompiledFilters, source: Source): FragmentSqlToken {
  return source.isSummary ? compiled.summary.where : compiled.where;
}

/** A plan request before compiling: the filter object instead of its needs. */
export type PlanInput = Omit<PlanRequest, 'needs' | 'summaryNeeds'> & { filters: AdvancedFilter };

import type { ResponseBody } from '@usas/api-types';
import { SEARCH_MIN_DATE, timePeriodBounds } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import {
  comparePeriods,
  endOfMonth,
  periodKey,
  periodOf,
  periodRange,
  TIME_GROUP_ALIASES,
  timePeriodObject,
  type Period,
  type TimeGroup,
} from '../common/fiscal-periods';
import { OVER_TIME_OVERLAP_MESSAGE, searchMessages, SUBAWARDS_DEPRECATION_MESSAGE } from '../common/messages';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveSpendingLevel, type SpendingLevel } from '../common/spending-level';
import { OVER_TIME_COLUMNS, sumOverTime } from '../queries/spending-over-time.query';

type Result = ResponseBody<'spendingOverTime'>['results'][number];

const KINDS = ['Contract', 'Direct', 'Grant', 'Idv', 'Loan', 'Other'] as const;
type Kind = (typeof KINDS)[number];

/** Award category (or subaward type) -> result column; categories not listed (NULL for type -1) count nowhere. */
const KIND_OF_CATEGORY: Record<string, Kind> = {
  contract: 'Contract',
  'direct payment': 'Direct',
  grant: 'Grant',
  idv: 'Idv',
  loans: 'Loan',
  other: 'Other',
  insurance: 'Other',
  'sub-contract': 'Contract',
  'sub-grant': 'Grant',
};

/** Default end of the window when the request has no time period: the end of the current period. */
function defaultEnd(group: TimeGroup, today: Date): string {
  const y = today.getUTCFullYear();
  if (group === 'calendar_year') return `${y}-12-31`;
  if (group === 'fiscal_year') return `${today.getUTCMonth() >= 9 ? y + 1 : y}-09-30`;
  return endOfMonth(today);
}

function emptyRow(p: Period, group: TimeGroup, level: SpendingLevel): Result {
  const outlay = level === 'awards' ? 0 : null;
  return {
    time_period: timePeriodObject(p, group),
    aggregated_amount: 0,
    Contract_Obligations: 0,
    Direct_Obligations: 0,
    Grant_Obligations: 0,
    Idv_Obligations: 0,
    Loan_Obligations: 0,
    Other_Obligations: 0,
    total_outlays: outlay,
    Contract_Outlays: outlay,
    Direct_Outlays: outlay,
    Grant_Outlays: outlay,
    Idv_Outlays: outlay,
    Loan_Outlays: outlay,
    Other_Outlays: outlay,
  };
}

/**
 * POST /api/v2/search/spending_over_time/. Sums per period and category in SQL (through the planner),
 * then lists every period of the window in order, zero-filled. The window is the time filter's span,
 * widened to any period that has data (award-level searches match awards by overlap, so an award's
 * latest action can fall after the window).
 */
export const spendingOverTimeRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingOverTime'>(async (req) => {
    const body = req.body;
    const level = resolveSpendingLevel(body, 'transactions');
    const group = TIME_GROUP_ALIASES[body.group ?? 'fiscal_year']!;
    const filters = body.filters;
    const c = OVER_TIME_COLUMNS[level];
    const { where, source } = await ctx.plan({
      level,
      filters,
      columns: [c.date, c.category, c.obligation, ...(c.outlays ? [c.outlays] : [])],
      dateResolution: group === 'fiscal_year' ? 'fiscal_year' : 'month',
    });
    const rows = await sumOverTime(ctx.db, source, where, level, group);

    // The window is the time filter's span, widened to every period that has data.
    const bounds = timePeriodBounds(filters, { start: SEARCH_MIN_DATE, end: defaultEnd(group, new Date()) });
    let first = periodOf(bounds.start, group);
    let last = periodOf(bounds.end, group);
    const byPeriod = new Map<string, Result>();
    for (const r of rows) {
      const p: Period = { year: r.year, sub: r.sub };
      if (comparePeriods(p, first) < 0) first = p;
      if (comparePeriods(p, last) > 0) last = p;
      const kind = r.category === null ? undefined : KIND_OF_CATEGORY[r.category];
      if (kind === undefined) continue;
      let row = byPeriod.get(periodKey(p));
      if (!row) {
        row = emptyRow(p, group, level);
        byPeriod.set(periodKey(p), row);
      }
      const out = row as unknown as Record<string, number | null>;
      out[`${kind}_Obligations`] = (out[`${kind}_Obligations`] as number) + (r.obligation ?? 0);
      if (level === 'awards') out[`${kind}_Outlays`] = (out[`${kind}_Outlays`] as number) + (r.outlays ?? 0);
    }
    const results = periodRange(first, last, group).map((p) => {
      const row = byPeriod.get(periodKey(p)) ?? emptyRow(p, group, level);
      const out = row as unknown as Record<string, number | null>;
      for (const k of KINDS) {
        out[`${k}_Obligations`] = cents(out[`${k}_Obligations`] as number);
        if (level === 'awards') out[`${k}_Outlays`] = cents(out[`${k}_Outlays`] as number);
      }
      row.aggregated_amount = cents(KINDS.reduce((sum, k) => sum + (out[`${k}_Obligations`] as number), 0));
      if (level === 'awards') row.total_outlays = cents(KINDS.reduce((sum, k) => sum + (out[`${k}_Outlays`] as number), 0));
      return row;
    });
    return {
      group,
      spending_level: level,
      results,
      messages: searchMessages(filters, [SUBAWARDS_DEPRECATION_MESSAGE, OVER_TIME_OVERLAP_MESSAGE]),
    };
  });

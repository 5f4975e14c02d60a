import type { AdvancedFilter } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import { periodKey, periodsOfFiscalYears, TIME_GROUP_ALIASES, timePeriodObject } from '../common/fiscal-periods';
import { searchMessages } from '../common/messages';
import type { SearchContext } from '../common/search-context';
import { newAwardsByPeriod } from '../queries/new-awards-over-time.query';


/**
 * POST /api/v2/search/new_awards_over_time/. An award is new in the period holding its date_signed; the
 * time periods select awards by date_signed, and every period of the fiscal years they span is listed.
 */
export const newAwardsOverTimeRoute = (ctx: SearchContext) =>
  jsonHandler<'newAwardsOverTime'>(async (req) => {
    const body = req.body;
    const group = TIME_GROUP_ALIASES[body.group ?? 'fiscal_year'] as 'fiscal_year' | 'quarter' | 'month';
    const periods = body.filters.time_period;
    const filters: AdvancedFilter = {
      time_period: periods.map((p) => ({ start_date: p.start_date, end_date: p.end_date, date_type: 'date_signed' as const })),
      ...(body.filters.recipient_id !== undefined ? { recipient_id: body.filters.recipient_id } : {}),
    };
    const where = await ctx.compile(filters, 'awards');
    const counts = new Map((await newAwardsByPeriod(ctx.db, where, group)).map((r) => [periodKey({ year: r.year, sub: r.sub }), r.count]));
    const start = periods.reduce((min, p) => (p.start_date < min ? p.start_date : min), periods[0]!.start_date);
    const end = periods.reduce((max, p) => (p.end_date > max ? p.end_date : max), periods[0]!.end_date);
    return {
      group,
      results: periodsOfFiscalYears(start, end, group).map((p) => ({
        time_period: timePeriodObject(p, group),
        new_award_count_in_period: counts.get(periodKey(p)) ?? 0,
      })),
      messages: searchMessages(body.filters),
    };
  });

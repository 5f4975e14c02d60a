import type { ResponseBody } from '@usas/api-types';
import type { AdvancedFilter } from '@usas/filters';
import { jsonHandler } from '@usas/service-kit';
import { searchMessages, SUBAWARDS_DEPRECATION_MESSAGE } from '../common/messages';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveSpendingLevel } from '../common/spending-level';
import { geographyColumns, spendingByGeography } from '../queries/spending-by-geography.query';

type Result = ResponseBody<'spendingByGeography'>['results'][number];

/**
 * POST /api/v2/search/spending_by_geography/. State, county and district layers only cover the United
 * States unless the request sets the scope filter of the chosen side itself (upstream adds `domestic`).
 */
export const spendingByGeographyRoute = (ctx: SearchContext) =>
  jsonHandler<'spendingByGeography'>(async (req) => {
    const body = req.body;
    const level = resolveSpendingLevel(body, 'transactions');
    const scopeKey = body.scope === 'place_of_performance' ? 'place_of_performance_scope' : 'recipient_scope';
    let filters: AdvancedFilter = body.filters;
    if (body.geo_layer !== 'country' && filters[scopeKey] === undefined) filters = { ...filters, [scopeKey]: 'domestic' };
    const { where, source } = await ctx.plan({
      level,
      filters,
      columns: geographyColumns(level, body.scope, body.geo_layer),
      dateResolution: 'none',
    });
    const rows = await spendingByGeography(ctx.db, source, where, level, body.scope, body.geo_layer, body.geo_layer_filters);
    const results: Result[] = rows.map((r) => {
      const out: Result = {
        shape_code: r.shape_code,
        display_name: r.display_name,
        aggregated_amount: cents(r.aggregated_amount),
        population: r.population,
        per_capita: r.per_capita,
      };
      if (level === 'awards') out.total_outlays = cents(r.total_outlays ?? 0);
      return out;
    });
    return {
      scope: body.scope,
      geo_layer: body.geo_layer,
      spending_level: level,
      results,
      messages: searchMessages(body.filters, [SUBAWARDS_DEPRECATION_MESSAGE]),
    };
  });

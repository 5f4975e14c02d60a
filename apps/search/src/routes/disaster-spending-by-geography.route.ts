import { jsonHandler } from '@usas/service-kit';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { LOAN_TYPES } from '../queries/disaster-awards.query';
import { disasterSpendingByGeography } from '../queries/disaster-geography.query';

/**
 * POST /api/v2/disaster/spending_by_geography/: award spending of the DEF codes per state, county or district.
 * `face_value_of_loan` counts only the loans (the requested award types that are loan types, else both).
 */
export const disasterSpendingByGeographyRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterSpendingByGeography'>(async (req) => {
    const b = req.body;
    const defCodes = await resolveDisasterCodes(ctx.db, b.filter.def_codes, '/body/filter/def_codes');
    const scope = b.scope ?? 'recipient_location';
    let types: readonly string[] | undefined = b.filter.award_type_codes;
    if (b.spending_type === 'face_value_of_loan') types = (types ?? LOAN_TYPES).filter((t) => (LOAN_TYPES as readonly string[]).includes(t));
    const rows =
      types !== undefined && types.length === 0
        ? []
        : await disasterSpendingByGeography(ctx.db, { defCodes, awardTypeCodes: types }, b.geo_layer, scope, b.spending_type, b.geo_layer_filters);
    return {
      geo_layer: b.geo_layer,
      scope,
      spending_type: b.spending_type,
      results: rows.map((r) => ({ ...r, amount: cents(r.amount), population: r.population === null ? null : Math.round(r.population) })),
    };
  });

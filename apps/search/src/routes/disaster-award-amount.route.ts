import { badRequest } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { disasterAwardAmount, LOAN_TYPES } from '../queries/disaster-awards.query';


/** Refuses `award_type_codes` together with `award_type` (upstream: mutually exclusive). */
export function exclusiveAwardTypes(filter: { award_type_codes?: readonly string[]; award_type?: string }): void {
  if (filter.award_type_codes !== undefined && filter.award_type !== undefined) {
    throw badRequest("Fields 'filter.award_type_codes' and 'filter.award_type' are mutually exclusive; send one of them.", [
      { path: '/body/filter/award_type', message: 'not allowed with award_type_codes', code: 'exclusive' },
    ]);
  }
}

/** POST /api/v2/disaster/award/amount/: File C obligations and outlays of the DEF codes and the awards they fund. */
export const disasterAwardAmountRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterAwardAmount'>(async (req) => {
    const { filter } = req.body;
    exclusiveAwardTypes(filter);
    const defCodes = await resolveDisasterCodes(ctx.db, filter.def_codes, '/body/filter/def_codes');
    const totals = await disasterAwardAmount(ctx.db, { defCodes, awardTypeCodes: filter.award_type_codes, awardType: filter.award_type });
    const loans = filter.award_type_codes?.some((t) => (LOAN_TYPES as readonly string[]).includes(t)) ?? false;
    return {
      award_count: totals.award_count,
      obligation: cents(totals.obligation),
      outlay: cents(totals.outlay),
      ...(loans ? { face_value_of_loan: cents(totals.face_value_of_loan) } : {}),
    };
  });

import { jsonHandler } from '@usas/service-kit';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { disasterAccountCount, disasterAwardCount } from '../queries/disaster-awards.query';

/** The disaster count endpoints served here (def_code/count has its own route). */
export const DISASTER_COUNTS = ['agency', 'award', 'cfda', 'federal_account', 'object_class', 'recipient'] as const;
export type DisasterCount = (typeof DISASTER_COUNTS)[number];


/**
 * POST /api/v2/disaster/{kind}/count/. Awards, recipients and assistance listings are counted over the awards the
 * File C rows fund; agencies, federal accounts and object classes over the File B rows, or, with award types, over
 * the File C rows linked to awards of those types (agencies then being the awards' awarding agencies).
 */
export const disasterCountRoute = (ctx: SearchContext, kind: DisasterCount) =>
  jsonHandler<'disasterAwardCount'>(async (req) => {
    const { filter } = req.body;
    const defCodes = await resolveDisasterCodes(ctx.db, filter.def_codes, '/body/filter/def_codes');
    const awardTypeCodes = filter.award_type_codes;
    switch (kind) {
      case 'award':
      case 'recipient':
      case 'cfda':
        return { count: await disasterAwardCount(ctx.db, { defCodes, awardTypeCodes }, kind) };
      case 'agency':
        return {
          count:
            awardTypeCodes === undefined
              ? await disasterAccountCount(ctx.db, defCodes, 'agency')
              : await disasterAwardCount(ctx.db, { defCodes, awardTypeCodes }, 'awarding_agency'),
        };
      case 'federal_account':
      case 'object_class':
        return { count: await disasterAccountCount(ctx.db, defCodes, kind, awardTypeCodes) };
    }
  });

import { jsonHandler } from '@usas/service-kit';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { gtasByDefCode } from '../queries/disaster-overview.query';

/** POST /api/v2/disaster/def_code/count/: the requested DEF codes that have GTAS funding rows in the counted periods. */
export const disasterDefCodeCountRoute = (ctx: SearchContext) =>
  jsonHandler<'disasterDefCodeCount'>(async (req) => {
    const body = req.body;
    const defCodes = await resolveDisasterCodes(ctx.db, body.filter.def_codes, '/body/filter/def_codes');
    const funded = await gtasByDefCode(ctx.db, defCodes);
    return { count: funded.length };
  });

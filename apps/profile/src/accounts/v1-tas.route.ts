import type { RequestBody, ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { v1Aggregate, type V1Request, type V1Source } from './v1-tas.query';

/** POST /api/v1/tas/{balances,categories}[/quarters]/total/: upstream's v1 aggregation (see v1-tas.query.ts). */
export function v1TasTotalRoute(source: V1Source, quarters: boolean) {
  return (db: CommonQueryMethods) =>
    jsonHandler(async (req): Promise<ResponseBody<'v1TasBalancesTotal'>> => {
      const body = req.body as RequestBody<'v1TasBalancesTotal'>;
      const results = await v1Aggregate(db, source, quarters, body as unknown as V1Request);
      return { results };
    });
}

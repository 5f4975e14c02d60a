import { jsonHandler } from '@usas/service-kit';
import { linkedPageMetadata } from '../common/paging';
import type { CommonQueryMethods } from 'slonik';
import { v1Aggregate, type V1Source } from './v1-tas.query';

/**
 * POST /api/v1/tas/{balances,categories}[/quarters]/total/: upstream's v1 aggregation (see v1-tas.query.ts), one
 * page of `limit` groups (default 100) with upstream's v1 page metadata; the links carry the page as a query string.
 */
export function v1TasTotalRoute(source: V1Source, quarters: boolean) {
  return (db: CommonQueryMethods) =>
    jsonHandler<'v1TasBalancesTotal'>(async (req) => {
      const { results, count, page, limit } = await v1Aggregate(db, source, quarters, req.body);
      const link = (p: number) => `?limit=${limit}&page=${p}`;
      return {
        page_metadata: linkedPageMetadata(count, page, limit, link),
        results,
      };
    });
}

import type { ResponseBody } from '@usas/api-types';
import { badRequest, notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { listAwardTypes } from '../queries/award-types.query';
import { listCfdaTotals } from '../queries/cfda-totals.query';
import { listRevealedSubmissionPeriods } from '../queries/submission-periods.query';
import { listTotalBudgetaryResources } from '../queries/total-budgetary-resources.query';
import { pathValue, queryInt } from './request-values';

type AwardTypes = ResponseBody<'listAwardTypes'>;

/** Upstream's note on account data before FY2017. */
export const ACCOUNT_DATA_MESSAGE =
  'Account data powering this endpoint were first collected in FY2017 Q2 under the DATA Act; as such, there are no data available for prior fiscal years.';

/** GET /api/v2/references/submission_periods/ (`use_cache` is accepted; the cache follows the data). */
export const submissionPeriodsRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (): Promise<ResponseBody<'listSubmissionPeriods'>> => ({
    available_periods: [...(await ctx.cache.get('submission-periods', () => listRevealedSubmissionPeriods(ctx.db)))],
  }));

/** GET /api/v2/references/award_types/ */
export const awardTypesRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (): Promise<AwardTypes> =>
    ctx.cache.get('award-types', async () => {
      const groups: AwardTypes = { contracts: {}, loans: {}, idvs: {}, grants: {}, other_financial_assistance: {}, direct_payments: {} };
      for (const r of await listAwardTypes(ctx.db)) {
        const group = groups[r.group_name as keyof AwardTypes];
        if (group) group[r.code] = r.description;
      }
      return groups;
    }),
  );

const cfdaTotals = (ctx: ReferenceContext) => ctx.cache.get('cfda-totals', () => listCfdaTotals(ctx.db));

/** GET /api/v2/references/cfda/totals/ */
export const cfdaTotalsRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (): Promise<ResponseBody<'listCfdaTotals'>> => ({ results: [...(await cfdaTotals(ctx))] }));

/** GET /api/v2/references/cfda/totals/{cfda}/: 404 for an unknown program number. */
export const cfdaTotalsOfProgramRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'getCfdaTotals'>> => {
    const cfda = pathValue(req, 'cfda');
    const row = (await cfdaTotals(ctx)).find((r) => r.cfda === cfda);
    if (!row) throw notFound(`No grant records found for '${cfda}'.`);
    return row;
  });

/** GET /api/v2/references/total_budgetary_resources/?fiscal_year&fiscal_period */
export const totalBudgetaryResourcesRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'listTotalBudgetaryResources'>> => {
    const fiscalYear = queryInt(req, 'fiscal_year');
    const fiscalPeriod = queryInt(req, 'fiscal_period');
    if (fiscalPeriod !== undefined && fiscalYear === undefined) {
      throw badRequest('fiscal_period was provided without fiscal_year.', [
        { path: '/query/fiscal_year', message: 'required when fiscal_period is given', code: 'required' },
      ]);
    }
    const all = await ctx.cache.get('total-budgetary-resources', () => listTotalBudgetaryResources(ctx.db));
    const results = all.filter(
      (r) => (fiscalYear === undefined || r.fiscal_year === fiscalYear) && (fiscalPeriod === undefined || r.fiscal_period === fiscalPeriod),
    );
    return { results, messages: fiscalYear === undefined ? [ACCOUNT_DATA_MESSAGE] : [] };
  });

import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import { cents } from '../common/money';
import type { SearchContext } from '../common/search-context';
import { resolveDisasterCodes } from '../disaster/def-code-params';
import { fileCTotals, gtasByDefCode, gtasDolAdditional } from '../queries/disaster-overview.query';

const money = (v: number | null): number | null => (v === null ? null : cents(v));

/** Splits the comma-separated `def_codes` query parameter; an empty item is kept so it is reported as unknown. */
function parseDefCodes(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? raw.join(',') : String(raw);
  return text.split(',').map((c) => c.trim());
}

/**
 * Upstream's `additional` part, only for exactly DEF code V: DOL's American Rescue Plan money reported under DEF code
 * O (from FY2021 on, less the FY2021 P6 balances). Upstream uses the obligations as the budget authority there too.
 * Left out when the GTAS rows are missing (as upstream).
 */
async function additionalTotals(ctx: SearchContext, defCodes: readonly string[]): Promise<ResponseBody<'disasterOverview'>['additional']> {
  if (defCodes.length !== 1 || defCodes[0] !== 'V') return undefined;
  const r = await gtasDolAdditional(ctx.db);
  if (r.obligations === null || r.outlays === null || r.base_obligations === null || r.base_outlays === null) return undefined;
  const obligations = cents(r.obligations - r.base_obligations);
  return { total_budget_authority: obligations, spending: { total_obligations: obligations, total_outlays: cents(r.outlays - r.base_outlays) } };
}

/**
 * GET /api/v2/disaster/overview/: GTAS funding per DEF code and its obligations/outlays, and the File C
 * (award) obligations/outlays of the same codes.
 */
export const disasterOverviewRoute = (ctx: SearchContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'disasterOverview'>> => {
    const defCodes = await resolveDisasterCodes(ctx.db, parseDefCodes(req.query['def_codes']), '/query/def_codes');
    const [gtas, awards] = await Promise.all([gtasByDefCode(ctx.db, defCodes), fileCTotals(ctx.db, defCodes)]);
    const additional = await additionalTotals(ctx, defCodes);
    const sum = (pick: (r: (typeof gtas)[number]) => number) => cents(gtas.reduce((t, r) => t + pick(r), 0));
    return {
      funding: gtas.map((r) => ({ def_code: r.def_code, amount: cents(r.amount) })),
      total_budget_authority: sum((r) => r.amount),
      spending: {
        award_obligations: money(awards.obligation),
        award_outlays: money(awards.outlay),
        total_obligations: gtas.length === 0 ? null : sum((r) => r.obligations),
        total_outlays: gtas.length === 0 ? null : sum((r) => r.outlays),
      },
      ...(additional === undefined ? {} : { additional }),
    };
  });

import type { ResponseBody } from '@usas/api-types';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import {
  listOfficesOfSubtiers,
  listOfficesOfToptiers,
  listSubtiersOfToptiers,
  searchOffices,
  searchSubtierAgencies,
  searchToptierAgencies,
  type OfficeRole,
} from '../queries/agency-office-autocomplete.query';
import { requireSearchText } from '../search/search-text';
import { cacheKey } from './request-values';

type AgencyOfficeResponse = ResponseBody<'autocompleteAwardingAgencyOffice'>;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

async function agencyOfficeMatches(ctx: ReferenceContext, text: string, limit: number, role: OfficeRole): Promise<AgencyOfficeResponse> {
  const [toptiers, subtiers, offices] = await Promise.all([
    searchToptierAgencies(ctx.db, text, limit),
    searchSubtierAgencies(ctx.db, text, limit),
    searchOffices(ctx.db, text, limit, role),
  ]);
  const toptierIds = toptiers.map((t) => t.toptier_agency_id);
  const [toptierSubtiers, toptierOffices, subtierOffices] = await Promise.all([
    listSubtiersOfToptiers(ctx.db, toptierIds),
    listOfficesOfToptiers(ctx.db, toptierIds, role),
    listOfficesOfSubtiers(ctx.db, subtiers.map((s) => s.code), role),
  ]);
  const subtiersByToptier = groupBy(toptierSubtiers, (r) => r.toptier_agency_id);
  const officesByToptier = groupBy(toptierOffices, (r) => r.toptier_agency_id);
  const officesBySubtier = groupBy(subtierOffices, (r) => r.subtier_code);
  return {
    results: {
      toptier_agency: toptiers.map((t) => ({
        abbreviation: t.abbreviation,
        code: t.code,
        name: t.name,
        subtier_agencies: (subtiersByToptier.get(t.toptier_agency_id) ?? []).map((s) => ({ abbreviation: s.abbreviation, code: s.code, name: s.name })),
        offices: (officesByToptier.get(t.toptier_agency_id) ?? []).map((o) => ({ code: o.code, name: o.name })),
      })),
      subtier_agency: subtiers.map((s) => ({
        abbreviation: s.abbreviation,
        code: s.code,
        name: s.name,
        toptier_agency: { abbreviation: s.toptier_abbreviation, code: s.toptier_code, name: s.toptier_name },
        offices: (officesBySubtier.get(s.code) ?? []).map((o) => ({ code: o.code, name: o.name })),
      })),
      office: offices.map((o) => ({
        code: o.code,
        name: o.name,
        toptier_agency: { abbreviation: o.toptier_abbreviation, code: o.toptier_code, name: o.toptier_name },
        subtier_agency: { abbreviation: o.subtier_abbreviation, code: o.subtier_code, name: o.subtier_name },
      })),
    },
    messages: [],
  };
}

/**
 * POST /api/v2/autocomplete/awarding_agency_office/ and /funding_agency_office/: matching toptier
 * agencies, subtier agencies and offices (each list at most `limit`), answered as ONE results object
 * like upstream's code (its contract shows a list).
 */
export const agencyOfficeAutocompleteRoute = (ctx: ReferenceContext, role: OfficeRole) =>
  jsonHandler<'autocompleteAwardingAgencyOffice' | 'autocompleteFundingAgencyOffice'>(async (req) => {
    const body = req.body;
    const text = requireSearchText(body.search_text);
    const limit = body.limit ?? 10;
    return ctx.cache.get(cacheKey(`agency-office/${role}`, [text, limit]), () => agencyOfficeMatches(ctx, text, limit, role));
  });

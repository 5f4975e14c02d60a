import type { QueryParams, ResponseBody } from '@usas/api-types';
import { notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { ReferenceContext } from '../context';
import { findToptierOfAgency, listAgencyFigures, type AgencyFiguresRow } from '../queries/agency-figures.query';
import { pathValue, queryValue } from './request-values';

type ToptierAgency = ResponseBody<'listToptierAgencies'>['results'][number];
type SortField = NonNullable<QueryParams<'listToptierAgencies'>['sort']>;

/** Django's slugify: ASCII, lower case, word characters, hyphens for runs of spaces and hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

const figures = (ctx: ReferenceContext) => ctx.cache.get('agency-figures', () => listAgencyFigures(ctx.db));

function toptierAgency(r: AgencyFiguresRow): ToptierAgency {
  const budgetAuthority = Number(r.budget_authority_amount);
  const total = Number(r.current_total_budget_authority_amount);
  return {
    agency_id: r.agency_id,
    toptier_code: r.toptier_code,
    // The contract declares both strings: empty for the agencies the reference data gives none.
    abbreviation: r.abbreviation ?? '',
    agency_name: r.agency_name,
    congressional_justification_url: r.justification ?? '',
    active_fy: String(r.active_fy),
    active_fq: String(r.active_fq),
    outlay_amount: Number(r.outlay_amount),
    obligated_amount: Number(r.obligated_amount),
    budget_authority_amount: budgetAuthority,
    current_total_budget_authority_amount: total,
    percentage_of_total_budget_authority: total > 0 ? budgetAuthority / total : null,
    agency_slug: r.slug ?? slugify(r.agency_name),
  };
}

/** Upstream's order: by the field with nulls last in both directions, ties by agency name (same direction). */
export function sortToptierAgencies(rows: ToptierAgency[], sort: SortField, order: 'asc' | 'desc'): ToptierAgency[] {
  const direction = order === 'desc' ? -1 : 1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((x, y) => {
    const a = x[sort];
    const b = y[sort];
    if (a === null || b === null) return a === b ? direction * compare(x.agency_name, y.agency_name) : a === null ? 1 : -1;
    return direction * (compare(a, b) || compare(x.agency_name, y.agency_name));
  });
}

/** GET /api/v2/references/toptier_agencies/?sort&order: agencies that have published account data. */
export const toptierAgenciesRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'listToptierAgencies'>> => {
    const sort = (queryValue(req, 'sort') ?? 'agency_name') as SortField;
    const order = queryValue(req, 'order') === 'desc' ? 'desc' : 'asc';
    const rows = (await figures(ctx)).filter((r) => r.has_submission).map(toptierAgency);
    return { results: sortToptierAgencies(rows, sort, order) };
  });

/** GET /api/v2/references/agency/{id}/: 404 for an unknown agency id. */
export const agencyOverviewRoute = (ctx: ReferenceContext) =>
  jsonHandler(async (req): Promise<ResponseBody<'getAgencyOverview'>> => {
    const id = Number(pathValue(req, 'id'));
    const toptierId = await findToptierOfAgency(ctx.db, id);
    const row = toptierId === null ? undefined : (await figures(ctx)).find((r) => r.toptier_agency_id === toptierId);
    if (!row) throw notFound(`No agency with id ${id}.`);
    return {
      results: {
        agency_name: row.agency_name,
        active_fy: String(row.active_fy),
        active_fq: String(row.active_fq),
        outlay_amount: row.outlay_amount,
        obligated_amount: row.obligated_amount,
        budget_authority_amount: row.budget_authority_amount,
        current_total_budget_authority_amount: row.current_total_budget_authority_amount,
        mission: row.mission ?? '',
        website: row.website ?? '',
        icon_filename: row.icon_filename ?? '',
        congressional_justification_url: row.justification ?? '',
      },
    };
  });

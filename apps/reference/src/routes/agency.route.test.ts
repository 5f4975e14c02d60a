import type { ResponseBody } from '@usas/api-types';
import { slugify, sortToptierAgencies } from './agency.route';

type Row = ResponseBody<'listToptierAgencies'>['results'][number];
const agency = (agency_name: string, percentage: number | null, agency_id: number): Row => ({
  agency_id,
  toptier_code: String(agency_id),
  abbreviation: '',
  agency_name,
  congressional_justification_url: '',
  active_fy: '2021',
  active_fq: '4',
  outlay_amount: 0,
  obligated_amount: 0,
  budget_authority_amount: 0,
  current_total_budget_authority_amount: 0,
  percentage_of_total_budget_authority: percentage,
  agency_slug: slugify(agency_name),
});

describe('slugify', () => {
  it('works like Django slugify', () => {
    expect(slugify('Department of Health and Human Services')).toBe('department-of-health-and-human-services');
    expect(slugify('U.S. Agency for Global Media ')).toBe('us-agency-for-global-media');
    expect(slugify('Commodity Futures Trading Commission – CFTC')).toBe('commodity-futures-trading-commission-cftc');
  });
});

describe('sortToptierAgencies', () => {
  const rows = [agency('Beta', 0.2, 2), agency('Alpha', null, 1), agency('Gamma', 0.2, 3), agency('Delta', 0.1, 4)];
  const names = (r: Row[]) => r.map((a) => a.agency_name);

  it('sorts ascending with nulls last and ties by name', () => {
    expect(names(sortToptierAgencies(rows, 'percentage_of_total_budget_authority', 'asc'))).toEqual(['Delta', 'Beta', 'Gamma', 'Alpha']);
  });

  it('sorts descending with nulls still last and ties by name descending', () => {
    expect(names(sortToptierAgencies(rows, 'percentage_of_total_budget_authority', 'desc'))).toEqual(['Gamma', 'Beta', 'Delta', 'Alpha']);
    expect(names(sortToptierAgencies(rows, 'agency_id', 'desc'))).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
  });
});

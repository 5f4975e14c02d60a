import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { escapeLike } from '../search/search-text';

/** Treasury account components, as the request's `filters` and the endpoint paths name them. */
export const ACCOUNT_COMPONENTS = ['ata', 'aid', 'bpoa', 'epoa', 'a', 'main', 'sub'] as const;
export type AccountComponent = (typeof ACCOUNT_COMPONENTS)[number];
export type AccountComponentFilters = Partial<Record<AccountComponent, string | null>>;

const COLUMN: Record<AccountComponent, string> = {
  ata: 'allocation_transfer_agency_id',
  aid: 'agency_id',
  bpoa: 'beginning_period_of_availability',
  epoa: 'ending_period_of_availability',
  a: 'availability_type_code',
  main: 'main_account_code',
  sub: 'sub_account_code',
};

const ValueRow = z.object({ value: z.string().nullable() });
const AgencyValueRow = z.object({ value: z.string(), agency_name: z.string(), agency_abbreviation: z.string() });

function conditions(component: AccountComponent, filters: AccountComponentFilters) {
  const parts = [];
  for (const key of ACCOUNT_COMPONENTS) {
    if (!(key in filters)) continue;
    const value = filters[key];
    if (value === undefined) continue;
    const column = sql.identifier(['t', COLUMN[key]]);
    if (value === null) parts.push(sql.fragment`${column} IS NULL`);
    // The component being completed matches by prefix; the others narrow by exact value.
    else if (key === component) parts.push(sql.fragment`${column} LIKE ${`${escapeLike(value)}%`}`);
    else parts.push(sql.fragment`${column} = ${value}`);
  }
  // An agency code list without blanks: ata is null on most accounts and would show up as a null "match".
  if (component === 'ata') parts.push(sql.fragment`${sql.identifier(['t', COLUMN.ata])} IS NOT NULL`);
  return parts.length === 0 ? sql.fragment`TRUE` : sql.join(parts, sql.fragment` AND `);
}

/**
 * Distinct values of one component over all Treasury accounts matching the filters, in code order
 * (nulls last), at most `limit`.
 */
export async function listAccountComponentValues(
  db: CommonQueryMethods,
  component: AccountComponent,
  filters: AccountComponentFilters,
  limit: number,
): Promise<Array<string | null>> {
  const column = sql.identifier(['t', COLUMN[component]]);
  const rows = await db.any(sql.type(ValueRow)`
    SELECT DISTINCT ${column} COLLATE "C" AS value
    FROM treasury_appropriation_account t
    WHERE ${conditions(component, filters)}
    ORDER BY value NULLS LAST
    LIMIT ${limit}
  `);
  return rows.map((r) => r.value);
}

/**
 * Like listAccountComponentValues for the agency components (aid, ata), with the CGAC agency each names; empty
 * strings for a code without a CGAC agency or abbreviation (the contract declares both strings).
 */
export async function listAccountAgencyValues(
  db: CommonQueryMethods,
  component: 'aid' | 'ata',
  filters: AccountComponentFilters,
  limit: number,
) {
  const column = sql.identifier(['t', COLUMN[component]]);
  return db.any(sql.type(AgencyValueRow)`
    SELECT v.value, coalesce(c.agency_name, '') AS agency_name, coalesce(c.agency_abbreviation, '') AS agency_abbreviation
    FROM (
      SELECT DISTINCT ${column} COLLATE "C" AS value
      FROM treasury_appropriation_account t
      WHERE ${conditions(component, filters)} AND ${column} IS NOT NULL
      ORDER BY value
      LIMIT ${limit}
    ) v
    LEFT JOIN cgac c ON c.cgac_code = v.value
    ORDER BY v.value
  `);
}

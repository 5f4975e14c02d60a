import { badRequest } from '@usas/errors';
import { sql } from 'slonik';
import type { LocationColumns } from './level-columns';
import { allOf, anyOf, col, type Fragment } from './sql-helpers';
import type { LocationFilter } from './types';

/** Country code of the United States in the read model (ISO 3166-1 alpha-3). */
const USA = 'USA';

/**
 * `*_scope`: domestic = country USA (btree index on the country column), foreign = anything else,
 * including rows without a country (upstream negates the domestic query, which keeps missing values).
 */
export function scopeFilter(scope: 'domestic' | 'foreign', columns: LocationColumns): Fragment {
  const country = col(columns.country);
  return scope === 'domestic' ? sql.fragment`${country} = ${USA}` : sql.fragment`${country} IS DISTINCT FROM ${USA}`;
}

/** Upstream's location rules: county and districts need a state; districts are USA-only and exclusive. */
function validateLocation(loc: LocationFilter, field: string, index: number): void {
  const fail = (message: string): never => {
    throw badRequest(`Invalid location in ${field}: ${message}`, [{ path: `/body/filters/${field}/${index}`, message, code: 'location' }]);
  };
  if (loc.county !== undefined && loc.state === undefined) fail('a county requires a state.');
  for (const key of ['district_original', 'district_current'] as const) {
    if (loc[key] === undefined) continue;
    if (loc.country !== USA) fail(`${key} is only valid with country USA.`);
    if (loc.state === undefined) fail(`${key} requires a state.`);
    if (loc.county !== undefined) fail(`${key} cannot be combined with a county.`);
  }
  if (loc.district_original !== undefined && loc.district_current !== undefined) {
    fail('district_original and district_current cannot be combined; use one of them.');
  }
}

/**
 * One location object: the AND of every given part. Codes compare upper-cased with `=` (btree index on
 * each column, the country/state pair first); the city compares `upper(city) = upper(input)` and expects an
 * expression index on `upper(<city column>)`. `FOREIGN` matches every country but the USA.
 */
function oneLocation(loc: LocationFilter, columns: LocationColumns): Fragment {
  const parts: Fragment[] = [];
  const country = loc.country.toUpperCase();
  parts.push(country === 'FOREIGN' ? scopeFilter('foreign', columns) : sql.fragment`${col(columns.country)} = ${country}`);
  const eq = (column: string, value: string | undefined) => {
    if (value !== undefined) parts.push(sql.fragment`${col(column)} = ${value.toUpperCase()}`);
  };
  eq(columns.state, loc.state);
  eq(columns.county, loc.county);
  eq(columns.districtOriginal, loc.district_original);
  eq(columns.districtCurrent, loc.district_current);
  if (loc.city !== undefined) parts.push(sql.fragment`upper(${col(columns.city)}) = ${loc.city.trim().toUpperCase()}`);
  eq(columns.zip, loc.zip);
  return allOf(parts);
}

/** `place_of_performance_locations` / `recipient_locations`: location objects OR-ed. */
export function locationsFilter(locations: readonly LocationFilter[], columns: LocationColumns, field: string): Fragment {
  locations.forEach((loc, i) => validateLocation(loc, field, i));
  return anyOf(locations.map((loc) => oneLocation(loc, columns)));
}

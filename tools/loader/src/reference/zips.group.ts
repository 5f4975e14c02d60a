import { sql } from 'slonik';
import { z } from 'zod';
import { STATES } from './fallback/places.data';
import type { Cell, ReferenceGroup } from './reference-group';
import { createTableWriter } from './table-writer';

const placeRow = z.object({ state_code: z.string(), county_code: z.string().nullable(), city_name: z.string() });
const districtRow = z.object({ state_abbreviation: z.string(), congressional_district: z.string() });

/**
 * Assigns ZIP codes to loaded places: each distinct (state, county, city), in sorted order, takes the
 * next free code inside its state's real 3-digit ZIP prefixes, until the state's prefixes are full;
 * its congressional district is one of the state's districts, chosen by county so a county stays
 * in few districts. The result is plausible, not USPS data: ZIP codes are not in the reference files.
 */
export function assignZips(places: Array<z.infer<typeof placeRow>>, districts: Map<string, string[]>): Cell[][] {
  const prefixes = new Map(STATES.map((s) => [s.code, s.zipPrefixes.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))]));
  // Territories sharing a prefix get disjoint slices of it (Guam 969 low numbers, Northern Marianas high).
  const slices: Record<string, [number, number]> = { GU: [10, 49], MP: [50, 99], AS: [99, 99] };
  const next = new Map<string, number>();
  const countyIndex = new Map<string, number>();
  const used = new Set<string>();
  const rows: Cell[][] = [];
  for (const p of places) {
    const stateCodes = prefixes.get(p.state_code);
    if (!stateCodes || stateCodes.length === 0) continue;
    const [low, high] = slices[p.state_code] ?? [1, 99];
    const perPrefix = high - low + 1;
    const capacity = stateCodes.length * perPrefix;
    let n = next.get(p.state_code) ?? 0;
    let zip = '';
    // Hawaii and American Samoa share prefix 967: skip a code another state already took.
    for (; n < capacity; n += 1) {
      const prefix = stateCodes[Math.floor(n / perPrefix)] ?? 0;
      zip = `${String(prefix).padStart(3, '0')}${String(low + (n % perPrefix)).padStart(2, '0')}`;
      if (!used.has(zip)) break;
    }
    next.set(p.state_code, n + 1);
    if (n >= capacity) continue;
    used.add(zip);
    const countyKey = `${p.state_code}-${p.county_code ?? ''}`;
    if (!countyIndex.has(countyKey)) countyIndex.set(countyKey, countyIndex.size);
    const stateDistricts = districts.get(p.state_code) ?? [];
    const district = stateDistricts.length === 0 ? null : (stateDistricts[(countyIndex.get(countyKey) ?? 0) % stateDistricts.length] ?? null);
    rows.push([zip, p.state_code, p.county_code, p.city_name, district]);
  }
  return rows;
}

export const zipsGroup: ReferenceGroup = {
  name: 'zips',
  // Derived from the places and districts loaded by earlier groups; their files decide when to redo it.
  files: ['city_county_codes.csv', 'census_2021_population_congressional_district.csv'],
  read: () => [],
  generate: () => [],
  load: async (tx) => {
    const places = await tx.any(sql.type(placeRow)`
      SELECT DISTINCT state_code, county_code, city_name FROM ref_city_county_state_code
      WHERE state_code IS NOT NULL AND city_name IS NOT NULL
      ORDER BY state_code, county_code NULLS LAST, city_name`);
    const districts = new Map<string, string[]>();
    for (const d of await tx.any(sql.type(districtRow)`
      SELECT state_abbreviation, congressional_district FROM ref_population_cong_district
      ORDER BY state_abbreviation, congressional_district`)) {
      const list = districts.get(d.state_abbreviation);
      if (list) list.push(d.congressional_district);
      else districts.set(d.state_abbreviation, [d.congressional_district]);
    }
    const writer = createTableWriter(tx);
    const rows = assignZips([...places], districts);
    await writer.write({ table: 'zips', columns: ['zip5', 'state_code', 'county_code', 'city_name', 'congressional_district'], key: ['zip5'], rows });
    await writer.finish();
    return { zips: rows.length };
  },
};

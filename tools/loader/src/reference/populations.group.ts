import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { digits, integer, required } from './field-parsers';
import { STATES } from './fallback/places.data';
import { generatedPlaces } from './generated-places';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const COUNTY_FILE = 'census_2020_population_county.csv';
const DISTRICT_FILE = 'census_2021_population_congressional_district.csv';

function tables(counties: Cell[][], districts: Cell[][]): TableRows[] {
  return [
    {
      table: 'ref_population_county',
      columns: ['state_code', 'county_number', 'state_name', 'county_name', 'latest_population'],
      key: ['state_code', 'county_number'],
      rows: counties,
    },
    {
      table: 'ref_population_cong_district',
      columns: ['state_code', 'state_name', 'state_abbreviation', 'congressional_district', 'latest_population'],
      key: ['state_abbreviation', 'congressional_district'],
      rows: districts,
    },
  ];
}

/** County populations (county 000 = the whole state); FIPS codes padded to 2 and 3 digits. */
function readCounties(dir: string): Cell[][] {
  const file = path.join(dir, COUNTY_FILE);
  const seen = new Map<string, number>();
  return readCsv(file, ['state_code', 'county_code', 'state_name', 'county_name', 'population']).map(({ line, values: v }) => {
    const at = { file, line };
    const state = digits(at, 'state_code', required(at, 'state_code', v.state_code), 2);
    const county = digits(at, 'county_code', required(at, 'county_code', v.county_code), 3);
    const key = `${state ?? ''}-${county ?? ''}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DataFileError(file, line, `county ${key} repeats line ${prior}`);
    seen.set(key, line);
    return [state, county, required(at, 'state_name', v.state_name), required(at, 'county_name', v.county_name), integer(at, 'population', v.population)];
  });
}

/** District populations; at-large seats are district 00, delegates (DC, territories) 98. */
function readDistricts(dir: string): Cell[][] {
  const file = path.join(dir, DISTRICT_FILE);
  const seen = new Map<string, number>();
  return readCsv(file, ['state_code', 'state_name', 'state_abbreviation', 'congressional_district', 'population']).map(({ line, values: v }) => {
    const at = { file, line };
    const abbreviation = required(at, 'state_abbreviation', v.state_abbreviation);
    if (!/^[A-Z]{2}$/.test(abbreviation)) throw new DataFileError(file, line, `state_abbreviation '${abbreviation}' is not 2 letters`);
    const district = digits(at, 'congressional_district', required(at, 'congressional_district', v.congressional_district), 2);
    const key = `${abbreviation}-${district ?? ''}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DataFileError(file, line, `district ${key} repeats line ${prior}`);
    seen.set(key, line);
    return [
      digits(at, 'state_code', required(at, 'state_code', v.state_code), 2),
      required(at, 'state_name', v.state_name),
      abbreviation,
      district,
      integer(at, 'population', v.population),
    ];
  });
}

/** Generated: a whole-state row and the invented counties per state; districts split each state evenly. */
function generate(): TableRows[] {
  const counties: Cell[][] = STATES.map((s) => [s.fips, '000', s.name, s.name, s.population]);
  for (const c of generatedPlaces().counties) counties.push([c.state.fips, c.code, c.state.name, c.name, c.population]);
  const districts: Cell[][] = STATES.flatMap((s) => {
    if (s.seats === 0) return [[s.fips, s.name, s.code, '98', s.population]];
    if (s.seats === 1) return [[s.fips, s.name, s.code, '00', s.population]];
    return Array.from({ length: s.seats }, (_, i) => [s.fips, s.name, s.code, String(i + 1).padStart(2, '0'), Math.round(s.population / s.seats)]);
  });
  return tables(counties, districts);
}

export const populationsGroup: ReferenceGroup = {
  name: 'populations',
  files: [COUNTY_FILE, DISTRICT_FILE],
  read: (dir) => tables(readCounties(dir), readDistricts(dir)),
  generate,
};

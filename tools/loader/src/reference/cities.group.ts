import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { digits, text } from './field-parsers';
import { generatedPlaces } from './generated-places';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FILE = 'city_county_codes.csv';
const COLUMNS = ['state_code', 'county_code', 'county_name', 'city_code', 'city_name', 'type_of_area'];

function table(rows: Cell[][]): TableRows {
  // No natural key (a place can appear once per county it spans) and nothing references the rows: refilled.
  return { table: 'ref_city_county_state_code', columns: COLUMNS, rows };
}

/** Places by state and county (state required); county codes are unpadded in the file and padded to 3 digits here. */
function readCities(dir: string): TableRows {
  const file = path.join(dir, FILE);
  return table(
    readCsv(file, COLUMNS).map(({ line, values: v }) => {
      const at = { file, line };
      const state = text(v.state_code);
      if (state !== null && !/^[A-Z]{2}$/.test(state)) throw new DataFileError(file, line, `state_code '${state}' is not 2 letters`);
      // Some rows name only a county (no city); they are kept, as upstream keeps them.
      if (state === null) throw new DataFileError(file, line, 'state_code is blank');
      return [state, digits(at, 'county_code', v.county_code, 3), text(v.county_name), text(v.city_code), text(v.city_name), text(v.type_of_area)];
    }),
  );
}

export const citiesGroup: ReferenceGroup = {
  name: 'cities',
  files: [FILE],
  read: (dir) => [readCities(dir)],
  generate: () => [
    table(generatedPlaces().cities.map((c) => [c.state.code, c.county.code, c.county.name.replace(/ (County|Parish|Borough|Municipio|District)$/, ''), c.code, c.name, c.type])),
  ],
};

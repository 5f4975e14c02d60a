import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { digits, integer, required, text } from './field-parsers';
import { STATES } from './fallback/places.data';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';
import { seededRandom } from './seeded-random';

const FILE = 'census_state_data.csv';
const COLUMNS = ['id', 'fips', 'code', 'name', 'type', 'year', 'population', 'median_household_income'];

function table(rows: Cell[][]): TableRows {
  return { table: 'state_data', columns: COLUMNS, key: ['id'], rows };
}

/** State profile figures per year; FIPS is unpadded in the file ('1') and padded here ('01'). */
function readStateData(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const seen = new Map<string, number>();
  return table(
    readCsv(file, ['FIPS', 'Code', 'Name', 'Type', 'Year', 'Population', 'Median Household Income']).map(({ line, values: v }) => {
      const at = { file, line };
      const fips = digits(at, 'FIPS', required(at, 'FIPS', v.FIPS), 2) ?? '';
      const year = integer(at, 'Year', required(at, 'Year', v.Year));
      const type = required(at, 'Type', v.Type);
      if (!['state', 'district', 'territory'].includes(type)) throw new DataFileError(file, line, `Type '${type}' is not state, district or territory`);
      const income = text(v['Median Household Income'])?.replace(/[$,]/g, '') ?? null;
      if (income !== null && !/^\d+(\.\d+)?$/.test(income)) throw new DataFileError(file, line, `Median Household Income '${income}' is not a number`);
      const id = `${fips}-${String(year)}`;
      const prior = seen.get(id);
      if (prior !== undefined) throw new DataFileError(file, line, `state ${fips} year ${String(year)} repeats line ${prior}`);
      seen.set(id, line);
      return [id, fips, required(at, 'Code', v.Code), required(at, 'Name', v.Name), type, year, integer(at, 'Population', v.Population), income];
    }),
  );
}

/** Generated: every state and territory for 2016-2023, population drifting from the 2020 count. */
function generate(): TableRows {
  const random = seededRandom('state-data');
  const rows: Cell[][] = [];
  for (const s of STATES) {
    const growth = 0.995 + random.next() * 0.02;
    const income2020 = random.int(42_000, 92_000);
    for (let year = 2016; year <= 2023; year += 1) {
      const population = Math.round(s.population * growth ** (year - 2020));
      rows.push([`${s.fips}-${year}`, s.fips, s.code, s.name, s.type, year, population, Math.round(income2020 * 1.03 ** (year - 2020))]);
    }
  }
  return table(rows);
}

export const stateDataGroup: ReferenceGroup = {
  name: 'state_data',
  files: [FILE],
  read: (dir) => [readStateData(dir)],
  generate: () => [generate()],
};

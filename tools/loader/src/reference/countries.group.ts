import path from 'node:path';
import { DataFileError } from '../csv';
import { GENERATED_COUNTRIES } from './fallback/countries.data';
import { readDjangoFixture } from './read-django-fixture';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FIXTURE = 'object_classes_and_countries.json';

function table(rows: Cell[][]): TableRows {
  return { table: 'ref_country_code', columns: ['country_code', 'country_name', 'latest_population'], key: ['country_code'], rows };
}

/** Countries of the Django fixture; it has no populations, so latest_population stays null. */
function readCountries(dir: string): TableRows {
  const file = path.join(dir, FIXTURE);
  const seen = new Map<string, number>();
  return table(
    readDjangoFixture(file, ['references.refcountrycode']).map(({ line, pk, fields }) => {
      // Codes are ISO 3166 alpha-3, plus a few placeholder codes with digits (e.g. 'AX2').
      if (typeof pk !== 'string' || !/^[A-Z][A-Z0-9]{2}$/.test(pk)) throw new DataFileError(file, line, `country code '${String(pk)}' is not 3 characters`);
      const name = fields.country_name;
      if (typeof name !== 'string' || name.trim() === '') throw new DataFileError(file, line, `country ${pk} has no name`);
      const prior = seen.get(pk);
      if (prior !== undefined) throw new DataFileError(file, line, `country ${pk} repeats line ${prior}`);
      seen.set(pk, line);
      return [pk, name.trim(), null];
    }),
  );
}

export const countriesGroup: ReferenceGroup = {
  name: 'countries',
  files: [FIXTURE],
  read: (dir) => [readCountries(dir)],
  generate: () => [table(GENERATED_COUNTRIES.map(([code, name, population]) => [code, name, population]))],
};

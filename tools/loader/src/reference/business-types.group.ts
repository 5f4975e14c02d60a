import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { required, text } from './field-parsers';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FILE = 'sam_business_types.csv';

/** A subset of SAM business type codes and names (public facts), for a bare machine. */
const GENERATED_TYPES: Array<[string, string]> = [
  ['2R', 'U.S. Federal Government'], ['2F', 'U.S. State Government'], ['12', 'U.S. Local Government'], ['3I', 'Tribal Government'],
  ['CY', 'Foreign Government'], ['2X', 'For Profit Organization'], ['A8', 'Non-Profit Organization'], ['LJ', 'Limited Liability Company'],
  ['XS', 'Subchapter S Corporation'], ['MF', 'Manufacturer of Goods'], ['A6', 'SBA Certified 8(a) Program Participant'],
  ['XX', 'SBA Certified HUBZone Small Business Concern'], ['A2', 'Woman Owned Business'], ['A5', 'Veteran Owned Business'],
  ['QF', 'Service Disabled Veteran Owned Business'], ['23', 'Minority Owned Business'], ['27', 'Self Certified Small Disadvantaged Business'],
  ['8W', 'Woman Owned Small Business'], ['8E', 'Economically Disadvantaged Women-Owned Small Business'],
];

/** snake_case of a name, cut to 26 characters like the labels of the source list. */
export function terseLabel(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 26);
}

function table(rows: Cell[][]): TableRows {
  return { table: 'sam_business_type', columns: ['code', 'readable_name', 'terse_label'], key: ['code'], rows };
}

function readBusinessTypes(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const seen = new Map<string, number>();
  return table(
    readCsv(file, ['code', 'readable_name', 'terse_label']).map(({ line, values: v }) => {
      const at = { file, line };
      const code = required(at, 'code', v.code);
      if (!/^[0-9A-Z]{2}$/.test(code)) throw new DataFileError(file, line, `code '${code}' is not 2 characters`);
      const prior = seen.get(code);
      if (prior !== undefined) throw new DataFileError(file, line, `code ${code} repeats line ${prior}`);
      seen.set(code, line);
      return [code, required(at, 'readable_name', v.readable_name), text(v.terse_label)];
    }),
  );
}

export const businessTypesGroup: ReferenceGroup = {
  name: 'business_types',
  files: [FILE],
  read: (dir) => [readBusinessTypes(dir)],
  generate: () => [table(GENERATED_TYPES.map(([code, name]) => [code, name, terseLabel(name)]))],
};

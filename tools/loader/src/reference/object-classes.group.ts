import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { text } from './field-parsers';
import { readDjangoFixture } from './read-django-fixture';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FIXTURE = 'object_classes_and_countries.json';
const MAX_FILE = 'object_class_max.csv';
const OC_COLUMNS = ['major_object_class', 'major_object_class_name', 'object_class', 'object_class_name', 'direct_reimbursable', 'direct_reimbursable_name'];

/** OMB Circular A-11 object classes: [major class, major name, [[class, name]]]. Public classification facts. */
export const OBJECT_CLASSES: Array<[string, string, Array<[string, string]>]> = [
  ['00', 'Unknown', [['000', 'Unknown']]],
  ['10', 'Personnel compensation and benefits', [
    ['111', 'Full-time permanent'], ['113', 'Other than full-time permanent'], ['115', 'Other personnel compensation'],
    ['116', 'Military personnel - basic allowance for housing'], ['117', 'Military personnel'], ['118', 'Special personal services payments'],
    ['121', 'Civilian personnel benefits'], ['122', 'Military personnel benefits'], ['130', 'Benefits for former personnel'],
  ]],
  ['20', 'Contractual services and supplies', [
    ['210', 'Travel and transportation of persons'], ['220', 'Transportation of things'], ['231', 'Rental payments to GSA'],
    ['232', 'Rental payments to others'], ['233', 'Communications, utilities, and miscellaneous charges'], ['240', 'Printing and reproduction'],
    ['251', 'Advisory and assistance services'], ['252', 'Other services from non-Federal sources'],
    ['253', 'Other goods and services from Federal sources'], ['254', 'Operation and maintenance of facilities'],
    ['255', 'Research and development contracts'], ['256', 'Medical care'], ['257', 'Operation and maintenance of equipment'],
    ['258', 'Subsistence and support of persons'], ['260', 'Supplies and materials'],
  ]],
  ['30', 'Acquisition of assets', [['310', 'Equipment'], ['320', 'Land and structures'], ['330', 'Investments and loans']]],
  ['40', 'Grants and fixed charges', [
    ['410', 'Grants, subsidies, and contributions'], ['420', 'Insurance claims and indemnities'], ['430', 'Interest and dividends'], ['440', 'Refunds'],
  ]],
  ['90', 'Other', [['910', 'Unvouchered'], ['920', 'Undistributed'], ['940', 'Financial transfers']]],
];

const DIRECT_REIMBURSABLE: Array<[string | null, string | null]> = [[null, null], ['D', 'Direct'], ['R', 'Reimbursable']];

function tables(classes: Cell[][], max: Cell[][]): TableRows[] {
  return [
    { table: 'object_class', columns: OC_COLUMNS, key: ['object_class', 'direct_reimbursable'], rows: classes },
    { table: 'object_class_max', columns: ['code', 'name'], key: ['code'], rows: max },
  ];
}

function str(file: string, line: number, fields: Record<string, unknown>, name: string, pattern?: RegExp): string | null {
  const v = fields[name];
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string') throw new DataFileError(file, line, `${name} is not a string`);
  if (pattern && !pattern.test(v)) throw new DataFileError(file, line, `${name} '${v}' does not match ${String(pattern)}`);
  return v;
}

function readObjectClasses(dir: string): Cell[][] {
  const file = path.join(dir, FIXTURE);
  const seen = new Map<string, number>();
  return readDjangoFixture(file, ['references.objectclass']).map(({ line, fields }) => {
    const row = [
      str(file, line, fields, 'major_object_class', /^\d{2}$/),
      str(file, line, fields, 'major_object_class_name'),
      str(file, line, fields, 'object_class', /^\d{3}$/),
      str(file, line, fields, 'object_class_name'),
      str(file, line, fields, 'direct_reimbursable', /^[DR]$/),
      str(file, line, fields, 'direct_reimbursable_name'),
    ];
    if (row.slice(0, 4).includes(null)) throw new DataFileError(file, line, 'object class without a code or name');
    const key = `${String(row[2])}/${String(row[4])}`;
    const prior = seen.get(key);
    if (prior !== undefined) throw new DataFileError(file, line, `object class ${key} repeats line ${prior}`);
    seen.set(key, line);
    return row;
  });
}

/** MAX object classes: 4-digit codes, plus the 3-digit rollups the file also lists; blank spacer rows skipped. */
function readObjectClassMax(dir: string): Cell[][] {
  const file = path.join(dir, MAX_FILE);
  const rows = new Map<string, Cell[]>();
  for (const { line, values: v } of readCsv(file, ['MAX OC Code', 'MAX Object Class name'])) {
    const code = text(v['MAX OC Code']);
    const name = text(v['MAX Object Class name']);
    if (code === null && name === null) continue;
    if (code === null || !/^\d{3,4}$/.test(code)) throw new DataFileError(file, line, `MAX OC Code '${code ?? ''}' is not 3 or 4 digits`);
    if (name === null) throw new DataFileError(file, line, `MAX object class ${code} has no name`);
    if (rows.has(code)) throw new DataFileError(file, line, `MAX OC Code ${code} repeats`);
    rows.set(code, [code, name]);
  }
  return [...rows.values()];
}

export const objectClassesGroup: ReferenceGroup = {
  name: 'object_classes',
  files: [FIXTURE, MAX_FILE],
  read: (dir) => tables(readObjectClasses(dir), readObjectClassMax(dir)),
  generate: () =>
    tables(
      OBJECT_CLASSES.flatMap(([major, majorName, classes]) =>
        classes.flatMap(([code, name]) => DIRECT_REIMBURSABLE.map(([dr, drName]) => [major, majorName, code, name, dr, drName])),
      ),
      // MAX codes refine a 3-digit class with a fourth digit; the generated set uses the class's first refinement.
      OBJECT_CLASSES.flatMap(([, , classes]) => classes.filter(([code]) => code !== '000').map(([code, name]) => [`${code}1`, name])),
    ),
};

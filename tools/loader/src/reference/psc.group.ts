import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { required, text, usDate } from './field-parsers';
import { GENERATED_PSC } from './fallback/psc.data';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FILE = 'psc_codes.csv';
const COLUMNS = ['code', 'description', 'start_date', 'end_date', 'full_name', 'excludes', 'notes', 'includes'];

function table(rows: Cell[][]): TableRows {
  return { table: 'psc', columns: COLUMNS, key: ['code'], rows };
}

/** PSC codes: 1-4 characters (letters for services and R&D, digits for products); dates are M/D/YY. */
function readPsc(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const seen = new Map<string, number>();
  const rows = readCsv(file, ['PSC CODE', 'PRODUCT AND SERVICE CODE NAME', 'START DATE', 'END DATE']).map(({ line, values: v }) => {
    const at = { file, line };
    const code = required(at, 'PSC CODE', v['PSC CODE']);
    if (!/^[0-9A-Z]{1,4}$/.test(code)) throw new DataFileError(file, line, `PSC CODE '${code}' is not 1-4 letters or digits`);
    const prior = seen.get(code);
    if (prior !== undefined) throw new DataFileError(file, line, `PSC CODE ${code} repeats line ${prior}`);
    seen.set(code, line);
    return [
      code,
      text(v['PRODUCT AND SERVICE CODE NAME']),
      usDate(at, 'START DATE', v['START DATE']),
      usDate(at, 'END DATE', v['END DATE']),
      text(v['PRODUCT AND SERVICE CODE FULL NAME']),
      text(v['PRODUCT AND SERVICE CODE EXCLUDES']),
      text(v['PRODUCT AND SERVICE CODE NOTES']),
      // The source header misspells INCLUDES; accept either spelling.
      text(v['PRODUCT AND SERVICE CODE INICLUDES'] ?? v['PRODUCT AND SERVICE CODE INCLUDES']),
    ];
  });
  return table(rows);
}

export const pscGroup: ReferenceGroup = {
  name: 'psc',
  files: [FILE],
  read: (dir) => [readPsc(dir)],
  generate: () => [table(GENERATED_PSC.map(([code, name]) => [code, name, '2015-10-01', null, name, null, null, null]))],
};

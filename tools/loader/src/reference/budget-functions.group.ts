import path from 'node:path';
import { DataFileError, blankToNull, readCsv } from '../csv';
import type { ReferenceGroup, TableRows } from './reference-group';

const FN = 'Function Code';
const FN_TITLE = 'Function Description';
const SUB = 'Sub Function Code';
const SUB_TITLE = 'Sub Function Description';

/** Budget functions and subfunctions, as named by the Treasury account list. */
export const GENERATED_BUDGET_FUNCTIONS: Array<[string, string, Array<[string, string]>]> = [
  ['050', 'National Defense', [['051', 'Department of Defense-Military'], ['053', 'Atomic energy defense activities']]],
  ['150', 'International Affairs', [['151', 'International development and humanitarian assistance'], ['153', 'Conduct of foreign affairs']]],
  ['250', 'General Science, Space, and Technology', [['251', 'General science and basic research'], ['252', 'Space flight, research, and supporting activities']]],
  ['300', 'Natural Resources and Environment', [['301', 'Water resources'], ['304', 'Pollution control and abatement']]],
  ['400', 'Transportation', [['401', 'Ground transportation'], ['402', 'Air transportation']]],
  ['500', 'Education, Training, Employment, and Social Services', [['501', 'Elementary, secondary, and vocational education'], ['502', 'Higher education']]],
  ['550', 'Health', [['551', 'Health care services'], ['552', 'Health research and training']]],
  ['600', 'Income Security', [['603', 'Unemployment compensation'], ['605', 'Food and nutrition assistance']]],
  ['750', 'Administration of Justice', [['751', 'Federal law enforcement activities'], ['752', 'Federal litigative and judicial activities']]],
  ['800', 'General Government', [['801', 'Legislative functions'], ['803', 'Central fiscal operations']]],
];

const tables = (functions: Map<string, string>, subs: Map<string, [string, string]>): TableRows[] => [
  {
    table: 'budget_function',
    columns: ['budget_function_code', 'budget_function_title'],
    key: ['budget_function_code'],
    rows: [...functions].sort(([a], [b]) => a.localeCompare(b)),
  },
  {
    table: 'budget_subfunction',
    columns: ['budget_subfunction_code', 'budget_subfunction_title', 'budget_function_code'],
    key: ['budget_subfunction_code'],
    rows: [...subs].sort(([a], [b]) => a.localeCompare(b)).map(([code, [title, fn]]) => [code, title, fn]),
  },
];

export const budgetFunctionsGroup: ReferenceGroup = {
  name: 'budget_functions',
  files: ['tas_list.csv'],
  read: (dir) => {
    const file = path.join(dir, 'tas_list.csv');
    const functions = new Map<string, string>();
    const subs = new Map<string, [string, string]>();
    for (const { line, values } of readCsv(file, [FN, FN_TITLE, SUB, SUB_TITLE])) {
      const fn = blankToNull(values[FN]);
      const sub = blankToNull(values[SUB]);
      if (fn === null) continue; // accounts without a budget function (e.g. receipt accounts)
      if (!/^\d{3}$/.test(fn)) throw new DataFileError(file, line, `invalid budget function code '${fn}'`);
      const fnTitle = blankToNull(values[FN_TITLE]);
      if (fnTitle === null) throw new DataFileError(file, line, `budget function ${fn} has no title`);
      if (!functions.has(fn)) functions.set(fn, fnTitle);
      if (sub === null) continue;
      if (!/^\d{3}$/.test(sub)) throw new DataFileError(file, line, `invalid budget subfunction code '${sub}'`);
      const subTitle = blankToNull(values[SUB_TITLE]);
      if (subTitle === null) throw new DataFileError(file, line, `budget subfunction ${sub} has no title`);
      if (!subs.has(sub)) subs.set(sub, [subTitle, fn]);
    }
    return tables(functions, subs);
  },
  generate: () => {
    const functions = new Map<string, string>();
    const subs = new Map<string, [string, string]>();
    for (const [code, title, children] of GENERATED_BUDGET_FUNCTIONS) {
      functions.set(code, title);
      for (const [subCode, subTitle] of children) subs.set(subCode, [subTitle, code]);
    }
    return tables(functions, subs);
  },
};

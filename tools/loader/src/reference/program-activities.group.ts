import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { digits, required } from './field-parsers';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';
import { seededRandom } from './seeded-random';
import { generatedTas } from './treasury-accounts.group';

const FILE = 'program_activity.csv';
const COLUMNS = ['program_activity_code', 'program_activity_name', 'budget_year', 'responsible_agency_id', 'allocation_transfer_agency_id', 'main_account_code'];

function table(rows: Cell[][]): TableRows {
  // The whole row is the natural key (upstream's unique constraint): a renamed activity is a new row.
  return { table: 'ref_program_activity', columns: COLUMNS, key: COLUMNS, rows };
}

/** Program activities; the file drops leading zeros, so codes are padded (activity 4, agency 3, account 4). */
function readProgramActivities(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const rows = new Map<string, Cell[]>();
  for (const { line, values: v } of readCsv(file, ['year', 'agency_id', 'alloc_id', 'account', 'pa_code', 'pa_name'])) {
    const at = { file, line };
    const year = required(at, 'year', v.year);
    if (!/^\d{4}$/.test(year)) throw new DataFileError(file, line, `year '${year}' is not a 4-digit year`);
    const row = [
      digits(at, 'pa_code', required(at, 'pa_code', v.pa_code), 4),
      required(at, 'pa_name', v.pa_name),
      year,
      digits(at, 'agency_id', v.agency_id, 3),
      digits(at, 'alloc_id', v.alloc_id, 3),
      digits(at, 'account', v.account, 4),
    ];
    // The file repeats some rows verbatim; one copy is kept.
    rows.set(JSON.stringify(row), row);
  }
  return table([...rows.values()]);
}

const ACTIVITY_NAMES = [
  'Program Management', 'Administrative Support', 'Research Programs', 'Grants to States and Localities',
  'Facility Operations', 'Information Technology', 'Construction and Major Repairs', 'Training and Outreach',
  'Compliance and Enforcement', 'Data Collection and Analysis', 'Technical Assistance', 'Direct Program Activities',
  'Reimbursable Program Activity', 'Policy Development', 'Field Operations', 'Equipment Modernization',
];

/** Two to four activities per generated federal account, the same set in each budget year 2017-2026. */
export function generatedProgramActivities(): Cell[][] {
  const random = seededRandom('program-activities');
  const accounts = new Map<string, { aid: string; main: string }>();
  for (const t of generatedTas()) accounts.set(`${t.aid}-${t.main}`, { aid: t.aid, main: t.main });
  const rows: Cell[][] = [];
  for (const { aid, main } of [...accounts.values()].sort((a, b) => `${a.aid}${a.main}`.localeCompare(`${b.aid}${b.main}`))) {
    const names = [...ACTIVITY_NAMES];
    const count = random.int(2, 4);
    const activities = Array.from({ length: count }, (_, i) => [String(i + 1).padStart(4, '0'), names.splice(random.int(0, names.length - 1), 1)[0] ?? 'Other']);
    for (let year = 2017; year <= 2026; year += 1) {
      for (const [code, name] of activities) rows.push([code ?? '0001', name ?? 'Other', String(year), aid, null, main]);
    }
  }
  return rows;
}

export const programActivitiesGroup: ReferenceGroup = {
  name: 'program_activities',
  files: [FILE],
  read: (dir) => [readProgramActivities(dir)],
  generate: () => [table(generatedProgramActivities())],
};

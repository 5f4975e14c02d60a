import path from 'node:path';
import { sql } from 'slonik';
import { DataFileError, readCsv } from '../csv';
import { required, text, usDate } from './field-parsers';
import { GENERATED_TOPTIERS } from './fallback/agencies.data';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';
import { seededRandom } from './seeded-random';
import { createTableWriter } from './table-writer';

const FILE = 'contracting_offices.csv';

const COLUMNS = [
  'office_code', 'office_name', 'sub_tier_code', 'contract_awards_office', 'contract_funding_office',
  'financial_assistance_awards_office', 'financial_assistance_funding_office', 'start_date', 'end_date',
  'city', 'state', 'zip', 'country',
];

function officeTable(rows: Cell[][]): TableRows {
  return { table: 'office', columns: COLUMNS, key: ['office_code'], rows: rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))) };
}

function readOffices(dir: string): TableRows {
  const file = path.join(dir, FILE);
  // FPDS lists a few offices under two subtier agencies; the later row wins, as a later load would.
  const offices = new Map<string, Cell[]>();
  for (const { line, values: v } of readCsv(file, ['AGENCY_CODE', 'CONTRACTING_OFFICE_CODE', 'CONTRACTING_OFFICE_NAME', 'START_DATE', 'END_DATE'])) {
    const at = { file, line };
    const code = required(at, 'CONTRACTING_OFFICE_CODE', v.CONTRACTING_OFFICE_CODE);
    if (!/^[0-9A-Z]{6}$/.test(code)) throw new DataFileError(file, line, `CONTRACTING_OFFICE_CODE '${code}' is not 6 characters`);
    const subtier = required(at, 'AGENCY_CODE', v.AGENCY_CODE);
    if (!/^[0-9A-Z]{4}$/.test(subtier)) throw new DataFileError(file, line, `AGENCY_CODE '${subtier}' is not 4 characters`);
    offices.set(code, [
      code,
      required(at, 'CONTRACTING_OFFICE_NAME', v.CONTRACTING_OFFICE_NAME),
      subtier,
      // Every office in the FPDS list awards and funds contracts; none is known to handle assistance.
      true,
      true,
      false,
      false,
      usDate(at, 'START_DATE', v.START_DATE),
      usDate(at, 'END_DATE', v.END_DATE),
      text(v.ADDRESS_CITY),
      text(v.ADDRESS_STATE),
      text(v.ZIP_CODE),
      text(v.COUNTRY_CODE),
    ]);
  }
  return officeTable([...offices.values()]);
}

/** Federal hubs (city, state, ZIP) that generated offices are placed in. */
const OFFICE_SITES: Array<[string, string, string]> = [
  ['WASHINGTON', 'DC', '20001'], ['ARLINGTON', 'VA', '22202'], ['ATLANTA', 'GA', '30303'], ['DENVER', 'CO', '80225'],
  ['KANSAS CITY', 'MO', '64106'], ['SAN FRANCISCO', 'CA', '94103'], ['SEATTLE', 'WA', '98174'], ['CHICAGO', 'IL', '60604'],
  ['DALLAS', 'TX', '75242'], ['BOSTON', 'MA', '02203'], ['PHILADELPHIA', 'PA', '19106'], ['SAN ANTONIO', 'TX', '78234'],
  ['HUNTSVILLE', 'AL', '35812'], ['NORFOLK', 'VA', '23511'], ['DAYTON', 'OH', '45433'], ['ALBUQUERQUE', 'NM', '87102'],
  ['BALTIMORE', 'MD', '21201'], ['NEW YORK', 'NY', '10278'], ['SALT LAKE CITY', 'UT', '84138'], ['HONOLULU', 'HI', '96850'],
];

const CONTRACT_OFFICE_KINDS = ['OFFICE OF ACQUISITION MANAGEMENT', 'CONTRACTING DIVISION', 'REGIONAL CONTRACTING OFFICE', 'PROCUREMENT BRANCH'];
const ASSISTANCE_OFFICE_KINDS = ['GRANTS MANAGEMENT OFFICE', 'OFFICE OF FINANCIAL ASSISTANCE'];
const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Two to four offices per generated subtier: contracting offices, and a grants office for most. */
export function generatedOffices(): Cell[][] {
  const random = seededRandom('offices');
  const rows: Cell[][] = [];
  const used = new Set<string>();
  for (const toptier of GENERATED_TOPTIERS) {
    for (const [subtierCode, , abbreviation] of toptier.subtiers) {
      const count = random.int(2, 4);
      for (let i = 0; i < count; i += 1) {
        let code: string;
        do code = `${subtierCode}${random.pick([...CODE_CHARS])}${random.pick([...CODE_CHARS])}`;
        while (used.has(code));
        used.add(code);
        const assistance = i === count - 1 && random.next() < 0.7;
        const [city, state, zip] = random.pick(OFFICE_SITES);
        const kind = random.pick(assistance ? ASSISTANCE_OFFICE_KINDS : CONTRACT_OFFICE_KINDS);
        rows.push([
          code,
          `${abbreviation ?? subtierCode} ${kind} ${city}`,
          subtierCode,
          !assistance,
          !assistance,
          assistance,
          assistance,
          `${random.int(2008, 2016)}-10-01`,
          null,
          city,
          state,
          zip,
          'USA',
        ]);
      }
    }
  }
  return rows;
}

export const officesGroup: ReferenceGroup = {
  name: 'offices',
  // The toptier code of each office comes from the agency file, so a change there reloads offices too.
  files: [FILE, 'agency_codes.csv'],
  read: (dir) => [readOffices(dir)],
  generate: () => [officeTable(generatedOffices())],
  load: async (tx, tables) => {
    const offices = tables.find((t) => t.table === 'office');
    if (!offices) throw new Error('offices group produced no office table');
    const writer = createTableWriter(tx);
    const staged = await writer.stage('office_rows', offices.columns, offices.rows);
    const source = await writer.derive(
      'office',
      sql.fragment`
        SELECT o.*, ta.toptier_code AS agency_code
        FROM ${staged} AS o
        LEFT JOIN subtier_agency AS sa ON sa.subtier_code = o.sub_tier_code
        LEFT JOIN agency AS a ON a.subtier_agency_id = sa.subtier_agency_id
        LEFT JOIN toptier_agency AS ta ON ta.toptier_agency_id = a.toptier_agency_id`,
    );
    await writer.upsert({ table: 'office', columns: [...offices.columns, 'agency_code'], key: ['office_code'], source });
    await writer.finish();
    return { office: offices.rows.length };
  },
};

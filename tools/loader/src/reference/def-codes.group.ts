import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import type { ReferenceGroup, TableRows } from './reference-group';

/** Groups and earliest enactment dates of the laws behind them (reference-data README). */
const COVID_CODES = new Set(['L', 'M', 'N', 'O', 'P', 'U', 'V']);
const COVID_ENACTED = '2020-03-06';
const IIJA_CODES = new Set(['Z', '1']);
const IIJA_ENACTED = '2021-11-15';

const COLUMNS = ['code', 'public_law', 'title', 'group_name', 'urls', 'earliest_public_law_enactment_date'];

/** `Emergency PL 116-136` -> `Emergency P.L. 116-136`; runs of spaces collapsed. */
export function publicLawText(title: string): string {
  return title.replace(/\s+/g, ' ').trim().replace(/\bPLs\b/g, 'P.L.s').replace(/\bPL\b/g, 'P.L.');
}

/** congress.gov links of every public law number named in the title (`116-136` -> .../116/plaws/publ136/...). */
export function publicLawUrls(title: string): string | null {
  const numbers = [...title.matchAll(/\b(1\d\d)-(\d{1,3})\b/g)].map((m) => [m[1], m[2]] as const);
  if (numbers.length === 0) return null;
  return numbers.map(([congress, law]) => `https://www.congress.gov/${congress}/plaws/publ${law}/PLAW-${congress}publ${law}.htm`).join('|');
}

function defCodeRow(code: string, title: string): TableRows['rows'][number] {
  const group = COVID_CODES.has(code) ? 'covid_19' : IIJA_CODES.has(code) ? 'infrastructure' : null;
  const enacted = group === 'covid_19' ? COVID_ENACTED : group === 'infrastructure' ? IIJA_ENACTED : null;
  const clean = title.replace(/\s+/g, ' ').trim();
  return [code, publicLawText(clean), clean, group, publicLawUrls(clean), enacted];
}

export const defCodesGroup: ReferenceGroup = {
  name: 'def_codes',
  files: ['def_codes.csv'],
  read: (dir) => {
    const file = path.join(dir, 'def_codes.csv');
    const seen = new Set<string>();
    const rows = readCsv(file, ['DEFC_CODE', 'DEFC_TITLE']).map(({ line, values }) => {
      const code = (values.DEFC_CODE ?? '').trim();
      const title = values.DEFC_TITLE ?? '';
      if (!/^[A-Z0-9]{1,3}$/.test(code)) throw new DataFileError(file, line, `invalid DEF code '${code}'`);
      if (title.trim() === '') throw new DataFileError(file, line, `DEF code ${code} has no title`);
      if (seen.has(code)) throw new DataFileError(file, line, `duplicate DEF code '${code}'`);
      seen.add(code);
      return defCodeRow(code, title);
    });
    return [{ table: 'disaster_emergency_fund_code', columns: COLUMNS, key: ['code'], rows }];
  },
  generate: () => [
    {
      table: 'disaster_emergency_fund_code',
      columns: COLUMNS,
      key: ['code'],
      // A small generated set: codes of each kind (plain, COVID-19, IIJA) with their public laws.
      rows: [
        defCodeRow('A', 'Emergency PL 115-56'),
        defCodeRow('B', 'Emergency PL 115-72'),
        defCodeRow('L', 'Emergency PL 116-123'),
        defCodeRow('M', 'Emergency PL 116-127'),
        defCodeRow('N', 'Emergency PL 116-136'),
        defCodeRow('O', 'Nonemergency PLs 116-136, 116-139'),
        defCodeRow('P', 'Emergency PL 116-139'),
        defCodeRow('Q', 'Not Designated Nonemergency/Emergency/Disaster/Wildfire Suppression'),
        defCodeRow('U', 'Emergency PL 116-260 (Division M)'),
        defCodeRow('V', 'Nonemergency PL 117-2'),
        defCodeRow('Z', 'Emergency PL 117-58 (Division J)'),
        defCodeRow('1', 'Nonemergency PL 117-58 (Divisions A-I, K)'),
      ],
    },
  ],
};

import path from 'node:path';
import { DataFileError, readCsv } from '../csv';
import { required } from './field-parsers';
import type { Cell, ReferenceGroup, TableRows } from './reference-group';

const FILE = 'naics.csv';

/** The 2-digit NAICS sectors and their published titles (public classification facts). */
export const NAICS_SECTORS: Record<string, string> = {
  '11': 'Agriculture, Forestry, Fishing and Hunting',
  '21': 'Mining, Quarrying, and Oil and Gas Extraction',
  '22': 'Utilities',
  '23': 'Construction',
  '31': 'Manufacturing',
  '32': 'Manufacturing',
  '33': 'Manufacturing',
  '42': 'Wholesale Trade',
  '44': 'Retail Trade',
  '45': 'Retail Trade',
  '48': 'Transportation and Warehousing',
  '49': 'Transportation and Warehousing',
  '51': 'Information',
  '52': 'Finance and Insurance',
  '53': 'Real Estate and Rental and Leasing',
  '54': 'Professional, Scientific, and Technical Services',
  '55': 'Management of Companies and Enterprises',
  '56': 'Administrative and Support and Waste Management and Remediation Services',
  '61': 'Educational Services',
  '62': 'Health Care and Social Assistance',
  '71': 'Arts, Entertainment, and Recreation',
  '72': 'Accommodation and Food Services',
  '81': 'Other Services (except Public Administration)',
  '92': 'Public Administration',
};

/** Real 6-digit NAICS industries used by the generated set (code and published title). */
const GENERATED_INDUSTRIES: Array<[string, string]> = [
  ['111110', 'Soybean Farming'], ['111150', 'Corn Farming'], ['115310', 'Support Activities for Forestry'],
  ['211120', 'Crude Petroleum Extraction'], ['221118', 'Other Electric Power Generation'], ['221310', 'Water Supply and Irrigation Systems'],
  ['236220', 'Commercial and Institutional Building Construction'], ['237310', 'Highway, Street, and Bridge Construction'],
  ['238220', 'Plumbing, Heating, and Air-Conditioning Contractors'], ['325412', 'Pharmaceutical Preparation Manufacturing'],
  ['325414', 'Biological Product (except Diagnostic) Manufacturing'], ['334111', 'Electronic Computer Manufacturing'],
  ['334511', 'Search, Detection, Navigation, Guidance, Aeronautical, and Nautical System and Instrument Manufacturing'],
  ['336411', 'Aircraft Manufacturing'], ['336414', 'Guided Missile and Space Vehicle Manufacturing'], ['336611', 'Ship Building and Repairing'],
  ['423430', 'Computer and Computer Peripheral Equipment and Software Merchant Wholesalers'],
  ['423450', 'Medical, Dental, and Hospital Equipment and Supplies Merchant Wholesalers'], ['424210', 'Drugs and Druggists\' Sundries Merchant Wholesalers'],
  ['481211', 'Nonscheduled Chartered Passenger Air Transportation'], ['484121', 'General Freight Trucking, Long-Distance, Truckload'],
  ['488190', 'Other Support Activities for Air Transportation'], ['493110', 'General Warehousing and Storage'],
  ['517810', 'All Other Telecommunications'], ['518210', 'Data Processing, Hosting, and Related Services'],
  ['524114', 'Direct Health and Medical Insurance Carriers'], ['531120', 'Lessors of Nonresidential Buildings (except Miniwarehouses)'],
  ['541330', 'Engineering Services'], ['541511', 'Custom Computer Programming Services'], ['541512', 'Computer Systems Design Services'],
  ['541519', 'Other Computer Related Services'], ['541611', 'Administrative Management and General Management Consulting Services'],
  ['541715', 'Research and Development in the Physical, Engineering, and Life Sciences (except Nanotechnology and Biotechnology)'],
  ['541990', 'All Other Professional, Scientific, and Technical Services'], ['561210', 'Facilities Support Services'],
  ['561612', 'Security Guards and Patrol Services'], ['562910', 'Remediation Services'], ['611310', 'Colleges, Universities, and Professional Schools'],
  ['611430', 'Professional and Management Development Training'], ['621111', 'Offices of Physicians (except Mental Health Specialists)'],
  ['622110', 'General Medical and Surgical Hospitals'], ['624190', 'Other Individual and Family Services'],
  ['721110', 'Hotels (except Casino Hotels) and Motels'], ['722310', 'Food Service Contractors'],
  ['811219', 'Other Electronic and Precision Equipment Repair and Maintenance'], ['813319', 'Other Social Advocacy Organizations'],
  ['921190', 'Other General Government Support'], ['928110', 'National Security'],
];

/**
 * Adds the 2-, 3- and 4-digit parents the hierarchy needs. Sectors get their published titles. The
 * 3- and 4-digit titles are not in the source, so they are derived from the children (the only child's
 * title, or "Industries such as <first child>; <second child>") and flagged `derived`.
 */
export function naicsWithParents(industries: Array<[string, string]>): Cell[][] {
  const sorted = [...industries].sort(([a], [b]) => a.localeCompare(b));
  const rows: Cell[][] = sorted.map(([code, description]) => [code, description, null, false]);
  for (const width of [4, 3]) {
    const children = new Map<string, string[]>();
    for (const [code, description] of sorted) {
      const parent = code.slice(0, width);
      const list = children.get(parent);
      if (list) list.push(description);
      else children.set(parent, [description]);
    }
    for (const [parent, titles] of children) {
      const [first, second] = [...new Set(titles)];
      rows.push([parent, second === undefined ? (first ?? parent) : `Industries such as ${first ?? ''}; ${second}`, null, true]);
    }
  }
  for (const sector of new Set(sorted.map(([code]) => code.slice(0, 2)))) {
    const title = NAICS_SECTORS[sector];
    rows.push([sector, title ?? `Sector ${sector}`, null, title === undefined]);
  }
  return rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

function table(rows: Cell[][]): TableRows {
  return { table: 'naics', columns: ['code', 'description', 'year_retired', 'derived'], key: ['code'], rows };
}

/** 6-digit codes; the file appends an older edition's titles for a few codes, so the first title wins. */
function readNaics(dir: string): TableRows {
  const file = path.join(dir, FILE);
  const industries = new Map<string, string>();
  for (const { line, values: v } of readCsv(file, ['naics_code', 'naics_description'])) {
    const at = { file, line };
    const code = required(at, 'naics_code', v.naics_code);
    if (!/^\d{6}$/.test(code)) throw new DataFileError(file, line, `naics_code '${code}' is not 6 digits`);
    const description = required(at, 'naics_description', v.naics_description);
    if (!industries.has(code)) industries.set(code, description);
  }
  return table(naicsWithParents([...industries]));
}

export const naicsGroup: ReferenceGroup = {
  name: 'naics',
  files: [FILE],
  read: (dir) => [readNaics(dir)],
  generate: () => [table(naicsWithParents(GENERATED_INDUSTRIES))],
};

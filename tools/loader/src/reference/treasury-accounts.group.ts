import path from 'node:path';
import { sql, type DatabaseTransactionConnection, type IdentifierSqlToken } from 'slonik';
import { DataFileError, readCsv } from '../csv';
import { DOD_CGAC, DOD_SUBSUMED_CGACS } from './agencies.group';
import { GENERATED_BUDGET_FUNCTIONS } from './budget-functions.group';
import { integer, required, text, usDate, type At } from './field-parsers';
import { GENERATED_TOPTIERS } from './fallback/agencies.data';
import type { ReferenceGroup, TableRows } from './reference-group';
import { seededRandom } from './seeded-random';
import { createTableWriter } from './table-writer';

const FILE = 'tas_list.csv';

/** One Treasury account symbol with its attributes, as parsed or generated. */
export interface TasRecord {
  acctNum: number | null;
  ata: string | null;
  aid: string;
  bpoa: string | null;
  epoa: string | null;
  availability: string | null;
  main: string;
  sub: string;
  title: string | null;
  reportingAgencyId: string | null;
  reportingAgencyName: string | null;
  bureauCode: string | null;
  bureauName: string | null;
  frEntityCode: string | null;
  frEntityDescription: string | null;
  functionCode: string | null;
  functionTitle: string | null;
  subfunctionCode: string | null;
  subfunctionTitle: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** `[ATA-]AID-(A|BPOA/EPOA)-MAIN-SUB`, upstream's display form of a Treasury account symbol. */
export function tasRenderingLabel(t: Pick<TasRecord, 'ata' | 'aid' | 'availability' | 'bpoa' | 'epoa' | 'main' | 'sub'>): string {
  const period = t.availability ?? `${t.bpoa ?? ''}/${t.epoa ?? ''}`;
  return `${t.ata === null ? '' : `${t.ata}-`}${t.aid}-${period}-${t.main}-${t.sub}`;
}

const TAS_COLUMNS = [
  'tas_rendering_label', 'allocation_transfer_agency_id', 'agency_id', 'beginning_period_of_availability',
  'ending_period_of_availability', 'availability_type_code', 'main_account_code', 'sub_account_code', 'account_title',
  'reporting_agency_id', 'reporting_agency_name', 'budget_bureau_code', 'budget_bureau_name', 'fr_entity_code',
  'fr_entity_description', 'budget_function_code', 'budget_function_title', 'budget_subfunction_code',
  'budget_subfunction_title', 'internal_start_date', 'internal_end_date', 'acct_num',
];
const FA_COLUMNS = ['federal_account_code', 'agency_identifier', 'main_account_code', 'account_title'];

/**
 * Which TAS names its federal account: the latest beginning period of availability, where a no-year
 * account (no BPOA, availability X) counts as the latest (it is open-ended); then the newest ACCT_NUM.
 */
function namesAccountBefore(a: TasRecord, b: TasRecord): boolean {
  if (a.bpoa !== b.bpoa) {
    if (a.bpoa === null) return true;
    if (b.bpoa === null) return false;
    return a.bpoa > b.bpoa;
  }
  return (a.acctNum ?? 0) > (b.acctNum ?? 0);
}

/** treasury_appropriation_account rows and the federal accounts (AID-MAIN) they roll up to. */
export function treasuryTables(records: TasRecord[]): TableRows[] {
  const titleSource = new Map<string, TasRecord>();
  for (const r of records) {
    const code = `${r.aid}-${r.main}`;
    const prior = titleSource.get(code);
    if (!prior || namesAccountBefore(r, prior)) titleSource.set(code, r);
  }
  const accounts = [...titleSource].map(([code, r]) => [code, r.aid, r.main, r.title]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const tas = records
    .map((r) => [
      tasRenderingLabel(r), r.ata, r.aid, r.bpoa, r.epoa, r.availability, r.main, r.sub, r.title,
      r.reportingAgencyId, r.reportingAgencyName, r.bureauCode, r.bureauName, r.frEntityCode, r.frEntityDescription,
      r.functionCode, r.functionTitle, r.subfunctionCode, r.subfunctionTitle, r.startDate, r.endDate, r.acctNum,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return [
    { table: 'federal_account', columns: FA_COLUMNS, key: ['federal_account_code'], rows: accounts },
    { table: 'treasury_appropriation_account', columns: TAS_COLUMNS, key: ['tas_rendering_label'], rows: tas },
  ];
}

function code(at: At, column: string, v: string | undefined, pattern: RegExp, what: string): string | null {
  const t = text(v);
  if (t !== null && !pattern.test(t)) throw new DataFileError(at.file, at.line, `${column} '${t}' is not ${what}`);
  return t;
}

function readTas(dir: string): TasRecord[] {
  const file = path.join(dir, FILE);
  const labels = new Map<string, number>();
  return readCsv(file, ['ACCT_NUM', 'ATA', 'AID', 'BPOA', 'EPOA', 'A', 'MAIN', 'SUB', 'GWA_TAS_NAME']).map(({ line, values: v }) => {
    const at = { file, line };
    const threeDigits = /^\d{3}$/;
    const year = /^\d{4}$/;
    const r: TasRecord = {
      acctNum: integer(at, 'ACCT_NUM', v.ACCT_NUM),
      ata: code(at, 'ATA', v.ATA, threeDigits, '3 digits'),
      aid: code(at, 'AID', required(at, 'AID', v.AID), threeDigits, '3 digits') ?? '',
      bpoa: code(at, 'BPOA', v.BPOA, year, 'a year'),
      epoa: code(at, 'EPOA', v.EPOA, year, 'a year'),
      availability: code(at, 'A', v.A, /^[XF]$/, 'X or F'),
      main: code(at, 'MAIN', required(at, 'MAIN', v.MAIN), /^\d{4}$/, '4 digits') ?? '',
      sub: code(at, 'SUB', required(at, 'SUB', v.SUB), threeDigits, '3 digits') ?? '',
      title: text(v.GWA_TAS_NAME),
      reportingAgencyId: text(v['Agency AID']),
      reportingAgencyName: text(v['Agency Name']),
      bureauCode: text(v.ADMIN_ORG),
      bureauName: text(v['Admin Org Name']),
      frEntityCode: text(v['FR Entity Type']),
      frEntityDescription: text(v['FR Entity Description']),
      functionCode: code(at, 'Function Code', v['Function Code'], threeDigits, '3 digits'),
      functionTitle: text(v['Function Description']),
      subfunctionCode: code(at, 'Sub Function Code', v['Sub Function Code'], threeDigits, '3 digits'),
      subfunctionTitle: text(v['Sub Function Description']),
      startDate: usDate(at, 'DT_TM_ESTAB', v.DT_TM_ESTAB),
      endDate: usDate(at, 'DT_END', v.DT_END),
    };
    if (r.availability === null && (r.bpoa === null || r.epoa === null)) {
      throw new DataFileError(file, line, 'neither an availability type (A) nor both BPOA and EPOA');
    }
    const label = tasRenderingLabel(r);
    const prior = labels.get(label);
    if (prior !== undefined) throw new DataFileError(file, line, `TAS ${label} repeats line ${prior}`);
    labels.set(label, line);
    return r;
  });
}

const ACCOUNT_TITLES = [
  'Salaries and Expenses', 'Operations and Maintenance', 'Research and Development', 'Construction',
  'Office of Inspector General', 'Working Capital Fund', 'Grants to States', 'Program Administration',
  'Facilities and Equipment', 'Information Technology Modernization', 'Procurement', 'Science and Technology',
  'Emergency Response Fund', 'Gifts and Donations', 'Payments to States', 'Training and Technical Assistance',
  'Management and Administration', 'Capital Improvements', 'Disaster Relief', 'Loan Program Account',
];

/**
 * Generated accounts: for each generated agency, six to twelve federal accounts, each with one to
 * four Treasury accounts (annual, multi-year or no-year), budget functions from the agency's
 * subfunctions in GENERATED_BUDGET_FUNCTIONS, a few with an allocation transfer agency.
 */
export function generatedTas(): TasRecord[] {
  const random = seededRandom('treasury-accounts');
  const functionOf = new Map<string, [string, string, string]>();
  for (const [fn, fnTitle, subs] of GENERATED_BUDGET_FUNCTIONS) for (const [sub, subTitle] of subs) functionOf.set(sub, [fn, fnTitle, subTitle]);
  const cgacs = GENERATED_TOPTIERS.filter((t) => t.code.length === 3).map((t) => t.code);
  const records: TasRecord[] = [];
  let acctNum = 40_000;
  for (const agency of GENERATED_TOPTIERS) {
    const frec = agency.code.length === 4 ? agency.code : null;
    const aid = frec ? frec.slice(0, 2).padStart(3, '0') : agency.code;
    const mains = new Set<string>();
    const accountCount = random.int(6, 12);
    const titles = [...ACCOUNT_TITLES];
    for (let a = 0; a < accountCount; a += 1) {
      let main: string;
      do main = String(random.int(1, 99) * 100 + random.pick([0, 0, 0, 1, 5, 10, 20, 50])).padStart(4, '0');
      while (mains.has(main));
      mains.add(main);
      const title = titles.splice(random.int(0, titles.length - 1), 1)[0] ?? 'Miscellaneous';
      const [bureauCode, bureauName] = ((): [string, string] => {
        const i = random.int(0, agency.subtiers.length - 1);
        return [String(i + 1).padStart(2, '0'), agency.subtiers[i]?.[1] ?? agency.name];
      })();
      const fullTitle = bureauCode === '01' ? title : `${title}, ${bureauName}`;
      const sub = random.pick(agency.subfunctions);
      const [fn, fnTitle, subTitle] = functionOf.get(sub) ?? [null, null, null];
      const ata = random.next() < 0.06 ? random.pick(cgacs.filter((c) => c !== aid)) : null;
      const noYear = random.next() < 0.3;
      const tasCount = noYear ? 1 : random.int(1, 4);
      const firstYear = random.int(2017, 2026 - tasCount + 1);
      for (let t = 0; t < tasCount; t += 1) {
        const bpoa = noYear ? null : String(firstYear + t);
        const span = !noYear && random.next() < 0.25 ? 1 : 0;
        acctNum += random.int(1, 40);
        records.push({
          acctNum,
          ata,
          aid,
          bpoa,
          epoa: bpoa === null ? null : String(Number(bpoa) + span),
          availability: noYear ? 'X' : null,
          main,
          sub: '000',
          title: fullTitle,
          reportingAgencyId: aid,
          reportingAgencyName: agency.name,
          bureauCode,
          bureauName,
          frEntityCode: frec ?? `${aid.slice(1)}00`,
          frEntityDescription: agency.name,
          functionCode: fn,
          functionTitle: fnTitle,
          subfunctionCode: sub,
          subfunctionTitle: subTitle,
          startDate: bpoa === null ? `${firstYear - 1}-10-01` : `${Number(bpoa) - 1}-10-01`,
          endDate: null,
        });
      }
    }
  }
  return records;
}

const dodFolded = (column: IdentifierSqlToken) =>
  sql.fragment`CASE WHEN ${column} = ANY(${sql.array(DOD_SUBSUMED_CGACS, 'text')}) THEN ${DOD_CGAC} ELSE ${column} END`;

/**
 * Links accounts to agencies the way upstream does. A federal account's parent is, per TAS, the
 * toptier agency of its AID (military departments folded into DOD), else the toptier whose code is
 * the FR entity (FREC agencies), else the toptier of the CGAC that FREC is associated with; when a
 * shared AID splits its TAS among agencies, the most common answer wins. Every TAS is funded by its
 * federal account's parent; the awarding agency is the toptier of its allocation transfer agency.
 */
async function linkAccounts(tx: DatabaseTransactionConnection): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE treasury_appropriation_account AS t SET federal_account_id = fa.id
    FROM federal_account AS fa
    WHERE fa.agency_identifier = t.agency_id AND fa.main_account_code = t.main_account_code
      AND t.federal_account_id IS DISTINCT FROM fa.id`);
  await tx.query(sql.unsafe`
    WITH per_tas AS (
      SELECT t.agency_id, t.main_account_code,
        coalesce(by_aid.toptier_agency_id, by_frec.toptier_agency_id, by_association.toptier_agency_id) AS parent
      FROM treasury_appropriation_account AS t
      LEFT JOIN toptier_agency AS by_aid ON by_aid.toptier_code = ${dodFolded(sql.identifier(['t', 'agency_id']))}
      LEFT JOIN toptier_agency AS by_frec ON by_frec.toptier_code = t.fr_entity_code
      LEFT JOIN frec ON frec.frec_code = t.fr_entity_code
      LEFT JOIN toptier_agency AS by_association ON by_association.toptier_code = frec.associated_cgac_code
    ),
    mapping AS (
      SELECT DISTINCT ON (agency_id, main_account_code) agency_id, main_account_code, parent
      FROM per_tas
      GROUP BY agency_id, main_account_code, parent
      ORDER BY agency_id, main_account_code, count(*) DESC, parent
    )
    UPDATE federal_account AS fa SET parent_toptier_agency_id = m.parent
    FROM mapping AS m
    WHERE m.agency_id = fa.agency_identifier AND m.main_account_code = fa.main_account_code
      AND fa.parent_toptier_agency_id IS DISTINCT FROM m.parent`);
  await tx.query(sql.unsafe`
    UPDATE treasury_appropriation_account AS t
    SET funding_toptier_agency_id = fa.parent_toptier_agency_id
    FROM federal_account AS fa
    WHERE fa.id = t.federal_account_id AND t.funding_toptier_agency_id IS DISTINCT FROM fa.parent_toptier_agency_id`);
  await tx.query(sql.unsafe`
    WITH awarding AS (
      SELECT t.treasury_account_identifier AS id, ata.toptier_agency_id
      FROM treasury_appropriation_account AS t
      LEFT JOIN toptier_agency AS ata ON ata.toptier_code = ${dodFolded(sql.identifier(['t', 'allocation_transfer_agency_id']))}
    )
    UPDATE treasury_appropriation_account AS t SET awarding_toptier_agency_id = a.toptier_agency_id
    FROM awarding AS a
    WHERE a.id = t.treasury_account_identifier AND t.awarding_toptier_agency_id IS DISTINCT FROM a.toptier_agency_id`);
}

export const treasuryAccountsGroup: ReferenceGroup = {
  name: 'treasury_accounts',
  // Account-to-agency links depend on the agency file as well.
  files: [FILE, 'agency_codes.csv'],
  read: (dir) => treasuryTables(readTas(dir)),
  generate: () => treasuryTables(generatedTas()),
  load: async (tx, tables) => {
    const writer = createTableWriter(tx);
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t.table] = await writer.write(t);
    await linkAccounts(tx);
    await writer.finish();
    return counts;
  },
};

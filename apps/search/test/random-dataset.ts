/**
 * A seeded random award dataset for the planner property test: awards of every award type group across
 * FY2015-FY2022 with their transactions, spread over a few agencies, places, recipients and codes so
 * that the summary tables have real groups to merge (and NULLs in every dimension).
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { insertRows } from './seed';

/** Deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element. */
export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

export const TYPE_CATEGORY: Record<string, string | null> = {
  A: 'contract',
  B: 'contract',
  C: 'contract',
  D: 'contract',
  IDV_A: 'idv',
  IDV_B_B: 'idv',
  IDV_E: 'idv',
  '02': 'grant',
  '04': 'grant',
  '05': 'grant',
  '06': 'direct payment',
  '10': 'direct payment',
  '07': 'loans',
  '08': 'loans',
  '09': 'insurance',
  '11': 'other',
  '-1': null,
};

export interface TestAgency {
  top: string;
  topCode: string;
  topAbbr: string | null;
  /** [name, code, abbreviation] of each subtier. */
  subs: Array<[string, string, string | null]>;
}

export const AGENCIES: TestAgency[] = [
  { top: 'Property Agency One', topCode: 'P01', topAbbr: 'PA1', subs: [['Property Bureau A', 'P11', 'PBA'], ['Property Bureau B', 'P12', 'PBB']] },
  { top: 'Property Agency Two', topCode: 'P02', topAbbr: 'PA2', subs: [['Property Bureau C', 'P21', 'PBC'], ['Property Bureau D', 'P22', 'PBD']] },
  { top: 'Property Agency Three', topCode: 'P03', topAbbr: null, subs: [['Property Bureau E', 'P31', null]] },
];

const PLACES = [
  { country_code: 'USA', country_name: 'UNITED STATES', state_code: 'VA', state_fips: '51', state_name: 'VIRGINIA', county_code: '059', county_name: 'FAIRFAX', congressional_code_current: '08' },
  { country_code: 'USA', country_name: 'UNITED STATES', state_code: 'VA', state_fips: '51', state_name: 'VIRGINIA', county_code: '013', county_name: 'ARLINGTON', congressional_code_current: '08' },
  { country_code: 'USA', country_name: 'UNITED STATES', state_code: 'MD', state_fips: '24', state_name: 'MARYLAND', county_code: '031', county_name: 'MONTGOMERY', congressional_code_current: '06' },
  { country_code: 'USA', country_name: 'UNITED STATES', state_code: 'TX', state_fips: '48', state_name: 'TEXAS', county_code: '201', county_name: 'HARRIS', congressional_code_current: '90' },
  { country_code: 'USA', country_name: 'UNITED STATES', state_code: 'CA', state_fips: null, state_name: null, county_code: null, county_name: null, congressional_code_current: null },
  { country_code: 'CAN', country_name: 'CANADA', state_code: null, state_fips: null, state_name: null, county_code: null, county_name: null, congressional_code_current: null },
  { country_code: 'MEX', country_name: 'MEXICO', state_code: null, state_fips: null, state_name: null, county_code: null, county_name: null, congressional_code_current: null },
  { country_code: null, country_name: null, state_code: null, state_fips: null, state_name: null, county_code: null, county_name: null, congressional_code_current: null },
];

const RECIPIENTS = Array.from({ length: 12 }, (_, i) => ({
  hash: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  name: `PROPERTY RECIPIENT ${i + 1}`,
  levels: [['C'], ['R'], ['P', 'C'], ['P']][i % 4]!,
  uei: `PROPUEI${String(i + 1).padStart(5, '0')}`,
}));

/** Recipients that are parents (level P): the parents of the children's awards. */
const PARENTS = RECIPIENTS.filter((r) => r.levels.includes('P'));

/** Recipient hashes of the dataset (for recipient_id filters; the P level takes the parents'). */
export const RECIPIENT_HASHES = RECIPIENTS.map((r) => r.hash);

const NAICS = [['541511', 'CUSTOM COMPUTER PROGRAMMING'], ['336411', 'AIRCRAFT MANUFACTURING'], ['236220', 'COMMERCIAL BUILDING']];
const PSC = [['D302', 'IT SYSTEMS DEVELOPMENT'], ['AC15', 'R&D DEFENSE AIRCRAFT'], ['Y142', 'CONSTRUCT LABS']];
const CFDA = [['93.778', 'Medical Assistance Program'], ['10.001', 'Agricultural Research'], ['84.063', 'Pell Grants']];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const START = Date.UTC(2014, 9, 1);
const END = Date.UTC(2022, 8, 30);
const DAY = 86_400_000;

function place(prefix: string, p: (typeof PLACES)[number]) {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [`${prefix}_${k}`, v]));
}

/**
 * Inserts `awards` random awards (1-6 transactions each) into the empty search tables. DEF codes and
 * federal accounts are drawn from the reference tables; DEF codes of the COVID-19 / IIJA groups are also
 * put on transactions dated before their enactment, so the enactment-date rule has rows to exclude.
 */
export async function insertRandomDataset(db: CommonQueryMethods, seed: number, awards: number): Promise<void> {
  const rand = prng(seed);
  // Parents are drawn from their own stream, so the rest of the dataset is the same with or without them.
  const parentRand = prng(seed + 1);
  const defCodes = (await db.anyFirst(sql.unsafe`SELECT code FROM disaster_emergency_fund_code ORDER BY code`)).map(String);
  const accountIds = (await db.anyFirst(sql.unsafe`SELECT id FROM federal_account ORDER BY id LIMIT 6`)).map(Number);
  const someOf = <T>(items: readonly T[], max: number): T[] =>
    [...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(rand, items)))].sort();
  const cents = (max: number) => Math.round(rand() * max * 100) / 100 - (rand() < 0.1 ? max / 4 : 0);
  const awardRows: Record<string, unknown>[] = [];
  const txnRows: Record<string, unknown>[] = [];
  let txnId = 1;
  for (let id = 1; id <= awards; id += 1) {
    const type = pick(rand, Object.keys(TYPE_CATEGORY));
    const category = TYPE_CATEGORY[type]!;
    const contractLike = category === 'contract' || category === 'idv';
    const ag = pick(rand, AGENCIES);
    const sub = pick(rand, ag.subs);
    const fg = pick(rand, AGENCIES);
    const fsub = pick(rand, fg.subs);
    const agencies = {
      awarding_toptier_agency_name: ag.top,
      awarding_toptier_agency_code: ag.topCode,
      awarding_toptier_agency_abbreviation: ag.topAbbr,
      awarding_subtier_agency_name: sub[0],
      awarding_subtier_agency_code: sub[1],
      awarding_subtier_agency_abbreviation: sub[2],
      funding_toptier_agency_name: rand() < 0.1 ? null : fg.top,
      funding_toptier_agency_code: fg.topCode,
      funding_toptier_agency_abbreviation: fg.topAbbr,
      funding_subtier_agency_name: fsub[0],
      funding_subtier_agency_code: fsub[1],
      funding_subtier_agency_abbreviation: fsub[2],
    };
    const pop = place('pop', pick(rand, PLACES));
    const recipientLocation = place('recipient_location', pick(rand, PLACES));
    const recipient = rand() < 0.1 ? null : pick(rand, RECIPIENTS);
    // Children's awards name a parent, mostly with its UEI: a recipient's awards then fall on both sides of
    // the recipient_id C / R split (parent UEI set or not), and some carry a parent hash without a UEI.
    const parent = recipient?.levels.includes('C') && parentRand() < 0.85 ? pick(parentRand, PARENTS) : null;
    const parentUei = parent && parentRand() < 0.8 ? parent.uei : null;
    const naics = contractLike && rand() < 0.8 ? pick(rand, NAICS) : [null, null];
    const psc = contractLike && rand() < 0.8 ? pick(rand, PSC) : [null, null];
    const cfda = !contractLike && rand() < 0.8 ? pick(rand, CFDA) : [null, null];
    const shared = {
      award_id: id,
      generated_unique_award_id: `PROP_${id}`,
      display_award_id: `PROP${id}`,
      is_fpds: contractLike,
      type,
      ...agencies,
      recipient_hash: recipient?.hash ?? null,
      recipient_levels: recipient?.levels ?? null,
      recipient_name: recipient?.name ?? null,
      recipient_uei: recipient?.uei ?? null,
      parent_recipient_hash: parent?.hash ?? null,
      parent_recipient_name: parent?.name ?? null,
      parent_uei: parentUei,
      ...pop,
      ...recipientLocation,
      naics_code: naics[0],
      naics_description: naics[1],
      product_or_service_code: psc[0],
      product_or_service_description: psc[1],
      cfda_number: cfda[0],
      disaster_emergency_fund_codes: rand() < 0.3 ? null : rand() < 0.4 ? [] : someOf(defCodes, 3),
      federal_account_ids: rand() < 0.2 || accountIds.length === 0 ? null : someOf(accountIds, 3),
    };
    const signedMs = START + Math.floor(rand() * ((END - START) / DAY)) * DAY;
    const count = 1 + Math.floor(rand() * 6);
    let total = 0;
    let last = signedMs;
    for (let t = 0; t < count; t += 1) {
      const ms = t === 0 ? signedMs : Math.min(END, last + Math.floor(rand() * 200) * DAY);
      last = ms;
      const obligation = cents(50_000);
      total += obligation;
      const loan = category === 'loans';
      txnRows.push({
        ...shared,
        transaction_id: txnId,
        transaction_unique_id: `PROPTXN-${txnId}`,
        award_category: category,
        action_date: isoDate(ms),
        fiscal_year: new Date(ms).getUTCMonth() >= 9 ? new Date(ms).getUTCFullYear() + 1 : new Date(ms).getUTCFullYear(),
        award_date_signed: isoDate(signedMs),
        federal_action_obligation: obligation,
        generated_pragmatic_obligation: loan ? Math.round(obligation * 10) / 100 : obligation,
        cfda_title: cfda[1],
        modification_number: String(t),
      });
      txnId += 1;
    }
    awardRows.push({
      ...shared,
      category,
      date_signed: rand() < 0.05 ? null : isoDate(signedMs),
      action_date: isoDate(last),
      fiscal_year: new Date(last).getUTCMonth() >= 9 ? new Date(last).getUTCFullYear() + 1 : new Date(last).getUTCFullYear(),
      total_obligation: Math.round(total * 100) / 100,
      generated_pragmatic_obligation: category === 'loans' ? Math.round(total * 10) / 100 : Math.round(total * 100) / 100,
      total_outlays: rand() < 0.3 ? null : Math.round(total * rand() * 100) / 100,
      cfda_program_title: cfda[1],
    });
  }
  await insertRows(db, 'award_search', awardRows);
  for (let i = 0; i < txnRows.length; i += 500) await insertRows(db, 'transaction_search', txnRows.slice(i, i + 500));
  await db.query(sql.unsafe`SELECT derive_award_keyword_text()`);
}

/**
 * The compiled filters against a real database: a handful of hand-written rows in award_search,
 * transaction_search and subaward_search, and for every filter field the exact ids it must select.
 */
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { sql, type ValueExpression } from 'slonik';
import { compileFilters, formatTasComponents, formatTasPath, LEVEL_COLUMNS, type AdvancedFilter, type FilterContext, type SpendingLevel } from '../src/index';
import type { TasParts } from '../src/tas-path';

const CONTEXT: FilterContext = {
  defCodeEnactment: { L: '2020-03-06', M: '2020-03-06', Z: '2021-11-15' },
  defCodeGroup: { L: 'covid_19', M: 'covid_19', Z: 'infrastructure' },
};

const H1 = '11111111-1111-1111-1111-111111111111';
const H2 = '22222222-2222-2222-2222-222222222222';
const H3 = '33333333-3333-3333-3333-333333333333';
const H5 = '55555555-5555-5555-5555-555555555555';
const HP = '99999999-9999-9999-9999-999999999999';

const tas = (agency: string, faAid: string, faMain: string, rest: Partial<TasParts>): TasParts => ({
  agency,
  faAid,
  faMain,
  aid: faAid,
  main: faMain,
  ata: null,
  sub: '000',
  bpoa: null,
  epoa: null,
  a: null,
  ...rest,
});
const T1 = tas('097', '097', '0100', { a: 'X' }); // 097-X-0100-000
const T2 = tas('097', '097', '0200', { bpoa: '2019', epoa: '2020' }); // 097-2019/2020-0200-000
const T3 = tas('012', '012', '3539', { a: 'X' }); // 012-X-3539-000
const T4 = tas('0975', '097', '0500', { a: 'X' }); // a four-character toptier code that starts with 097
const paths = (...t: TasParts[]) => ({ tas_paths: t.map(formatTasPath), tas_components: t.map(formatTasComponents) });

type Row = Record<string, unknown>;

const AWARDS: Row[] = [
  {
    award_id: 1, type: 'A', piid: 'SPE30018FLJFN', display_award_id: 'SPE30018FLJFN', is_fpds: true,
    action_date: '2020-06-01', date_signed: '2019-05-01', last_modified_date: '2020-07-01',
    awarding_toptier_agency_name: 'Department of Defense', awarding_subtier_agency_name: 'Department of the Navy',
    funding_toptier_agency_name: 'Department of Defense', funding_subtier_agency_name: 'Department of the Army',
    recipient_name: 'ACME ROCKETS INC', recipient_uei: 'ACMEUEI00001', recipient_unique_id: '123456789', recipient_hash: H1,
    parent_recipient_hash: HP, parent_uei: 'PARENTUEI001', parent_recipient_name: 'ACME HOLDINGS', parent_recipient_unique_id: '987654321',
    description: 'Rocket engine repair', naics_code: '336411', naics_description: 'AIRCRAFT MANUFACTURING',
    product_or_service_code: '1510', product_or_service_description: 'AIRCRAFT, FIXED WING',
    pop_country_code: 'USA', pop_state_code: 'VA', pop_county_code: '059', pop_congressional_code: '11', pop_congressional_code_current: '08',
    pop_city_name: 'FAIRFAX', pop_zip5: '22030',
    recipient_location_country_code: 'USA', recipient_location_state_code: 'VA', recipient_location_city_name: 'ARLINGTON',
    award_amount: 1_000_000, business_categories: ['small_business', 'category_business'], ...paths(T1),
    disaster_emergency_fund_codes: ['L'], total_covid_obligation: 100, total_covid_outlay: 0,
    type_of_contract_pricing: 'J', type_set_aside: 'SBA', extent_competed: 'A',
    object_classes: ['254'], program_activity_ids: [7], program_activities: [{ code: '0001', name: 'Operations and Maintenance' }],
  },
  {
    award_id: 2, type: 'B', piid: 'SPE30018FLJFN-MOD1', display_award_id: 'SPE30018FLJFN-MOD1', is_fpds: true,
    action_date: '2018-03-01', date_signed: '2018-01-15', last_modified_date: '2018-04-01',
    awarding_toptier_agency_name: 'Department of Energy', awarding_subtier_agency_name: 'Office of the Secretary',
    funding_toptier_agency_name: 'Department of Energy', funding_subtier_agency_name: 'Office of the Secretary',
    recipient_name: 'BETA LABS LLC', recipient_uei: 'BETAUEI00002', recipient_unique_id: '222222222', recipient_hash: H2,
    description: 'Lab supplies, 100% recycled', naics_code: '336412', product_or_service_code: 'B502',
    pop_country_code: 'DEU', pop_city_name: 'Berlin', recipient_location_country_code: 'CAN',
    award_amount: 25_000_000, business_categories: ['nonprofit'], ...paths(T2),
    disaster_emergency_fund_codes: ['L'], total_covid_obligation: 0, total_covid_outlay: 0,
    type_of_contract_pricing: 'K', type_set_aside: '8A', extent_competed: 'D',
    object_classes: ['410'], program_activity_ids: [8], program_activities: [{ code: '0002', name: 'Research' }],
  },
  {
    award_id: 3, type: '02', fain: 'AID-OFDA-G-14-00121-01', display_award_id: 'AID-OFDA-G-14-00121-01', is_fpds: false,
    action_date: '2021-02-01', date_signed: '2020-11-01', last_modified_date: '2021-03-01',
    awarding_toptier_agency_name: 'Department of Health and Human Services', awarding_subtier_agency_name: 'Office of the Secretary',
    funding_toptier_agency_name: 'Department of Health and Human Services', funding_subtier_agency_name: 'Office of the Secretary',
    recipient_name: 'Gamma University', recipient_uei: 'GAMMAUEI0003', recipient_unique_id: '333333333', recipient_hash: H3,
    parent_recipient_hash: HP, parent_uei: 'PARENTUEI001', parent_recipient_name: 'ACME HOLDINGS',
    description: 'Research grant', cfda_number: '10.553',
    pop_country_code: 'USA', pop_state_code: 'OR', pop_city_name: 'Portland', pop_zip5: '97201', pop_congressional_code: '01',
    recipient_location_country_code: 'USA', recipient_location_state_code: 'OR', recipient_location_city_name: 'Portland',
    award_amount: 500, business_categories: ['higher_education'], ...paths(T3),
    disaster_emergency_fund_codes: ['Z'], total_iija_obligation: 0, total_iija_outlay: 5,
    program_activities: [{ code: '0003', name: 'Research' }],
  },
  {
    award_id: 4, type: 'IDV_A', piid: 'IDVX', display_award_id: 'IDVX', is_fpds: true,
    action_date: '2023-01-01', date_signed: '2022-12-01',
    awarding_toptier_agency_name: 'Department of Defense', awarding_subtier_agency_name: 'Defense Logistics Agency',
    naics_code: '541511', product_or_service_code: 'AD12', ...paths(T4), disaster_emergency_fund_codes: ['A'],
  },
  {
    award_id: 5, type: '07', fain: 'LOAN-5', display_award_id: 'LOAN-5', is_fpds: false,
    action_date: '2010-01-01', date_signed: '2008-01-01',
    awarding_toptier_agency_name: 'Small Business Administration', awarding_subtier_agency_name: 'Small Business Administration',
    recipient_name: 'DELTA FARMS', recipient_hash: H5, naics_code: '111110', product_or_service_code: 'B5A1', cfda_number: '59.012',
    pop_country_code: 'USA', pop_state_code: 'TX', recipient_location_country_code: 'USA', recipient_location_state_code: 'TX',
    award_amount: 2_000_000, ...paths(T1, T2), disaster_emergency_fund_codes: ['Z'], total_iija_obligation: 0, total_iija_outlay: 0,
  },
];

const txn = (id: number, awardId: number, row: Row): Row => ({
  transaction_id: id, award_id: awardId, generated_unique_award_id: `AWD_${awardId}`, transaction_unique_id: `TX_${id}`,
  is_fpds: true, fiscal_year: 2020, ...row,
});
const TRANSACTIONS: Row[] = [
  txn(101, 1, { type: 'A', action_date: '2020-03-05', award_date_signed: '2019-05-01', last_modified_date: '2020-03-10',
    disaster_emergency_fund_codes: ['L'], transaction_description: 'Initial order', recipient_hash: H1, parent_uei: 'PARENTUEI001' }),
  txn(102, 1, { type: 'A', action_date: '2020-03-06', award_date_signed: '2019-05-01', last_modified_date: '2020-04-10',
    disaster_emergency_fund_codes: ['L'], transaction_description: 'Engine modification', recipient_hash: H1, parent_uei: 'PARENTUEI001' }),
  txn(103, 3, { type: '02', action_date: '2021-11-14', award_date_signed: '2020-11-01', disaster_emergency_fund_codes: ['Z'] }),
  txn(104, 3, { type: '02', action_date: '2021-11-15', award_date_signed: '2020-11-01', disaster_emergency_fund_codes: ['Z'] }),
  txn(105, 2, { type: 'B', action_date: '2018-03-01', award_date_signed: '2018-01-15', disaster_emergency_fund_codes: ['A'] }),
  txn(106, 5, { type: '07', action_date: '2008-01-01', award_date_signed: '2008-01-01' }),
];

const sub = (id: number, awardId: number, row: Row): Row => ({
  broker_subaward_id: id, award_id: awardId, subaward_type: 'sub-contract', sub_fiscal_year: 2020, ...row,
});
const SUBAWARDS: Row[] = [
  sub(201, 1, { subaward_number: 'SUB-001', award_piid_fain: 'SPE30018FLJFN', prime_award_type: 'A', sub_action_date: '2020-03-05',
    disaster_emergency_fund_codes: ['L'], sub_awardee_or_recipient_legal: 'ZETA PARTS', sub_awardee_or_recipient_uei: 'ZETAUEI00001',
    sub_awardee_or_recipient_uniqu: '444444444', subaward_description: 'Bolts', subaward_amount: 100,
    sub_place_of_perform_country_code: 'USA', sub_place_of_perform_state_code: 'VA', sub_legal_entity_country_code: 'USA' }),
  sub(202, 1, { subaward_number: 'SUB-002', award_piid_fain: 'SPE30018FLJFN', prime_award_type: 'A', sub_action_date: '2020-04-01',
    disaster_emergency_fund_codes: ['L'], sub_awardee_or_recipient_legal: 'ETA WIDGETS', subaward_amount: 5000,
    sub_place_of_perform_country_code: 'MEX', sub_legal_entity_country_code: 'MEX' }),
  sub(203, 3, { subaward_number: 'SUB-003', award_piid_fain: 'AID-OFDA-G-14-00121-01', prime_award_type: '02', subaward_type: 'sub-grant',
    sub_action_date: '2021-12-01', disaster_emergency_fund_codes: ['Z'], cfda_numbers: '10.553, 93.778', subaward_description: 'Field research',
    subaward_amount: 250, sub_place_of_perform_country_code: 'USA' }),
  sub(204, 2, { subaward_number: 'SUB-004', award_piid_fain: 'SPE30018FLJFN-MOD1', prime_award_type: 'B', sub_action_date: '2018-05-01' }),
];

/** A literal of the right SQL type for a test value (arrays, jsonb); scalars are bound as they are. */
function valueOf(value: unknown): ValueExpression {
  if (Array.isArray(value)) {
    if (value.length > 0 && typeof value[0] === 'object') return sql.jsonb(value as never);
    return sql.array(value as string[], typeof value[0] === 'number' ? 'int4' : 'text');
  }
  return value as ValueExpression;
}

async function insert(table: string, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.pool.query(sql.unsafe`
      INSERT INTO ${sql.identifier([table])} (${sql.join(columns.map((c) => sql.identifier([c])), sql.fragment`, `)})
      VALUES (${sql.join(columns.map((c) => valueOf(row[c])), sql.fragment`, `)})`);
  }
}

const TABLE: Record<SpendingLevel, { table: string; id: string }> = {
  awards: { table: 'award_search', id: 'award_id' },
  transactions: { table: 'transaction_search', id: 'transaction_id' },
  subawards: { table: 'subaward_search', id: 'broker_subaward_id' },
};

/** Ids the compiled filters select at a level, ascending. */
async function select(level: SpendingLevel, filters: AdvancedFilter, context: FilterContext = CONTEXT): Promise<number[]> {
  const { table, id } = TABLE[level];
  const where = compileFilters(filters, level, context);
  const ids = await db.pool.anyFirst(sql.unsafe`SELECT ${sql.identifier([id])} FROM ${sql.identifier([table])} WHERE ${where} ORDER BY 1`);
  return ids.map(Number);
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  // The template may carry generated award data; these tests own the three tables.
  await db.pool.query(sql.unsafe`TRUNCATE award_search, transaction_search, transaction_detail, subaward_search`);
  await insert('award_search', AWARDS.map((a) => ({ generated_unique_award_id: `AWD_${String(a.award_id)}`, ...a })));
  await insert('transaction_search', TRANSACTIONS);
  await insert('subaward_search', SUBAWARDS);
  // What the transactions add to their awards' keyword documents, as the loaders derive it (the baseline).
  await db.pool.query(sql.unsafe`SELECT derive_award_keyword_text()`);
});
afterAll(async () => {
  await db.drop();
});

type Case = [string, SpendingLevel, AdvancedFilter, number[]];
const check = (cases: Case[]) =>
  it.each(cases)('%s (%s)', async (_name, level, filters, expected) => {
    expect(await select(level, filters)).toEqual(expected);
  });

const y2020 = { start_date: '2020-01-01', end_date: '2020-12-31' };

describe('no filters', () => {
  check([
    ['everything', 'awards', {}, [1, 2, 3, 4, 5]],
    ['everything', 'subawards', {}, [201, 202, 203, 204]],
  ]);
});

describe('time_period', () => {
  check([
    ['overlap rule: action_date >= start, date_signed <= end', 'awards', { time_period: [y2020] }, [1, 3]],
    ['periods are OR-ed', 'awards', { time_period: [y2020, { start_date: '2018-01-01', end_date: '2018-12-31' }] }, [1, 2, 3]],
    ['date_type action_date', 'awards', { time_period: [{ ...y2020, date_type: 'action_date' }] }, [1]],
    ['date_type date_signed', 'awards', { time_period: [{ start_date: '2019-01-01', end_date: '2019-12-31', date_type: 'date_signed' }] }, [1]],
    ['date_type last_modified_date', 'awards', { time_period: [{ start_date: '2021-01-01', end_date: '2021-12-31', date_type: 'last_modified_date' }] }, [3]],
    ['new_awards_only: signed inside the window', 'awards', { time_period: [{ ...y2020, date_type: 'new_awards_only' }] }, [3]],
    ['action_date', 'transactions', { time_period: [y2020] }, [101, 102]],
    ['date_signed = award_date_signed', 'transactions', { time_period: [{ ...y2020, date_type: 'date_signed' }] }, [103, 104]],
    ['last_modified_date', 'transactions', { time_period: [{ start_date: '2020-03-01', end_date: '2020-03-31', date_type: 'last_modified_date' }] }, [101]],
    ['new_awards_only: action and award signing inside', 'transactions', { time_period: [{ start_date: '2020-11-01', end_date: '2021-12-31', date_type: 'new_awards_only' }] }, [103, 104]],
    ['new_awards_only excludes transactions of older awards', 'transactions', { time_period: [{ start_date: '2021-01-01', end_date: '2021-12-31', date_type: 'new_awards_only' }] }, []],
    ['sub_action_date', 'subawards', { time_period: [y2020] }, [201, 202]],
    ['last_modified_date of the prime award', 'subawards', { time_period: [{ start_date: '2020-07-01', end_date: '2020-07-31', date_type: 'last_modified_date' }] }, [201, 202]],
    ['date_signed of the prime award', 'subawards', { time_period: [{ start_date: '2018-01-01', end_date: '2018-12-31', date_type: 'date_signed' }] }, [204]],
  ]);
});

describe('award_type_codes', () => {
  check([
    ['contracts', 'awards', { award_type_codes: ['A', 'B'] }, [1, 2]],
    ['grant and loan', 'awards', { award_type_codes: ['02', '07'] }, [3, 5]],
    ['no intersection', 'awards', { award_type_codes: ['no intersection'] }, []],
    ['transaction type', 'transactions', { award_type_codes: ['02'] }, [103, 104]],
    ['prime award type of subawards', 'subawards', { award_type_codes: ['A'] }, [201, 202]],
  ]);
});

describe('agencies', () => {
  check([
    ['awarding toptier', 'awards', { agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Defense' }] }, [1, 4]],
    ['subtier name across toptiers', 'awards', { agencies: [{ type: 'awarding', tier: 'subtier', name: 'Office of the Secretary' }] }, [2, 3]],
    ['subtier scoped by toptier_name', 'awards', { agencies: [{ type: 'awarding', tier: 'subtier', name: 'Office of the Secretary', toptier_name: 'Department of Energy' }] }, [2]],
    ['awarding AND funding', 'awards', { agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Defense' }, { type: 'funding', tier: 'toptier', name: 'Department of Defense' }] }, [1]],
    ['entries of one type are OR-ed', 'awards', { agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Energy' }, { type: 'awarding', tier: 'subtier', name: 'Defense Logistics Agency' }] }, [2, 4]],
    ['funding subtier', 'awards', { agencies: [{ type: 'funding', tier: 'subtier', name: 'Department of the Army' }] }, [1]],
  ]);
});

describe('keywords and description', () => {
  check([
    ['description, case-insensitive', 'awards', { keywords: ['rocket'] }, [1]],
    ['UEI prefix', 'awards', { keywords: ['acmeuei'] }, [1]],
    ['parent UEI', 'awards', { keywords: ['PARENTUEI001'] }, [1, 3]],
    ['piid prefix', 'awards', { keywords: ['SPE30018'] }, [1, 2]],
    ['recipient name', 'awards', { keywords: ['gamma'] }, [3]],
    ['NAICS code prefix', 'awards', { keywords: ['3364'] }, [1, 2]],
    ['NAICS description', 'awards', { keywords: ['aircraft'] }, [1]],
    ['keywords are OR-ed', 'awards', { keywords: ['gamma', 'delta'] }, [3, 5]],
    ['single keyword', 'awards', { keyword: 'rocket' }, [1]],
    ['single keyword added to keywords', 'awards', { keywords: ['gamma'], keyword: 'delta' }, [3, 5]],
    ['single keyword on transactions', 'transactions', { keyword: 'initial' }, [101]],
    ['blank single keyword: no condition', 'transactions', { keyword: ' ' }, [101, 102, 103, 104, 105, 106]],
    ['% is literal', 'awards', { keywords: ['100%'] }, [2]],
    ['_ is literal', 'awards', { keywords: ['BETA_LABS'] }, []],
    ['transaction description', 'transactions', { keywords: ['initial'] }, [101]],
    ['subawardee name', 'subawards', { keywords: ['zeta'] }, [201]],
    ['subaward number prefix', 'subawards', { keywords: ['sub-00'] }, [201, 202, 203, 204]],
    ['description filter', 'awards', { description: 'ENGINE' }, [1]],
    ['transaction description filter', 'transactions', { description: 'engine' }, [102]],
    ['subaward description filter', 'subawards', { description: 'research' }, [203]],
  ]);
});

describe('transactions search through their award document', () => {
  // One more award whose only transaction has its own value in every column the transaction text filters
  // search, none of them the award's: each must still be found, through the award's derived document.
  const covered = LEVEL_COLUMNS.transactions.keywordDocument.viaAward?.covers ?? [];
  const valueOf = (column: string) => `QZX${column.replace(/_/g, '').toUpperCase()}`;
  beforeAll(async () => {
    await insert('award_search', [{ award_id: 90, generated_unique_award_id: 'AWD_90', type: 'D', piid: 'OTHERPIID', display_award_id: 'OTHERPIID',
      is_fpds: true, action_date: '2020-01-01', date_signed: '2020-01-01', description: 'Own description', recipient_name: 'OWN NAME' }]);
    await insert('transaction_search', [txn(901, 90, { type: 'D', action_date: '2020-01-01', ...Object.fromEntries(covered.map((c) => [c, valueOf(c)])) })]);
    await db.pool.query(sql.unsafe`SELECT derive_award_keyword_text()`);
  });
  afterAll(async () => {
    await db.pool.query(sql.unsafe`DELETE FROM transaction_search WHERE transaction_id = 901`);
    await db.pool.query(sql.unsafe`DELETE FROM award_search WHERE award_id = 90`);
  });

  it('the award document carries every transaction value the award does not have itself', async () => {
    const text = await db.pool.oneFirst(sql.unsafe`SELECT transaction_keyword_text FROM award_search WHERE award_id = 90`);
    expect(String(text).split('\x1f')).toEqual(covered.map(valueOf).sort());
    // values the award has itself are left out: award 1's transactions only add their descriptions
    expect(await db.pool.oneFirst(sql.unsafe`SELECT transaction_keyword_text FROM award_search WHERE award_id = 1`)).toBe('Engine modification\x1fInitial order');
  });

  it.each(covered)('a transaction is found by its own %s', async (column) => {
    const c = LEVEL_COLUMNS.transactions;
    const term = valueOf(column);
    // keywords search the id and text columns; the parent name is searched by recipient_search_text only
    const filters: AdvancedFilter = [...c.keywordIdColumns, ...c.keywordTextColumns].includes(column)
      ? { keywords: [term.toLowerCase()] } : { recipient_search_text: [term] };
    expect(await select('transactions', filters)).toEqual([901]);
    // the award level searches the award's own columns: the document lets the row through, the exact conditions do not
    expect(await select('awards', filters)).toEqual([]);
  });

  it('description and recipient_search_text reach transaction values too', async () => {
    expect(await select('transactions', { description: valueOf('transaction_description') })).toEqual([901]);
    expect(await select('transactions', { recipient_search_text: [valueOf('recipient_name')] })).toEqual([901]);
    expect(await select('transactions', { recipient_search_text: [valueOf('recipient_uei')] })).toEqual([901]);
  });
});

describe('scopes and locations', () => {
  check([
    ['pop domestic', 'awards', { place_of_performance_scope: 'domestic' }, [1, 3, 5]],
    ['pop foreign keeps unknown countries', 'awards', { place_of_performance_scope: 'foreign' }, [2, 4]],
    ['recipient domestic', 'awards', { recipient_scope: 'domestic' }, [1, 3, 5]],
    ['recipient foreign', 'awards', { recipient_scope: 'foreign' }, [2, 4]],
    ['subaward pop foreign', 'subawards', { place_of_performance_scope: 'foreign' }, [202, 204]],
    ['state', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'VA' }] }, [1]],
    ['county', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'VA', county: '059' }] }, [1]],
    ['city in a state, any case', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'OR', city: 'portland' }] }, [3]],
    ['city without state', 'awards', { recipient_locations: [{ country: 'USA', city: 'PORTLAND' }] }, [3]],
    ['district_original', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'VA', district_original: '11' }] }, [1]],
    ['district_current', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'VA', district_current: '08' }] }, [1]],
    ['district_current is not district_original', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'VA', district_current: '11' }] }, []],
    ['zip', 'awards', { place_of_performance_locations: [{ country: 'USA', zip: '97201' }] }, [3]],
    ['FOREIGN', 'awards', { place_of_performance_locations: [{ country: 'FOREIGN' }] }, [2, 4]],
    ['foreign country and city', 'awards', { place_of_performance_locations: [{ country: 'DEU', city: 'Berlin' }] }, [2]],
    ['recipient country', 'awards', { recipient_locations: [{ country: 'CAN' }] }, [2]],
    ['locations are OR-ed', 'awards', { place_of_performance_locations: [{ country: 'USA', state: 'TX' }, { country: 'DEU' }] }, [2, 5]],
    ['subaward recipient location', 'subawards', { recipient_locations: [{ country: 'MEX' }] }, [202]],
    ['subaward place of performance', 'subawards', { place_of_performance_locations: [{ country: 'USA', state: 'VA' }] }, [201]],
  ]);
});

describe('recipients', () => {
  check([
    ['name', 'awards', { recipient_search_text: ['acme rockets'] }, [1]],
    ['parent name', 'awards', { recipient_search_text: ['ACME HOLDINGS'] }, [1, 3]],
    ['DUNS', 'awards', { recipient_search_text: ['222222222'] }, [2]],
    ['UEI, any case', 'awards', { recipient_search_text: ['gammauei0003'] }, [3]],
    ['parent UEI', 'awards', { recipient_search_text: ['PARENTUEI001'] }, [1, 3]],
    ['subawardee name', 'subawards', { recipient_search_text: ['eta'] }, [201, 202]],
    ['subawardee DUNS', 'subawards', { recipient_search_text: ['444444444'] }, [201]],
    ['recipient_id child', 'awards', { recipient_id: `${H1}-C` }, [1]],
    ['recipient_id R excludes rows with a parent', 'awards', { recipient_id: `${H1}-R` }, []],
    ['recipient_id R', 'awards', { recipient_id: `${H2}-R` }, [2]],
    ['recipient_id parent', 'awards', { recipient_id: `${HP}-P` }, [1, 3]],
    ['recipient_id on transactions', 'transactions', { recipient_id: `${H1}-C` }, [101, 102]],
    ['recipient_type_names', 'awards', { recipient_type_names: ['small_business', 'nonprofit'] }, [1, 2]],
  ]);

  it('rejects recipient_id for subawards', () => {
    expect(() => compileFilters({ recipient_id: `${H1}-C` }, 'subawards', CONTEXT)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('award_ids and award_amounts', () => {
  check([
    ['quoted id is exact', 'awards', { award_ids: ['"SPE30018FLJFN"'] }, [1]],
    ['unquoted id is partial', 'awards', { award_ids: ['SPE30018FLJFN'] }, [1, 2]],
    ['partial is case-insensitive', 'awards', { award_ids: ['spe30018fljfn-mod'] }, [2]],
    ['exact FAIN', 'awards', { award_ids: ['"AID-OFDA-G-14-00121-01"'] }, [3]],
    ['exact is case-sensitive', 'awards', { award_ids: ['"spe30018fljfn"'] }, []],
    ['exact subaward number', 'subawards', { award_ids: ['"SUB-002"'] }, [202]],
    ['exact prime id of subawards', 'subawards', { award_ids: ['"SPE30018FLJFN"'] }, [201, 202]],
    ['inclusive bounds', 'awards', { award_amounts: [{ lower_bound: 1_000_000, upper_bound: 25_000_000 }] }, [1, 2, 5]],
    ['upper bound only', 'awards', { award_amounts: [{ upper_bound: 500 }] }, [3]],
    ['ranges are OR-ed', 'awards', { award_amounts: [{ upper_bound: 500 }, { lower_bound: 25_000_000 }] }, [2, 3]],
    ['empty range: any known amount', 'awards', { award_amounts: [{}] }, [1, 2, 3, 5]],
    ['subaward amount', 'subawards', { award_amounts: [{ lower_bound: 100, upper_bound: 250 }] }, [201, 203]],
    // transactions match on their award's amount (award 1: 1,000,000; 2: 25,000,000; 3: 500; 5: 2,000,000)
    ['transactions by their award amount', 'transactions', { award_amounts: [{ lower_bound: 1_000_000, upper_bound: 2_000_000 }] }, [101, 102, 106]],
    ['transaction ranges are OR-ed', 'transactions', { award_amounts: [{ upper_bound: 500 }, { lower_bound: 25_000_000 }] }, [103, 104, 105]],
    ['transactions: empty range', 'transactions', { award_amounts: [{}] }, [101, 102, 103, 104, 105, 106]],
  ]);
});

describe('program_numbers', () => {
  check([
    ['one number', 'awards', { program_numbers: ['10.553'] }, [3]],
    ['numbers are OR-ed', 'awards', { program_numbers: ['10.553', '59.012'] }, [3, 5]],
    ['subaward list', 'subawards', { program_numbers: ['93.778'] }, [203]],
  ]);
});

describe('naics_codes', () => {
  check([
    ['require prefix', 'awards', { naics_codes: { require: ['33'] } }, [1, 2]],
    ['more specific exclude wins', 'awards', { naics_codes: { require: ['33'], exclude: ['336412'] } }, [1]],
    ['exclude only keeps rows without NAICS', 'awards', { naics_codes: { exclude: ['33'] } }, [3, 4, 5]],
    ['more specific require wins over a broad exclude', 'awards', { naics_codes: { require: ['3364'], exclude: ['33'] } }, [1, 2]],
    ['require inside exclude inside require', 'awards', { naics_codes: { require: ['33', '336412'], exclude: ['3364'] } }, [2]],
    ['exclusion inside one of two requires', 'awards', { naics_codes: { require: ['54', '33'], exclude: ['5415'] } }, [1, 2]],
    ['legacy array', 'awards', { naics_codes: ['111110'] }, [5]],
  ]);
});

describe('psc_codes', () => {
  check([
    ['legacy array', 'awards', { psc_codes: ['1510'] }, [1]],
    ['Service group', 'awards', { psc_codes: { require: [['Service']] } }, [2, 5]],
    ['Research and Development group', 'awards', { psc_codes: { require: [['Research and Development']] } }, [4]],
    ['Product group', 'awards', { psc_codes: { require: [['Product']] } }, [1]],
    ['more specific exclude wins', 'awards', { psc_codes: { require: [['Service', 'B', 'B5']], exclude: [['Service', 'B', 'B5', 'B502']] } }, [5]],
    ['exclude only keeps rows without PSC', 'awards', { psc_codes: { exclude: [['Service']] } }, [1, 3, 4]],
  ]);
});

describe('tas_codes and treasury_account_components', () => {
  check([
    ['agency (not a longer toptier code)', 'awards', { tas_codes: { require: [['097']] } }, [1, 2, 5]],
    ['four-character agency', 'awards', { tas_codes: { require: [['0975']] } }, [4]],
    ['federal account', 'awards', { tas_codes: { require: [['097', '097-0100']] } }, [1, 5]],
    ['TAS', 'awards', { tas_codes: { require: [['097', '097-0200', '097-2019/2020-0200-000']] } }, [2, 5]],
    ['excluded federal account removes the whole award', 'awards', { tas_codes: { require: [['097']], exclude: [['097', '097-0200']] } }, [1]],
    ['require a TAS under an excluded agency', 'awards', { tas_codes: { require: [['097', '097-0100', '097-X-0100-000']], exclude: [['097']] } }, [1, 5]],
    ['exclude only', 'awards', { tas_codes: { exclude: [['097']] } }, [3, 4]],
    ['components by aid and main', 'awards', { treasury_account_components: [{ aid: '097', main: '0100' }] }, [1, 5]],
    ['all components', 'awards', { treasury_account_components: [{ ata: null, aid: '012', a: 'X', bpoa: null, epoa: null, main: '3539', sub: '000' }] }, [3]],
    ['null ata means none', 'awards', { treasury_account_components: [{ aid: '097', main: '0100', ata: null }] }, [1, 5]],
    ['ata given', 'awards', { treasury_account_components: [{ aid: '097', main: '0100', ata: '011' }] }, []],
    ['period of availability', 'awards', { treasury_account_components: [{ aid: '097', main: '0200', bpoa: '2019', epoa: '2020' }] }, [2, 5]],
    ['legacy tas_codes array', 'awards', { tas_codes: [{ aid: '012', main: '3539' }] }, [3]],
    ['tas_codes OR components', 'awards', { tas_codes: { require: [['012']] }, treasury_account_components: [{ aid: '097', main: '0200' }] }, [2, 3, 5]],
  ]);
});

describe('contract details and accounts', () => {
  check([
    ['pricing type', 'awards', { contract_pricing_type_codes: ['J'] }, [1]],
    ['set-aside', 'awards', { set_aside_type_codes: ['8A', 'SBA'] }, [1, 2]],
    ['extent competed', 'awards', { extent_competed_type_codes: ['D'] }, [2]],
    ['subawards use the prime award', 'subawards', { set_aside_type_codes: ['SBA'] }, [201, 202]],
    ['subawards extent competed', 'subawards', { extent_competed_type_codes: ['D'] }, [204]],
    ['object class', 'awards', { object_class: ['254'] }, [1]],
    ['program activity id', 'awards', { program_activity: [8] }, [2]],
    ['program activity name, any case', 'awards', { program_activities: [{ name: 'research' }] } as AdvancedFilter, [2, 3]],
    ['program activity code, unpadded', 'awards', { program_activities: [{ code: '1' }] } as AdvancedFilter, [1]],
    ['name and code in one element', 'awards', { program_activities: [{ name: 'Research', code: '0003' }] } as AdvancedFilter, [3]],
    ['name and code of different elements', 'awards', { program_activities: [{ name: 'Research', code: '0001' }] } as AdvancedFilter, []],
    ['full name', 'awards', { program_activities: [{ name: 'operations and maintenance' }] } as AdvancedFilter, [1]],
  ]);
});

describe('def_codes', () => {
  check([
    ['COVID code needs a non-zero COVID total on awards', 'awards', { def_codes: ['L'] }, [1]],
    ['IIJA code needs a non-zero IIJA total on awards', 'awards', { def_codes: ['Z'] }, [3]],
    ['code without a group', 'awards', { def_codes: ['A'] }, [4]],
    ['codes are OR-ed', 'awards', { def_codes: ['A', 'L'] }, [1, 4]],
    ['COVID cutoff: on the enactment day, not the day before', 'transactions', { def_codes: ['L'] }, [102]],
    ['IIJA cutoff', 'transactions', { def_codes: ['Z'] }, [104]],
    ['mixed codes', 'transactions', { def_codes: ['L', 'Z', 'A'] }, [102, 104, 105]],
    ['subaward COVID cutoff on sub_action_date', 'subawards', { def_codes: ['L'] }, [202]],
    ['subaward IIJA', 'subawards', { def_codes: ['Z'] }, [203]],
  ]);

  it('treats a code as plain when the caller gives no enactment date', async () => {
    expect(await select('transactions', { def_codes: ['L'] }, { defCodeEnactment: {} })).toEqual([101, 102]);
  });
});

describe('filters combined', () => {
  check([
    ['AND of different filters', 'awards', { award_type_codes: ['A', 'B', '02'], time_period: [y2020], keywords: ['acme'] }, [1]],
    ['AND with nothing in common', 'awards', { award_type_codes: ['02'], agencies: [{ type: 'awarding', tier: 'toptier', name: 'Department of Defense' }] }, []],
  ]);
});

describe('most specific rule wins: the SQL agrees with a direct reference implementation', () => {
  /** Deterministic PRNG (mulberry32), so a failure reproduces. */
  function prng(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Keep a code when the longest matching rule is a require (exclude wins a tie); no match: keep iff no requires. */
  function reference(code: string | null, require: string[], exclude: string[]): boolean {
    if (code === null) return require.length === 0;
    const matching = [...require.map((k) => ({ k, req: true })), ...exclude.map((k) => ({ k, req: false }))].filter((r) => code.startsWith(r.k));
    if (matching.length === 0) return require.length === 0;
    const longest = Math.max(...matching.map((r) => r.k.length));
    return matching.filter((r) => r.k.length === longest).every((r) => r.req);
  }

  it('for 300 random NAICS require/exclude sets over a small code tree', async () => {
    const codes: (string | null)[] = [];
    for (const a of ['11', '33']) for (const b of ['11', '12']) for (const c of ['10', '20']) codes.push(a + b + c);
    codes.push(null);
    const keys = [...new Set(codes.filter((c): c is string => c !== null).flatMap((c) => [c.slice(0, 2), c.slice(0, 4), c]))];
    const random = prng(20240601);
    const pick = (n: number) => Array.from({ length: n }, () => keys[Math.floor(random() * keys.length)]!);

    await db.pool.connect(async (connection) => {
      // A private table named award_search in its own schema: the compiler's unqualified columns resolve to it.
      await connection.query(sql.unsafe`CREATE SCHEMA naics_property`);
      await connection.query(sql.unsafe`CREATE TABLE naics_property.award_search (award_id integer PRIMARY KEY, naics_code text)`);
      await connection.query(sql.unsafe`SET search_path = naics_property, public`);
      for (const [i, code] of codes.entries()) {
        await connection.query(sql.unsafe`INSERT INTO award_search VALUES (${i}, ${code})`);
      }
      for (let round = 0; round < 300; round += 1) {
        const require = pick(Math.floor(random() * 4));
        const exclude = pick(Math.floor(random() * 4));
        const where = compileFilters({ naics_codes: { require, exclude } }, 'awards', CONTEXT);
        const got = (await connection.anyFirst(sql.unsafe`SELECT award_id FROM award_search WHERE ${where} ORDER BY 1`)).map(Number);
        const expected = codes.flatMap((code, i) => (reference(code, require, exclude) ? [i] : []));
        expect({ require, exclude, ids: got }).toEqual({ require, exclude, ids: expected });
      }
      await connection.query(sql.unsafe`RESET search_path`);
    });
  });
});

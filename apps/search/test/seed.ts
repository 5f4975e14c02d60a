/**
 * Hand-made search rows with known sums for the HTTP suites: five awards (two contracts, an IDV, a grant,
 * a loan) of two test agencies, their transactions and three subawards, plus the reference rows they
 * name (agencies, NAICS/PSC/CFDA, places and populations). Populations are small so per-capita amounts
 * are easy to check.
 */
import { sql, type CommonQueryMethods } from 'slonik';

type Row = Record<string, unknown>;

/** Inserts rows given as objects; columns not given keep their defaults. */
export async function insertRows(db: CommonQueryMethods, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => sql.identifier([c]));
  const list = sql.join(columns, sql.fragment`, `);
  await db.query(sql.unsafe`
    INSERT INTO ${sql.identifier([table])} (${list})
    SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier([table])}, ${sql.json(rows as never)})
  `);
}

export const H1 = '11111111-1111-4111-8111-111111111111';
export const H2 = '22222222-2222-4222-8222-222222222222';
/** ACME's parent (recipient_id level P). */
export const H3 = '33333333-3333-4333-8333-333333333333';

const T1 = { toptier_code: 'Z01', name: 'Department of Testing', abbreviation: 'DOT' };
const T2 = { toptier_code: 'Z02', name: 'Agency of Examples', abbreviation: 'AOE' };
const S101 = { code: 'Z101', name: 'Testing Bureau', abbreviation: 'TB' };
const S102 = { code: 'Z102', name: 'Quality Office', abbreviation: 'QO' };
const S201 = { code: 'Z201', name: 'Example Service', abbreviation: 'ES' };

function agencyColumns(side: 'awarding' | 'funding', top: typeof T1, sub: typeof S101): Row {
  return {
    [`${side}_toptier_agency_name`]: top.name,
    [`${side}_toptier_agency_code`]: top.toptier_code,
    [`${side}_toptier_agency_abbreviation`]: top.abbreviation,
    [`${side}_subtier_agency_name`]: sub.name,
    [`${side}_subtier_agency_code`]: sub.code,
    [`${side}_subtier_agency_abbreviation`]: sub.abbreviation,
  };
}

const VA_FAIRFAX = {
  country_code: 'USA',
  country_name: 'UNITED STATES',
  state_code: 'VA',
  state_name: 'Virginia',
  state_fips: '51',
  county_code: '059',
  county_name: 'FAIRFAX',
  congressional_code: '08',
  congressional_code_current: '08',
  city_name: 'FAIRFAX',
  zip5: '22030',
};
const MD_MONTGOMERY = {
  country_code: 'USA',
  country_name: 'UNITED STATES',
  state_code: 'MD',
  state_name: 'Maryland',
  state_fips: '24',
  county_code: '031',
  county_name: 'MONTGOMERY',
  congressional_code: '08',
  congressional_code_current: '08',
  city_name: 'ROCKVILLE',
  zip5: '20850',
};
const CANADA = { country_code: 'CAN', country_name: 'CANADA' };

function location(prefix: string, place: Row): Row {
  return Object.fromEntries(Object.entries(place).map(([k, v]) => [`${prefix}_${k}`, v]));
}

interface AwardSpec {
  id: number;
  key: string;
  type: string;
  category: string | null;
  typeDescription: string;
  piid?: string;
  fain?: string;
  awarding: [typeof T1, typeof S101];
  funding: [typeof T1, typeof S101];
  obligation: number;
  pragmatic: number;
  outlays: number | null;
  signed: string;
  action: string;
  recipient: { hash: string | null; name: string; levels: string[]; parentHash: string | null; parentUei: string | null; uei: string; duns: string } | null;
  pop: Row;
  recipientLocation: Row;
  extra?: Row;
}

const ACME = { hash: H1, name: 'ACME CORP', levels: ['C'], parentHash: H3, parentUei: 'PARENTUEI0001', uei: 'ACMEUEI00001', duns: '111111111' };
const BETA = { hash: H2, name: 'BETA LLC', levels: ['R'], parentHash: null, parentUei: null, uei: 'BETAUEI00002', duns: '222222222' };

const AWARDS: AwardSpec[] = [
  {
    id: 1,
    key: 'CONT_AWD_PIIDONE_Z101',
    type: 'A',
    category: 'contract',
    typeDescription: 'BPA CALL',
    piid: 'PIIDONE',
    awarding: [T1, S101],
    funding: [T1, S101],
    obligation: 1000,
    pragmatic: 1000,
    outlays: 400,
    signed: '2019-11-15',
    action: '2020-04-10',
    recipient: ACME,
    pop: VA_FAIRFAX,
    recipientLocation: MD_MONTGOMERY,
    extra: {
      naics_code: '541511',
      naics_description: 'CUSTOM COMPUTER PROGRAMMING SERVICES',
      product_or_service_code: 'D302',
      product_or_service_description: 'IT AND TELECOM- SYSTEMS DEVELOPMENT',
      disaster_emergency_fund_codes: ['L'],
      spending_by_defc: [{ defc: 'L', obligation: 300, outlay: 100 }],
      total_covid_obligation: 300,
      total_covid_outlay: 100,
      federal_account_ids: [9001],
      description: 'Testing services',
      period_of_performance_start_date: '2019-11-15',
      period_of_performance_current_end_date: '2021-11-14',
    },
  },
  {
    id: 2,
    key: 'CONT_AWD_PIIDTWO_Z102',
    type: 'D',
    category: 'contract',
    typeDescription: 'DEFINITIVE CONTRACT',
    piid: 'PIIDTWO',
    awarding: [T1, S102],
    funding: [T2, S201],
    obligation: 500,
    pragmatic: 500,
    outlays: 0,
    signed: '2020-05-01',
    action: '2020-05-01',
    recipient: BETA,
    pop: MD_MONTGOMERY,
    recipientLocation: VA_FAIRFAX,
    extra: {
      naics_code: '541511',
      naics_description: 'CUSTOM COMPUTER PROGRAMMING SERVICES',
      product_or_service_code: 'D302',
      product_or_service_description: 'IT AND TELECOM- SYSTEMS DEVELOPMENT',
      disaster_emergency_fund_codes: ['Q'],
    },
  },
  {
    id: 3,
    key: 'ASST_NON_FAIN3_Z201',
    type: '04',
    category: 'grant',
    typeDescription: 'PROJECT GRANT (B)',
    fain: 'FAIN3',
    awarding: [T2, S201],
    funding: [T2, S201],
    obligation: 2000,
    pragmatic: 2000,
    outlays: 1500,
    signed: '2020-10-05',
    action: '2021-01-20',
    recipient: ACME,
    pop: CANADA,
    recipientLocation: VA_FAIRFAX,
    extra: { cfda_number: '10.001', cfda_program_title: 'Agricultural Research' },
  },
  {
    id: 4,
    key: 'ASST_NON_LOAN4_Z201',
    type: '07',
    category: 'loans',
    typeDescription: 'DIRECT LOAN (E)',
    fain: 'LOAN4',
    awarding: [T2, S201],
    funding: [T2, S201],
    obligation: 0,
    pragmatic: 25,
    outlays: null,
    signed: '2021-03-01',
    action: '2021-03-01',
    recipient: BETA,
    pop: VA_FAIRFAX,
    recipientLocation: VA_FAIRFAX,
    extra: { total_loan_value: 10000, total_subsidy_cost: 25 },
  },
  {
    id: 5,
    key: 'CONT_IDV_IDVFIVE_Z101',
    type: 'IDV_A',
    category: 'idv',
    typeDescription: 'GWAC',
    piid: 'IDVFIVE',
    awarding: [T1, S101],
    funding: [T1, S101],
    obligation: 300,
    pragmatic: 300,
    outlays: null,
    signed: '2019-12-01',
    action: '2019-12-01',
    recipient: null,
    pop: VA_FAIRFAX,
    recipientLocation: VA_FAIRFAX,
    extra: { ordering_period_end_date: '2024-12-01' },
  },
];

/**
 * [award id, transaction id, action date, obligation, modification]. Both transactions of award 1 carry
 * its DEF code L, but only the second is on or after L's enactment date (2020-03-27).
 */
const TRANSACTIONS: Array<[number, number, string, number, string]> = [
  [1, 11, '2019-11-15', 600, '0'],
  [1, 12, '2020-04-10', 400, 'P00001'],
  [2, 21, '2020-05-01', 500, '0'],
  [3, 31, '2020-10-05', 1500, '0'],
  [3, 32, '2021-01-20', 500, '1'],
  [4, 41, '2021-03-01', 0, '0'],
  [5, 51, '2019-12-01', 300, '0'],
];

const fy = (date: string) => (Number(date.slice(5, 7)) >= 10 ? Number(date.slice(0, 4)) + 1 : Number(date.slice(0, 4)));

function awardRow(a: AwardSpec): Row {
  return {
    award_id: a.id,
    generated_unique_award_id: a.key,
    display_award_id: a.fain ?? a.piid,
    is_fpds: a.piid !== undefined,
    category: a.category,
    type: a.type,
    type_description: a.typeDescription,
    piid: a.piid ?? null,
    fain: a.fain ?? null,
    total_obligation: a.obligation,
    generated_pragmatic_obligation: a.pragmatic,
    award_amount: a.type === '07' ? 10000 : a.obligation,
    total_outlays: a.outlays,
    date_signed: a.signed,
    action_date: a.action,
    fiscal_year: fy(a.action),
    last_modified_date: a.action,
    ...agencyColumns('awarding', ...a.awarding),
    ...agencyColumns('funding', ...a.funding),
    recipient_hash: a.recipient?.hash ?? null,
    recipient_levels: a.recipient?.levels ?? null,
    recipient_name: a.recipient?.name ?? null,
    recipient_uei: a.recipient?.uei ?? null,
    recipient_unique_id: a.recipient?.duns ?? null,
    parent_recipient_hash: a.recipient?.parentHash ?? null,
    parent_uei: a.recipient?.parentUei ?? null,
    ...location('pop', a.pop),
    ...location('recipient_location', a.recipientLocation),
    ...a.extra,
  };
}

function transactionRow(a: AwardSpec, id: number, date: string, obligation: number, mod: string): Row {
  const award = awardRow(a);
  const keep = Object.fromEntries(
    Object.entries(award).filter(
      ([k]) =>
        !/^(total_|date_signed|category|award_amount|spending_by_defc|period_of_performance|ordering_period|cfda_program_title|description)/.test(k),
    ),
  );
  const isLoan = a.type === '07';
  return {
    ...keep,
    transaction_id: id,
    transaction_unique_id: `TXN-${id}`,
    award_id: a.id,
    award_category: a.category,
    modification_number: mod,
    action_date: date,
    fiscal_action_date: null,
    fiscal_year: fy(date),
    award_date_signed: a.signed,
    federal_action_obligation: obligation,
    face_value_loan_guarantee: isLoan ? 10000 : null,
    original_loan_subsidy_cost: isLoan ? 25 : null,
    generated_pragmatic_obligation: isLoan ? 25 : obligation,
    transaction_description: `${String(a.extra?.description ?? 'Award')} mod ${mod}`,
    cfda_title: a.extra?.cfda_program_title ?? null,
  };
}

/** Replaces the search tables' rows with the hand-made set and loads the reference rows they name. */
export async function seedSearchData(db: CommonQueryMethods): Promise<{ agencyIds: Record<string, number> }> {
  await db.query(sql.unsafe`DELETE FROM subaward_search`);
  await db.query(sql.unsafe`DELETE FROM transaction_search`);
  await db.query(sql.unsafe`DELETE FROM award_search`);

  // Agencies: two toptiers, three subtiers; Z01 has submissions (an agency page), Z02 none.
  await insertRows(db, 'toptier_agency', [
    { ...T1, slug: 'department-of-testing' },
    { ...T2, slug: null },
  ]);
  await insertRows(
    db,
    'subtier_agency',
    [S101, S102, S201].map((s) => ({ subtier_code: s.code, name: s.name, abbreviation: s.abbreviation })),
  );
  await db.query(sql.unsafe`
    INSERT INTO agency (toptier_agency_id, subtier_agency_id, toptier_flag, user_selectable)
    SELECT t.toptier_agency_id, s.subtier_agency_id, x.flag, true
    FROM (VALUES ('Z01', 'Z101', true), ('Z01', 'Z102', false), ('Z02', 'Z201', true)) AS x(top, sub, flag)
    JOIN toptier_agency AS t ON t.toptier_code = x.top
    JOIN subtier_agency AS s ON s.subtier_code = x.sub
  `);
  await insertRows(db, 'submission_attributes', [
    {
      submission_id: 990001,
      toptier_code: 'Z01',
      reporting_fiscal_year: 2020,
      reporting_fiscal_quarter: 4,
      reporting_fiscal_period: 12,
      quarter_format_flag: false,
    },
  ]);
  const ids = await db.any(sql.unsafe`
    SELECT s.subtier_code, a.id FROM agency AS a JOIN subtier_agency AS s ON s.subtier_agency_id = a.subtier_agency_id
    WHERE s.subtier_code IN ('Z101', 'Z102', 'Z201')
  `);
  const agencyIds = Object.fromEntries(ids.map((r) => [String(r.subtier_code), Number(r.id)]));
  const toptierIds = await db.any(sql.unsafe`SELECT toptier_code, toptier_agency_id FROM toptier_agency WHERE toptier_code IN ('Z01', 'Z02')`);
  for (const r of toptierIds) agencyIds[String(r.toptier_code)] = Number(r.toptier_agency_id);

  // Codes and places: replace whatever the template holds for them with known values.
  await db.query(sql.unsafe`DELETE FROM naics WHERE code = '541511'`);
  await insertRows(db, 'naics', [{ code: '541511', description: 'Custom Computer Programming Services', year_retired: null }]);
  await db.query(sql.unsafe`DELETE FROM psc WHERE code = 'D302'`);
  await insertRows(db, 'psc', [{ code: 'D302', description: 'IT AND TELECOM- SYSTEMS DEVELOPMENT' }]);
  await db.query(sql.unsafe`DELETE FROM references_cfda WHERE program_number = '10.001'`);
  await insertRows(db, 'references_cfda', [{ program_number: '10.001', program_title: 'Agricultural Research Basic and Applied Research' }]);
  await db.query(sql.unsafe`DELETE FROM ref_country_code WHERE country_code IN ('USA', 'CAN')`);
  await insertRows(db, 'ref_country_code', [
    { country_code: 'USA', country_name: 'UNITED STATES', latest_population: 365 },
    { country_code: 'CAN', country_name: 'CANADA', latest_population: 800 },
  ]);
  await db.query(sql.unsafe`DELETE FROM state_data WHERE code IN ('VA', 'MD')`);
  await insertRows(db, 'state_data', [
    { id: '51-2020', fips: '51', code: 'VA', name: 'VIRGINIA', type: 'state', year: 2020, population: 400 },
    { id: '24-2020', fips: '24', code: 'MD', name: 'MARYLAND', type: 'state', year: 2020, population: 200 },
  ]);
  await db.query(sql.unsafe`DELETE FROM ref_population_county WHERE state_code IN ('51', '24')`);
  await insertRows(db, 'ref_population_county', [
    { state_code: '51', county_number: '000', state_name: 'VIRGINIA', county_name: null, latest_population: 400 },
    { state_code: '51', county_number: '059', state_name: 'VIRGINIA', county_name: 'FAIRFAX COUNTY', latest_population: 100 },
    { state_code: '24', county_number: '000', state_name: 'MARYLAND', county_name: null, latest_population: 200 },
    { state_code: '24', county_number: '031', state_name: 'MARYLAND', county_name: 'MONTGOMERY COUNTY', latest_population: 1000 },
  ]);
  await db.query(sql.unsafe`DELETE FROM ref_population_cong_district WHERE state_abbreviation IN ('VA', 'MD')`);
  await insertRows(db, 'ref_population_cong_district', [
    { state_code: '51', state_name: 'Virginia', state_abbreviation: 'VA', congressional_district: '08', latest_population: 50 },
    { state_code: '24', state_name: 'Maryland', state_abbreviation: 'MD', congressional_district: '08', latest_population: 250 },
  ]);
  await db.query(sql.unsafe`DELETE FROM recipient_lookup WHERE recipient_hash IN (${H1}::uuid, ${H2}::uuid)`);
  await insertRows(db, 'recipient_lookup', [
    { recipient_hash: H1, legal_business_name: 'ACME CORPORATION', duns: '111111111', uei: 'ACMEUEI00001' },
    { recipient_hash: H2, legal_business_name: 'BETA LLC', duns: '222222222', uei: 'BETAUEI00002' },
  ]);
  await db.query(sql.unsafe`DELETE FROM federal_account WHERE id = 9001 OR federal_account_code = '999-0001'`);
  await insertRows(db, 'federal_account', [
    { id: 9001, agency_identifier: '999', main_account_code: '0001', federal_account_code: '999-0001', account_title: 'Testing Account' },
  ]);
  // DEF codes: L is a COVID-19 code enacted 2020-03-27, Q has no group.
  await db.query(sql.unsafe`DELETE FROM disaster_emergency_fund_code WHERE code IN ('L', 'Q')`);
  await insertRows(db, 'disaster_emergency_fund_code', [
    { code: 'L', public_law: 'Emergency P.L. 116-136', title: 'Emergency PL 116-136', group_name: 'covid_19', earliest_public_law_enactment_date: '2020-03-27' },
    { code: 'Q', public_law: 'Non-emergency P.L.', title: 'Excluded from tracking', group_name: null, earliest_public_law_enactment_date: null },
  ]);

  const byId = new Map(AWARDS.map((a) => [a.id, a]));
  const awardRows = AWARDS.map((a) => {
    const row = awardRow(a);
    row.awarding_agency_id = agencyIds[a.awarding[1].code];
    row.funding_agency_id = agencyIds[a.funding[1].code];
    row.awarding_toptier_agency_id = agencyIds[a.awarding[0].toptier_code];
    row.funding_toptier_agency_id = agencyIds[a.funding[0].toptier_code];
    return row;
  });
  await insertRows(db, 'award_search', awardRows);
  await insertRows(
    db,
    'transaction_search',
    TRANSACTIONS.map(([awardId, id, date, obligation, mod]) => {
      const a = byId.get(awardId)!;
      const row = transactionRow(a, id, date, obligation, mod);
      row.awarding_agency_id = agencyIds[a.awarding[1].code];
      row.funding_agency_id = agencyIds[a.funding[1].code];
      row.awarding_toptier_agency_id = agencyIds[a.awarding[0].toptier_code];
      row.funding_toptier_agency_id = agencyIds[a.funding[0].toptier_code];
      return row;
    }),
  );
  const sub = (id: number, awardId: number, number: string, amount: number, date: string): Row => {
    const a = byId.get(awardId)!;
    const procurement = a.piid !== undefined;
    return {
      broker_subaward_id: id,
      award_id: awardId,
      unique_award_key: a.key,
      prime_award_group: procurement ? 'procurement' : 'grant',
      prime_award_type: a.type,
      subaward_type: procurement ? 'sub-contract' : 'sub-grant',
      subaward_number: number,
      subaward_amount: amount,
      sub_action_date: date,
      sub_fiscal_year: fy(date),
      subaward_description: `Subaward ${number}`,
      award_piid_fain: a.piid ?? a.fain,
      prime_recipient_name: a.recipient?.name ?? null,
      sub_awardee_or_recipient_legal: `SUBCO ${number}`,
      ...agencyColumns('awarding', ...a.awarding),
      ...agencyColumns('funding', ...a.funding),
      sub_place_of_perform_country_code: 'USA',
      sub_place_of_perform_state_code: 'VA',
      sub_place_of_perform_state_fips: '51',
      sub_place_of_perform_county_code: '059',
      sub_place_of_perform_congressional_current: '08',
      sub_legal_entity_country_code: 'USA',
      sub_legal_entity_state_code: 'MD',
      sub_legal_entity_state_fips: '24',
    };
  };
  await insertRows(db, 'subaward_search', [
    sub(101, 1, 'SUB-1', 100, '2020-03-01'),
    sub(102, 1, 'SUB-2', 50, '2020-04-01'),
    sub(103, 3, 'SUB-3', 200, '2021-02-01'),
  ]);
  // What the transactions add to their awards' keyword documents, as the loaders derive it (the baseline).
  await db.query(sql.unsafe`SELECT derive_award_keyword_text()`);
  return { agencyIds };
}

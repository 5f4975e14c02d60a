import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import pg from 'pg';
import { loadAwardFiles, type LoadAwardFilesResult } from '../src/index';
import { formatFileReport } from '../src/awards/load-awards-command';

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** A CSV file in a download layout: header plus rows given as column -> value. */
function csv(columns: string[], rows: Array<Record<string, string>>): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join('\n') + '\n';
}

/** A zip archive of deflated entries (local headers, central directory, end record). */
function zip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The same archive in ZIP64 form, as writers produce it for archives over 4 GB: sizes and offsets of each
 * entry in a ZIP64 extra field (classic fields 0xFFFFFFFF), a ZIP64 end record and its locator, and an end
 * record whose counts and offsets are 0xFFFF / 0xFFFFFFFF.
 */
function zip64(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const localExtra = Buffer.alloc(20);
    localExtra.writeUInt16LE(0x0001, 0);
    localExtra.writeUInt16LE(16, 2);
    localExtra.writeBigUInt64LE(BigInt(data.length), 4);
    localExtra.writeBigUInt64LE(BigInt(packed.length), 12);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(45, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(0xffffffff, 18);
    local.writeUInt32LE(0xffffffff, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const extra = Buffer.alloc(28);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(data.length), 4);
    extra.writeBigUInt64LE(BigInt(packed.length), 12);
    extra.writeBigUInt64LE(BigInt(offset), 20);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(45, 4);
    central.writeUInt16LE(45, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(0xffffffff, 20);
    central.writeUInt32LE(0xffffffff, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(0xffffffff, 42);
    locals.push(local, nameBytes, localExtra, packed);
    centrals.push(central, nameBytes, extra);
    offset += 30 + nameBytes.length + localExtra.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries.length), 24);
  record.writeBigUInt64LE(BigInt(entries.length), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...locals, directory, record, locator, end]);
}

const CONTRACT_COLUMNS = [
  'contract_transaction_unique_key', 'contract_award_unique_key', 'award_id_piid', 'modification_number', 'transaction_number',
  'parent_award_agency_id', 'parent_award_id_piid', 'federal_action_obligation', 'base_and_exercised_options_value',
  'base_and_all_options_value', 'action_date', 'period_of_performance_start_date', 'period_of_performance_current_end_date',
  'awarding_agency_code', 'awarding_agency_name', 'awarding_sub_agency_code', 'awarding_sub_agency_name', 'awarding_office_code',
  'awarding_office_name', 'funding_sub_agency_code', 'recipient_uei', 'recipient_duns', 'recipient_name', 'recipient_parent_uei',
  'recipient_parent_name', 'recipient_country_code', 'recipient_state_code', 'recipient_city_name', 'recipient_zip_4_code',
  'primary_place_of_performance_country_code', 'primary_place_of_performance_state_code', 'primary_place_of_performance_zip_4',
  'award_type_code', 'idv_type_code', 'type_of_idc_code', 'transaction_description', 'prime_award_base_transaction_description',
  'naics_code', 'naics_description', 'product_or_service_code', 'type_of_contract_pricing_code', 'extent_competed_code',
  'disaster_emergency_fund_codes_for_overall_award', 'obligated_amount_from_COVID-19_supplementals_for_overall_award',
  'solicitation_identifier', 'last_modified_date', 'treasury_accounts_funding_this_award', 'object_classes_funding_this_award',
  'program_activities_funding_this_award', 'contracting_officers_determination_of_business_size_code', 'woman_owned_business',
  'c8a_program_participant', 'us_state_government',
];

const ASSISTANCE_COLUMNS = [
  'assistance_transaction_unique_key', 'assistance_award_unique_key', 'award_id_fain', 'modification_number', 'award_id_uri',
  'federal_action_obligation', 'non_federal_funding_amount', 'face_value_of_loan', 'original_loan_subsidy_cost', 'action_date',
  'awarding_sub_agency_code', 'recipient_uei', 'recipient_duns', 'recipient_name', 'recipient_city_name', 'cfda_number',
  'cfda_title', 'assistance_type_code', 'transaction_description', 'business_types_code', 'record_type_code', 'last_modified_date',
];

const SUBAWARD_COLUMNS = [
  'prime_award_unique_key', 'prime_award_piid', 'prime_award_amount', 'prime_award_awarding_sub_agency_code', 'prime_awardee_uei',
  'prime_awardee_name', 'subaward_type', 'subaward_sam_report_id', 'subaward_number', 'subaward_amount', 'subaward_action_date',
  'subawardee_uei', 'subawardee_name', 'subawardee_state_code', 'subaward_description',
];

describe('load:awards importer', () => {
  let db: TestDatabase;
  let dir: string;
  let subtier: string;
  let office: string;
  let tas: { id: number; label: string; path: string };
  let classes: Array<{ code: string; name: string }>;
  let activity: { code: string; name: string; ids: number[] };
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    // The importer's rules do not depend on other awards being there: without the template's generated awards,
    // each import's scoped derive and summary refresh (and the full derives some tests compare with) read only
    // the test's own rows, which keeps every import of this file quick.
    await query(db.url, `TRUNCATE award_search, transaction_search, subaward_search, financial_accounts_by_awards, parent_award,
      recipient_lookup, recipient_profile, award_derive_pending`);
    dir = mkdtempSync(path.join(os.tmpdir(), 'usas-awards-'));
    const [row] = await query<{ subtier_code: string; office_code: string }>(db.url, `
      SELECT s.subtier_code, o.office_code FROM agency a JOIN subtier_agency s USING (subtier_agency_id)
      JOIN office o ON o.sub_tier_code = s.subtier_code ORDER BY a.id, o.office_code LIMIT 1`);
    subtier = row!.subtier_code;
    office = row!.office_code;
    const [account] = await query<{ id: number; label: string; path: string }>(db.url, `
      SELECT id, tas_rendering_label AS label, tas_path AS path FROM treasury_account_search_path ORDER BY id LIMIT 1`);
    tas = account!;
    classes = await query<{ code: string; name: string }>(db.url, `
      SELECT object_class AS code, min(object_class_name) AS name FROM object_class GROUP BY object_class ORDER BY object_class DESC LIMIT 2`);
    const [pa] = await query<{ code: string; name: string; ids: number[] }>(db.url, `
      SELECT program_activity_code AS code, min(program_activity_name) AS name,
        (SELECT array_agg(r.id ORDER BY r.id) FROM ref_program_activity r WHERE r.program_activity_code = p.program_activity_code
           AND upper(r.program_activity_name) = upper(min(p.program_activity_name))) AS ids
      FROM ref_program_activity p GROUP BY program_activity_code ORDER BY program_activity_code LIMIT 1`);
    activity = pa!;
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const contractRows = (): Array<Record<string, string>> => {
    const award = `CONT_AWD_TST0001_${subtier}_IDVTST01_${subtier}`;
    const base = {
      contract_award_unique_key: award, award_id_piid: 'TST0001', parent_award_agency_id: subtier, parent_award_id_piid: 'IDVTST01',
      awarding_sub_agency_code: subtier, awarding_office_code: office, funding_sub_agency_code: subtier,
      recipient_uei: 'TSTUEI000001', recipient_duns: '123456789', recipient_name: 'TEST WIDGETS, INC.', recipient_parent_uei: 'TSTUEI000000',
      recipient_parent_name: 'TEST HOLDINGS', recipient_country_code: 'USA', recipient_state_code: 'VA', recipient_city_name: 'ARLINGTON',
      recipient_zip_4_code: '222011234', primary_place_of_performance_country_code: 'USA', primary_place_of_performance_state_code: 'VA',
      primary_place_of_performance_zip_4: '22201', award_type_code: 'C', prime_award_base_transaction_description: 'WIDGETS, "BLUE"',
      naics_code: '336411', product_or_service_code: '1510', type_of_contract_pricing_code: 'J', extent_competed_code: 'CDO',
      disaster_emergency_fund_codes_for_overall_award: 'N: Emergency P.L. 116-136; Q: Excluded from tracking',
      'obligated_amount_from_COVID-19_supplementals_for_overall_award': '1000.00', solicitation_identifier: 'SOL-1',
      treasury_accounts_funding_this_award: `${tas.label};NOT-A-TAS`,
      object_classes_funding_this_award: `${classes.map((c) => `${c.code}: ${c.name}`).join(';')};999: NOT A CLASS`,
      program_activities_funding_this_award: `${activity.code}: ${activity.name}`,
      contracting_officers_determination_of_business_size_code: 'S', woman_owned_business: 't', c8a_program_participant: 'f', us_state_government: 'f',
    };
    return [
      { ...base, contract_transaction_unique_key: `${subtier}_${subtier}_TST0001_0_IDVTST01_0`, modification_number: '0', transaction_number: '0',
        federal_action_obligation: '1500.25', base_and_exercised_options_value: '1500.25', base_and_all_options_value: '3000.00',
        action_date: '2022-01-15', period_of_performance_start_date: '2022-01-15', period_of_performance_current_end_date: '2023-01-14',
        transaction_description: 'WIDGETS, "BLUE"\nSECOND LINE', last_modified_date: '2022-01-20 10:11:12' },
      { ...base, contract_transaction_unique_key: `${subtier}_${subtier}_TST0001_P00001_IDVTST01_0`, modification_number: 'P00001', transaction_number: '0',
        federal_action_obligation: '-200.10', base_and_exercised_options_value: '-200.10', base_and_all_options_value: '0',
        action_date: '2022-06-30', transaction_description: 'DEOBLIGATION', last_modified_date: '2022-07-01' },
      { ...base, contract_award_unique_key: `CONT_IDV_IDVTST01_${subtier}`, award_id_piid: 'IDVTST01', parent_award_agency_id: '', parent_award_id_piid: '',
        contract_transaction_unique_key: `${subtier}_-NONE-_IDVTST01_0_-NONE-_0`, modification_number: '0', award_type_code: '', idv_type_code: 'B',
        type_of_idc_code: 'B', federal_action_obligation: '0', action_date: '2021-03-01', transaction_description: 'IDIQ FOR WIDGETS',
        disaster_emergency_fund_codes_for_overall_award: '', 'obligated_amount_from_COVID-19_supplementals_for_overall_award': '',
        contracting_officers_determination_of_business_size_code: 'O', woman_owned_business: 'f', c8a_program_participant: 'T' },
    ];
  };
  const assistanceRows = (): Array<Record<string, string>> => [
    { assistance_transaction_unique_key: `${subtier}_TSTFAIN1_-NONE-_10.001_0`, assistance_award_unique_key: `ASST_NON_TSTFAIN1_${subtier}`,
      award_id_fain: 'TSTFAIN1', modification_number: '0', federal_action_obligation: '50000', non_federal_funding_amount: '5000', action_date: '2023-02-01',
      awarding_sub_agency_code: subtier, recipient_uei: 'TSTUEI000002', recipient_name: 'TEST UNIVERSITY', cfda_number: '10.001',
      cfda_title: 'TEST PROGRAM', assistance_type_code: '04', transaction_description: 'RESEARCH', business_types_code: 'H', record_type_code: '2' },
    { assistance_transaction_unique_key: `${subtier}_TSTLOAN1_-NONE-_59.012_0`, assistance_award_unique_key: `ASST_NON_TSTLOAN1_${subtier}`,
      award_id_fain: 'TSTLOAN1', modification_number: '0', federal_action_obligation: '0', face_value_of_loan: '250000', original_loan_subsidy_cost: '12500.50',
      action_date: '2023-03-01', awarding_sub_agency_code: subtier, recipient_duns: '987654321', recipient_name: 'TEST BAKERY LLC',
      assistance_type_code: '08', transaction_description: 'LOAN GUARANTEE' },
  ];

  it('imports prime transaction files (contracts and assistance), idempotently', async () => {
    const contracts = file('contracts.csv', csv(CONTRACT_COLUMNS, contractRows()));
    const assistance = file('assistance.csv', csv(ASSISTANCE_COLUMNS, assistanceRows()));
    const first = await loadAwardFiles(db.url, [contracts, assistance]);
    expect(first.files.map((f) => [f.layout, f.rows, f.inserted, f.updated])).toEqual([['transaction_d1', 3, 3, 0], ['transaction_d2', 2, 2, 0]]);
    // The importer writes what the derive step would: its guarded award-level updates find nothing to change.
    const written = ['award_links', 'award_rollups', 'award_keyword_text', 'search_file_c', 'award_subawards', 'transaction_date_signed'];
    expect(first.derive.filter((d) => written.includes(d.step))).toEqual(written.map((step) => ({ step, changed: 0, seconds: expect.any(Number) })));

    const [award] = await query<Record<string, unknown>>(db.url, `
      SELECT a.*, g.id = a.awarding_agency_id AS agency_ok, p.award_id = a.parent_award_id AS parent_ok
      FROM award_search a JOIN agency g ON g.id = a.awarding_agency_id
      JOIN award_search p ON p.generated_unique_award_id = 'CONT_IDV_IDVTST01_' || a.awarding_subtier_agency_code
      WHERE a.piid = 'TST0001'`);
    expect(award).toMatchObject({
      type: 'C', category: 'contract', type_description: 'Delivery Order', total_obligation: '1300.15', transaction_count: 2,
      date_signed: expect.any(Date), agency_ok: true, parent_ok: true, awarding_subtier_agency_code: subtier, awarding_office_code: office,
      recipient_name: 'TEST WIDGETS, INC.', recipient_location_zip5: '22201', description: 'WIDGETS, "BLUE"',
      disaster_emergency_fund_codes: ['N', 'Q'], total_covid_obligation: '1000.00', parent_award_piid: 'IDVTST01',
      treasury_account_identifiers: [tas.id], tas_paths: [tas.path],
    });
    expect(await query(db.url, `SELECT DISTINCT treasury_account_identifiers, disaster_emergency_fund_codes FROM transaction_search WHERE piid = 'TST0001'`))
      .toEqual([{ treasury_account_identifiers: [tas.id], disaster_emergency_fund_codes: ['N', 'Q'] }]);
    const expectedClasses = classes.map((c) => c.code).sort();
    const lists = { object_classes: expectedClasses, program_activity_ids: activity.ids, program_activities: [{ code: activity.code, name: activity.name }] };
    expect(await query(db.url, `SELECT object_classes, program_activity_ids, program_activities FROM award_search WHERE piid = 'TST0001'`)).toEqual([lists]);
    expect(await query(db.url, `SELECT DISTINCT object_classes, program_activity_ids, program_activities FROM transaction_search WHERE piid = 'TST0001'`)).toEqual([lists]);
    expect(await query(db.url, `SELECT piid, business_categories FROM award_search WHERE piid IN ('TST0001', 'IDVTST01') ORDER BY piid`)).toEqual([
      { piid: 'IDVTST01', business_categories: ['8a_program_participant', 'category_business', 'other_than_small_business', 'special_designations'] },
      { piid: 'TST0001', business_categories: ['category_business', 'small_business', 'woman_owned_business'] },
    ]);
    expect(await query(db.url, `SELECT DISTINCT business_categories FROM transaction_search WHERE piid = 'TST0001'`))
      .toEqual([{ business_categories: ['category_business', 'small_business', 'woman_owned_business'] }]);
    expect(await query(db.url, `SELECT fain, business_categories FROM award_search WHERE fain IN ('TSTFAIN1', 'TSTLOAN1') ORDER BY fain`)).toEqual([
      { fain: 'TSTFAIN1', business_categories: ['higher_education', 'public_institution_of_higher_education'] },
      { fain: 'TSTLOAN1', business_categories: [] },
    ]);
    expect(await query(db.url, `SELECT business_categories FROM recipient_lookup WHERE recipient_hash = md5('UEI-TSTUEI000002')::uuid`))
      .toEqual([{ business_categories: ['higher_education', 'public_institution_of_higher_education'] }]);
    const [hash] = await query<{ ok: boolean; parent_ok: boolean }>(db.url, `
      SELECT recipient_hash = md5('UEI-TSTUEI000001')::uuid AS ok, parent_recipient_hash = md5('UEI-TSTUEI000000')::uuid AS parent_ok
      FROM award_search WHERE piid = 'TST0001'`);
    expect(hash).toEqual({ ok: true, parent_ok: true });
    const [idv] = await query<{ type: string; direct_contract_count: number }>(db.url, `
      SELECT a.type, p.direct_contract_count FROM award_search a JOIN parent_award p USING (award_id) WHERE a.piid = 'IDVTST01'`);
    expect(idv).toEqual({ type: 'IDV_B_B', direct_contract_count: 1 });
    const [tx] = await query<{ transaction_description: string; detail: Record<string, string>; latest: boolean; fiscal_year: number }>(db.url, `
      SELECT t.transaction_description, d.detail, a.latest_transaction_id = (SELECT transaction_id FROM transaction_search WHERE transaction_unique_id LIKE '%_P00001_%' AND piid = 'TST0001') AS latest, t.fiscal_year
      FROM transaction_search t JOIN award_search a USING (award_id) JOIN transaction_detail d USING (transaction_id) WHERE t.piid = 'TST0001' AND t.modification_number = '0'`);
    expect(tx).toMatchObject({ transaction_description: 'WIDGETS, "BLUE"\nSECOND LINE', latest: true, fiscal_year: 2022 });
    expect(tx?.detail).toMatchObject({ transaction_number: '0', solicitation_identifier: 'SOL-1', period_of_performance_start_date: '2022-01-15' });
    const loans = await query<{ type: string; generated_pragmatic_obligation: string; total_loan_value: string; award_amount: string; recipient_ok: boolean }>(db.url, `
      SELECT type, generated_pragmatic_obligation, total_loan_value, award_amount, recipient_hash = md5('DUNS-987654321')::uuid AS recipient_ok
      FROM award_search WHERE fain = 'TSTLOAN1'`);
    expect(loans).toEqual([{ type: '08', generated_pragmatic_obligation: '12500.50', total_loan_value: '250000.00', award_amount: '250000.00', recipient_ok: true }]);
    expect(await query(db.url, `SELECT recipient_level FROM recipient_profile WHERE recipient_hash = md5('UEI-TSTUEI000000')::uuid`)).toEqual([{ recipient_level: 'P' }]);

    const before = await snapshot(db.url);
    const second = await loadAwardFiles(db.url, [contracts, assistance]);
    // every award's rows are in the database as written from the same text: passed over, nothing derived
    expect(second.files.map((f) => [f.inserted, f.updated, f.unchanged])).toEqual([[0, 0, 3], [0, 0, 2]]);
    expect(second.derive).toEqual([]);
    expect(await snapshot(db.url)).toEqual(before);
  });

  it('passes over awards whose rows have not changed since they were imported, and derives what an interrupted import left', async () => {
    const rows: Array<Record<string, string>> = assistanceRows().map((r, i) => ({ ...r, assistance_transaction_unique_key: `${subtier}_TSTSKIP${i}_-NONE-_10.001_0`,
      assistance_award_unique_key: `ASST_NON_TSTSKIP${i}_${subtier}`, award_id_fain: `TSTSKIP${i}` }));
    // a second transaction of the first award
    rows.push({ ...rows[0]!, assistance_transaction_unique_key: `${subtier}_TSTSKIP0_-NONE-_10.001_1`, modification_number: '1',
      federal_action_obligation: '1000', action_date: '2023-04-01', transaction_description: 'SUPPLEMENT' });
    const load = async (name: string, data: Array<Record<string, string>>, options = {}) =>
      (await loadAwardFiles(db.url, [file(name, csv([...ASSISTANCE_COLUMNS, 'awarding_office_code'], data))], options));
    const withOffice: Array<Record<string, string>> = rows.map((r) => ({ ...r, awarding_office_code: office }));
    const totals = () => query(db.url, `SELECT fain, total_obligation, transaction_count FROM award_search WHERE fain LIKE 'TSTSKIP%' ORDER BY fain`);

    const first = await load('skip-1.csv', withOffice);
    expect(first.files[0]).toMatchObject({ inserted: 3, updated: 0, unchanged: 0 });
    expect(await query(db.url, `SELECT count(*)::int AS n, count(source_digest)::int AS digests FROM transaction_search WHERE fain LIKE 'TSTSKIP%'`))
      .toEqual([{ n: 3, digests: 3 }]);
    expect(await totals()).toEqual([
      { fain: 'TSTSKIP0', total_obligation: '51000.00', transaction_count: 2 }, { fain: 'TSTSKIP1', total_obligation: '0.00', transaction_count: 1 }]);

    // One changed row: its award is written again (both its rows read), the other award is passed over.
    withOffice[2] = { ...withOffice[2]!, federal_action_obligation: '2000' };
    const changed = await load('skip-2.csv', withOffice);
    // (the changed award's other row is compared value by value: unchanged too)
    expect(changed.files[0]).toMatchObject({ rows: 3, inserted: 0, updated: 1, unchanged: 2, rejected: 0 });
    expect(changed.derive.length).toBeGreaterThan(0);
    expect(await totals()).toEqual([
      { fain: 'TSTSKIP0', total_obligation: '52000.00', transaction_count: 2 }, { fain: 'TSTSKIP1', total_obligation: '0.00', transaction_count: 1 }]);

    // Reference data loaded since: the rows were looked up against other data, so they are mapped again
    // (here to the same values: only their fingerprints are written, no row counts as updated) ...
    const bump = () => query(db.url, `UPDATE reference_data_load SET checksum = checksum || 'x' WHERE group_name = (SELECT min(group_name) FROM reference_data_load)`);
    await bump();
    expect((await load('skip-3.csv', withOffice)).files[0]).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect((await load('skip-3.csv', withOffice)).files[0]).toMatchObject({ unchanged: 3 });
    // ... and here to a renamed office.
    const officeName = async () => query(db.url, `SELECT DISTINCT awarding_office_name FROM transaction_search WHERE fain LIKE 'TSTSKIP%'`);
    const [{ office_name: name } = { office_name: '' }] = await query<{ office_name: string }>(db.url, 'SELECT office_name FROM office WHERE office_code = $1', [office]);
    expect(await officeName()).toEqual([{ awarding_office_name: name }]);
    await query(db.url, `UPDATE office SET office_name = office_name || ' (RENAMED)' WHERE office_code = $1`, [office]);
    expect((await load('skip-3.csv', withOffice)).files[0]).toMatchObject({ updated: 0, unchanged: 3 });
    await bump();
    expect((await load('skip-4.csv', withOffice)).files[0]).toMatchObject({ updated: 3, unchanged: 0 });
    expect(await officeName()).toEqual([{ awarding_office_name: `${name} (RENAMED)` }]);
    await query(db.url, `UPDATE office SET office_name = $2 WHERE office_code = $1`, [office, name]);

    // An import whose derive did not run (cut off, or told to skip it) leaves its awards pending; the next
    // import derives them, even one that changes nothing.
    withOffice[1] = { ...withOffice[1]!, transaction_description: 'LOAN GUARANTEE, REVISED' };
    const cut = await load('skip-5.csv', withOffice, { skipDerive: true });
    expect(cut.files[0]).toMatchObject({ updated: 1, unchanged: 2 });
    const pending = () => query(db.url, `SELECT a.fain FROM award_derive_pending p JOIN award_search a USING (award_id) WHERE a.fain LIKE 'TSTSKIP%'`);
    expect(await pending()).toEqual([{ fain: 'TSTSKIP1' }]);
    await query(db.url, `UPDATE award_search SET transaction_count = 7 WHERE fain = 'TSTSKIP1'`);
    const after = await load('skip-6.csv', withOffice);
    expect(after.files[0]).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(after.derive.find((d) => d.step === 'award_rollups')?.changed).toBe(1);
    expect(await pending()).toEqual([]);
    expect(await totals()).toEqual([
      { fain: 'TSTSKIP0', total_obligation: '52000.00', transaction_count: 2 }, { fain: 'TSTSKIP1', total_obligation: '0.00', transaction_count: 1 }]);
  });

  it('fingerprints every value of a wide file (the digest joins its columns in groups)', async () => {
    const extra = Array.from({ length: 150 }, (_, i) => `extra_column_${i + 1}`);
    const [template] = contractRows();
    const row: Record<string, string> = { ...template!, contract_transaction_unique_key: 'WIDE-1', contract_award_unique_key: `CONT_AWD_TSTWIDE_${subtier}_-NONE-_-NONE-`,
      award_id_piid: 'TSTWIDE', parent_award_agency_id: '', parent_award_id_piid: '', ...Object.fromEntries(extra.map((c, i) => [c, `v${i + 1}`])) };
    const load = async (name: string, r: Record<string, string>) => (await loadAwardFiles(db.url, [file(name, csv([...CONTRACT_COLUMNS, ...extra], [r]))])).files[0];
    expect(await load('wide-1.csv', row)).toMatchObject({ inserted: 1, unchanged: 0 });
    expect(await load('wide-2.csv', row)).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    // a value past the first groups, and a value moved into the blank next to it
    const changedAt = async () => (await query<{ at: string }>(db.url, `SELECT row_changed_at::text AS at FROM transaction_search WHERE transaction_unique_id = 'WIDE-1'`))[0]?.at;
    const before = await changedAt();
    // (only detail holds these columns: a change of detail alone is an update, and the row is stamped as changed)
    expect(await load('wide-3.csv', { ...row, extra_column_140: 'changed' })).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await changedAt()).not.toEqual(before);
    expect(await load('wide-4.csv', { ...row, extra_column_140: '', extra_column_141: 'changed' })).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await query(db.url, `
      SELECT d.detail->>'extra_column_140' AS a, d.detail->>'extra_column_141' AS b
      FROM transaction_search t JOIN transaction_detail d USING (transaction_id) WHERE t.transaction_unique_id = 'WIDE-1'`))
      .toEqual([{ a: null, b: 'changed' }]);
  });

  it('imports subaward and award summary files and zips of them', async () => {
    const subawards = csv(SUBAWARD_COLUMNS, [
      { prime_award_unique_key: `CONT_AWD_TST0001_${subtier}_IDVTST01_${subtier}`, prime_award_piid: 'TST0001', prime_award_amount: '1300.15',
        prime_award_awarding_sub_agency_code: subtier, prime_awardee_uei: 'TSTUEI000001', prime_awardee_name: 'TEST WIDGETS, INC.',
        subaward_type: 'sub-contract', subaward_sam_report_id: 'R1', subaward_number: 'SUB-1', subaward_amount: '400.00',
        subaward_action_date: '2022-03-01', subawardee_uei: 'TSTUEI000009', subawardee_name: 'SUB SUPPLIER CO', subawardee_state_code: 'MD' },
      { prime_award_unique_key: `CONT_AWD_TST0001_${subtier}_IDVTST01_${subtier}`, prime_award_piid: 'TST0001', prime_award_amount: '1300.15',
        prime_award_awarding_sub_agency_code: subtier, subaward_sam_report_id: 'R2', subaward_number: 'SUB-2', subaward_amount: '100.50',
        subaward_action_date: '2022-04-01', subawardee_name: 'OTHER SUPPLIER' },
    ]);
    const awards = csv(['assistance_award_unique_key', 'award_id_fain', 'awarding_sub_agency_code', 'total_obligated_amount', 'award_base_action_date',
      'award_latest_action_date', 'assistance_type_code', 'recipient_name', 'recipient_uei', 'cfda_numbers_and_titles', 'total_outlayed_amount'], [
      { assistance_award_unique_key: `ASST_NON_TSTSUM1_${subtier}`, award_id_fain: 'TSTSUM1', awarding_sub_agency_code: subtier,
        total_obligated_amount: '7777.77', award_base_action_date: '2020-05-01', award_latest_action_date: '2021-05-01', assistance_type_code: '02',
        recipient_name: 'STATE OF TEST', recipient_uei: 'TSTUEI000003', cfda_numbers_and_titles: '10.001: TEST PROGRAM', total_outlayed_amount: '5000.00' },
    ]);
    const archive = file('awards.zip', zip([['Subawards_1.csv', subawards], ['Assistance_PrimeAwardSummaries_1.csv', awards]]));
    const result = await loadAwardFiles(db.url, [archive]);
    expect(result.files.map((f) => [path.basename(f.file), f.layout, f.inserted])).toEqual([
      ['Subawards_1.csv', 'subaward_d1', 2], ['Assistance_PrimeAwardSummaries_1.csv', 'award_d2', 1],
    ]);
    expect(await query(db.url, `SELECT subaward_count, total_subaward_amount FROM award_search WHERE piid = 'TST0001'`))
      .toEqual([{ subaward_count: 2, total_subaward_amount: '500.50' }]);
    expect(await query(db.url, `
      SELECT type, category, total_obligation, total_outlays, fiscal_year, cfda_number, cfda_program_title, transaction_count
      FROM award_search WHERE fain = 'TSTSUM1'`)).toEqual([
      { type: '02', category: 'grant', total_obligation: '7777.77', total_outlays: '5000.00', fiscal_year: 2021, cfda_number: '10.001', cfda_program_title: 'TEST PROGRAM', transaction_count: 0 },
    ]);
    const [sub] = await query<{ subaward_recipient_hash: string; ok: boolean; tas: unknown; key: string }>(db.url, `
      SELECT subaward_recipient_hash = md5('UEI-TSTUEI000009')::uuid AS ok, subaward_key AS key, disaster_emergency_fund_codes AS tas
      FROM subaward_search WHERE subaward_number = 'SUB-1'`);
    expect(sub).toEqual({ ok: true, key: `CONT_AWD_TST0001_${subtier}_IDVTST01_${subtier}|SUB-1|R1`, tas: ['N', 'Q'] });
    const again = await loadAwardFiles(db.url, [archive]);
    expect(again.files.map((f) => [f.rows, f.inserted, f.updated, f.unchanged, f.rejected])).toEqual([[2, 0, 0, 2, 0], [1, 0, 0, 1, 0]]);
    // The same files in a ZIP64 archive are read alike (and change nothing).
    const archive64 = file('awards64.zip', zip64([['Subawards_1.csv', subawards], ['Assistance_PrimeAwardSummaries_1.csv', awards]]));
    const again64 = await loadAwardFiles(db.url, [archive64]);
    expect(again64.files.map((f) => [path.basename(f.file), f.layout, f.rows, f.inserted, f.updated])).toEqual([
      ['Subawards_1.csv', 'subaward_d1', 2, 0, 0], ['Assistance_PrimeAwardSummaries_1.csv', 'award_d2', 1, 0, 0],
    ]);
    expect(again64.files.map((f) => formatFileReport(f).replace(/\(\d+\.\d s\)/, '(s)'))).toEqual([
      '  awards64.zip/Subawards_1.csv: subaward_d1, loaded: 2 read = 0 written (0 new, 0 updated) + 2 unchanged + 0 rejected (s)',
      '  awards64.zip/Assistance_PrimeAwardSummaries_1.csv: award_d2, loaded: 1 read = 0 written (0 new, 0 updated) + 1 unchanged + 0 rejected (s)',
    ]);
    // an archive that is not a zip, or holds no CSV file, fails alone
    const broken = await loadAwardFiles(db.url, [file('truncated.zip', zip64([['a.csv', 'x']]).subarray(0, 40)),
      file('empty.zip', zip([['notes.txt', 'x']])), archive64]);
    expect(broken.files.map((f) => [path.basename(f.file), f.status, f.problems.map((p) => p.reason)])).toEqual([
      ['truncated.zip', 'failed', [expect.stringMatching(/^unreadable zip: /)]],
      ['empty.zip', 'failed', ['the zip holds no .csv file']],
      ['Subawards_1.csv', 'loaded', []], ['Assistance_PrimeAwardSummaries_1.csv', 'loaded', []],
    ]);
  });

  it('links an IDV loaded after its child awards to them', async () => {
    const rename = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.replace(/TST0001/g, 'TST0002').replace(/IDVTST01/g, 'IDVTST02')]));
    const [first, second, idv] = contractRows().map(rename);
    await loadAwardFiles(db.url, [file('children.csv', csv(CONTRACT_COLUMNS, [first!, second!]))]);
    expect(await query(db.url, `SELECT parent_generated_unique_award_id, parent_award_id FROM award_search WHERE piid = 'TST0002'`))
      .toEqual([{ parent_generated_unique_award_id: `CONT_IDV_IDVTST02_${subtier}`, parent_award_id: null }]);
    const later = await loadAwardFiles(db.url, [file('parent.csv', csv(CONTRACT_COLUMNS, [idv!]))]);
    expect(later.derive.find((d) => d.step === 'award_links')?.changed).toBe(1);
    expect(await query(db.url, `
      SELECT c.parent_award_id = p.award_id AS linked, pa.direct_contract_count, pa.direct_total_obligation
      FROM award_search c JOIN award_search p ON p.piid = 'IDVTST02' JOIN parent_award pa ON pa.award_id = p.award_id
      WHERE c.piid = 'TST0002'`)).toEqual([{ linked: true, direct_contract_count: 1, direct_total_obligation: '1300.15' }]);
    expect(await parentAwardsAsFullDerive()).toEqual({ scoped: expect.any(String), full: expect.any(String), same: true });
  });

  /** Whether parent_award as the scoped derives left it is what a full derive_parent_award() builds. */
  const parentAwardsAsFullDerive = async () => {
    const digest = async () => (await query<{ d: string }>(db.url, `SELECT md5(coalesce(string_agg(p::text, ',' ORDER BY p.award_id), '')) AS d FROM parent_award p`))[0]!.d;
    const scoped = await digest();
    await query(db.url, 'SELECT derive_parent_award()');
    const full = await digest();
    return { scoped, full, same: scoped === full };
  };

  it('rebuilds the rollups of the IDVs an import reaches (parents and grandparents before and after) as a full derive would', async () => {
    const [template] = contractRows();
    const idv = (piid: string, parent: string, date: string) => ({ ...template!, contract_transaction_unique_key: `${piid}-0`,
      contract_award_unique_key: `CONT_IDV_${piid}_${subtier}`, award_id_piid: piid, parent_award_agency_id: parent && subtier, parent_award_id_piid: parent,
      award_type_code: '', idv_type_code: 'B', type_of_idc_code: 'B', federal_action_obligation: '0', action_date: date });
    const contract = (piid: string, parent: string, amount: string) => ({ ...template!, contract_transaction_unique_key: `${piid}-0`,
      contract_award_unique_key: `CONT_AWD_${piid}_${subtier}_${parent}_${subtier}`, award_id_piid: piid, parent_award_agency_id: subtier,
      parent_award_id_piid: parent, federal_action_obligation: amount, base_and_exercised_options_value: amount, base_and_all_options_value: amount,
      action_date: '2023-05-01' });
    const rollups = () => query<{ piid: string; parent: string | null }>(db.url, `
      SELECT a.piid, p.direct_idv_count, p.direct_contract_count, p.rollup_contract_count, p.rollup_total_obligation, pp.piid AS parent
      FROM parent_award p JOIN award_search a USING (award_id) LEFT JOIN award_search pp ON pp.award_id = p.parent_award_id
      WHERE a.piid LIKE 'TSTRU%' ORDER BY a.piid`);
    // two IDVs, each with an IDV child; a contract under the first child
    await loadAwardFiles(db.url, [file('rollup-1.csv', csv(CONTRACT_COLUMNS, [
      idv('TSTRUP1', '', '2022-10-01'), idv('TSTRUC1', 'TSTRUP1', '2022-11-01'), idv('TSTRUP2', '', '2022-10-01'), idv('TSTRUC2', 'TSTRUP2', '2022-11-01'),
      contract('TSTRUX', 'TSTRUC1', '100.00')]))]);
    expect(await rollups()).toEqual([
      { piid: 'TSTRUC1', direct_idv_count: 0, direct_contract_count: 1, rollup_contract_count: 1, rollup_total_obligation: '100.00', parent: 'TSTRUP1' },
      { piid: 'TSTRUC2', direct_idv_count: 0, direct_contract_count: 0, rollup_contract_count: 0, rollup_total_obligation: '0.00', parent: 'TSTRUP2' },
      { piid: 'TSTRUP1', direct_idv_count: 1, direct_contract_count: 0, rollup_contract_count: 1, rollup_total_obligation: '100.00', parent: null },
      { piid: 'TSTRUP2', direct_idv_count: 1, direct_contract_count: 0, rollup_contract_count: 0, rollup_total_obligation: '0.00', parent: null },
    ]);
    expect((await parentAwardsAsFullDerive()).same).toBe(true);

    // The contract's amount changes (its parent and grandparent change), and its parent IDV moves to the other
    // IDV (its old and new parent change): only the scoped derive runs, and it gets what a full one gets.
    const moved = await loadAwardFiles(db.url, [file('rollup-2.csv', csv(CONTRACT_COLUMNS, [
      { ...contract('TSTRUX', 'TSTRUC1', '250.00'), contract_transaction_unique_key: 'TSTRUX-1', modification_number: 'P00001', action_date: '2023-06-01' },
      { ...idv('TSTRUC1', 'TSTRUP2', '2022-11-01') }]))]);
    expect(moved.files[0]).toMatchObject({ inserted: 1, updated: 1 });
    expect(moved.derive.find((d) => d.step === 'parent_award')?.changed).toBeLessThan(10);
    expect(await rollups()).toEqual([
      { piid: 'TSTRUC1', direct_idv_count: 0, direct_contract_count: 1, rollup_contract_count: 1, rollup_total_obligation: '350.00', parent: 'TSTRUP2' },
      { piid: 'TSTRUC2', direct_idv_count: 0, direct_contract_count: 0, rollup_contract_count: 0, rollup_total_obligation: '0.00', parent: 'TSTRUP2' },
      { piid: 'TSTRUP1', direct_idv_count: 0, direct_contract_count: 0, rollup_contract_count: 0, rollup_total_obligation: '0.00', parent: null },
      { piid: 'TSTRUP2', direct_idv_count: 2, direct_contract_count: 0, rollup_contract_count: 1, rollup_total_obligation: '350.00', parent: null },
    ]);
    expect((await parentAwardsAsFullDerive()).same).toBe(true);

    // An IDV that stops being one (its type corrected) loses its row; its IDV child's row loses the parent.
    await loadAwardFiles(db.url, [file('rollup-3.csv', csv(CONTRACT_COLUMNS, [{ ...idv('TSTRUP2', '', '2022-10-01'), award_type_code: 'D', idv_type_code: '' }]))]);
    expect((await rollups()).map((r) => [r.piid, r.parent])).toEqual([['TSTRUC1', null], ['TSTRUC2', null], ['TSTRUP1', null]]);
    expect((await parentAwardsAsFullDerive()).same).toBe(true);
  });

  it('derives the recipients a load changed (old and new hashes) and gets what a full derive gets', async () => {
    // Two awards; the second load moves a transaction from one recipient (with a parent) to another.
    const asOf = '2023-06-30';
    const [template] = contractRows();
    const row = (key: string, award: string, mod: string, date: string, amount: string, uei: string, parent: string) => ({
      ...template!, contract_transaction_unique_key: key, contract_award_unique_key: `CONT_AWD_${award}_${subtier}_-NONE-_-NONE-`, award_id_piid: award,
      parent_award_agency_id: '', parent_award_id_piid: '', modification_number: mod, action_date: date, federal_action_obligation: amount,
      recipient_uei: uei, recipient_duns: '', recipient_name: `RECIPIENT ${uei}`, recipient_parent_uei: parent, recipient_parent_name: parent && `PARENT ${parent}`,
    });
    const rows = [
      row('RCP-1', 'TSTR0500', '0', '2023-01-10', '1000.00', 'TSTUEI000050', 'TSTUEI000049'),
      row('RCP-2', 'TSTR0500', 'P00001', '2023-02-10', '500.00', 'TSTUEI000050', 'TSTUEI000049'),
      row('RCP-3', 'TSTR0501', '0', '2023-03-01', '700.00', 'TSTUEI000051', ''),
    ];
    const state = async () => (await query<{ last_scope: string; derived_as_of: string }>(db.url,
      `SELECT last_scope, derived_as_of::text FROM recipient_derive_state`))[0];
    const profile = (uei: string, level: string) => query(db.url,
      `SELECT last_12_months, last_12_months_count FROM recipient_profile WHERE recipient_hash = md5('UEI-' || $1)::uuid AND recipient_level = $2`, [uei, level]);

    // A new "last 12 months" day moves every recipient's window: a full derive.
    // (with other recipients, so that the few a later load changes are a small part of them: a partial derive)
    const others = Array.from({ length: 40 }, (_, i) => row(`RCP-O${i}`, `TSTR06${String(i).padStart(2, '0')}`, '0', '2023-01-05', '10.00',
      `TSTUEI0006${String(i).padStart(2, '0')}`, ''));
    await loadAwardFiles(db.url, [file('recipients-1.csv', csv(CONTRACT_COLUMNS, [...rows, ...others]))], { asOf });
    expect(await state()).toEqual({ last_scope: 'full', derived_as_of: asOf });
    expect(await profile('TSTUEI000049', 'P')).toEqual([{ last_12_months: '1500.00', last_12_months_count: 2 }]);

    // Only the moved transaction: award TSTR0501 is not in this load, yet its rows' levels change (51 becomes a child too).
    const moved = { ...rows[1]!, recipient_uei: 'TSTUEI000051', recipient_name: 'RECIPIENT TSTUEI000051', recipient_parent_uei: 'TSTUEI000052',
      recipient_parent_name: 'PARENT TSTUEI000052', federal_action_obligation: '800.00' };
    const second = await loadAwardFiles(db.url, [file('recipients-2.csv', csv(CONTRACT_COLUMNS, [moved]))], { asOf });
    expect(second.files[0]).toMatchObject({ inserted: 0, updated: 1 });
    // the old recipient and its parent (the hashes before the update) and the new ones; not every recipient
    // (read from the log of changed rows merged into the kept grouping: derive_recipients from_log)
    expect(await state()).toEqual({ last_scope: expect.stringMatching(/^[1-9]\d* recipient hashes from changed rows$/), derived_as_of: asOf });
    expect(Number((await state())!.last_scope.split(' ')[0])).toBeLessThan(10);
    expect(await profile('TSTUEI000050', 'C')).toEqual([{ last_12_months: '1000.00', last_12_months_count: 1 }]);
    expect(await profile('TSTUEI000049', 'P')).toEqual([{ last_12_months: '1000.00', last_12_months_count: 1 }]);
    expect(await profile('TSTUEI000051', 'R')).toEqual([{ last_12_months: '700.00', last_12_months_count: 1 }]);
    expect(await profile('TSTUEI000051', 'C')).toEqual([{ last_12_months: '800.00', last_12_months_count: 1 }]);
    expect(await profile('TSTUEI000052', 'P')).toEqual([{ last_12_months: '800.00', last_12_months_count: 1 }]);
    expect(await query(db.url, `SELECT piid, recipient_levels FROM award_search WHERE piid IN ('TSTR0500', 'TSTR0501') ORDER BY piid`))
      .toEqual([{ piid: 'TSTR0500', recipient_levels: ['C', 'R'] }, { piid: 'TSTR0501', recipient_levels: ['C', 'R'] }]);
    expect(await query(db.url, `SELECT DISTINCT recipient_levels FROM transaction_search WHERE transaction_unique_id = 'RCP-3'`))
      .toEqual([{ recipient_levels: ['C', 'R'] }]);

    const partial = await recipientState(db.url);
    expect(await query(db.url, 'SELECT count(*)::int AS n FROM recipient_derive_dirty')).toEqual([{ n: 0 }]);
    expect(await query(db.url, 'SELECT count(*)::int AS n FROM recipient_tx_delta')).toEqual([{ n: 0 }]);
    await query(db.url, 'SELECT derive_recipients($1::date, true, false)', [asOf]);
    expect(await recipientState(db.url)).toEqual(partial);

    // Without a complete log, a partial derive reads the changed recipients' transactions, and puts their
    // groups back into the kept grouping, so the load after it reads the log again; both as a full derive.
    const again = async (source: string, changed: Record<string, string>, expected: Array<[string, string, unknown[]]>) => {
      if (source === 'transactions') await query(db.url, 'UPDATE recipient_derive_state SET tx_delta_complete = false');
      await loadAwardFiles(db.url, [file(`recipients-${changed.federal_action_obligation}.csv`, csv(CONTRACT_COLUMNS, [{ ...moved, ...changed }]))], { asOf });
      expect((await state())!.last_scope).toMatch(new RegExp(`^[1-9]\\d* recipient hashes from ${source}$`));
      for (const [uei, level, rows] of expected) expect({ uei, level, rows: await profile(uei, level) }).toEqual({ uei, level, rows });
      const derived = await recipientState(db.url);
      await query(db.url, 'SELECT derive_recipients($1::date, true, false)', [asOf]);
      expect(await recipientState(db.url)).toEqual(derived);
    };
    await again('transactions', { federal_action_obligation: '850.00' }, [['TSTUEI000052', 'P', [{ last_12_months: '850.00', last_12_months_count: 1 }]]]);
    // The transaction moves on to a recipient without a parent: its old group in the kept grouping empties.
    await again('changed rows', { federal_action_obligation: '875.00', recipient_uei: 'TSTUEI000053', recipient_name: 'RECIPIENT TSTUEI000053',
      recipient_parent_uei: '', recipient_parent_name: '' }, [
      ['TSTUEI000053', 'R', [{ last_12_months: '875.00', last_12_months_count: 1 }]],
      ['TSTUEI000052', 'P', []],
      ['TSTUEI000051', 'C', []],
    ]);
    // ... and back to a recipient it had before, under another name: two names for one recipient.
    await again('changed rows', { federal_action_obligation: '890.00', recipient_uei: 'TSTUEI000051', recipient_name: 'RECIPIENT TSTUEI000051 INC',
      recipient_parent_uei: '', recipient_parent_name: '' }, [
      ['TSTUEI000051', 'R', [{ last_12_months: '1590.00', last_12_months_count: 2 }]],
      ['TSTUEI000053', 'R', []],
    ]);
    expect(await query(db.url, `SELECT legal_business_name, alternate_names FROM recipient_lookup WHERE recipient_hash = md5('UEI-TSTUEI000051')::uuid`))
      .toEqual([{ legal_business_name: 'RECIPIENT TSTUEI000051', alternate_names: ['RECIPIENT TSTUEI000051 INC'] }]);

    // Writes made while recording was off are not in the record: the next derive is a full one.
    await query(db.url, 'SELECT set_change_recording(false)');
    await query(db.url, `UPDATE transaction_search SET generated_pragmatic_obligation = 900 WHERE transaction_unique_id = 'RCP-2'`);
    await query(db.url, 'SELECT set_change_recording(true)');
    // (a file that changes only a description: the derive that follows it is what is checked)
    await loadAwardFiles(db.url, [file('recipients-3.csv', csv(CONTRACT_COLUMNS, [{ ...rows[2]!, transaction_description: 'REVISED' }]))], { asOf });
    expect(await state()).toEqual({ last_scope: 'full', derived_as_of: asOf });
    expect(await profile('TSTUEI000051', 'R')).toEqual([{ last_12_months: '1600.00', last_12_months_count: 2 }]);

    // A derive made while recording is off leaves the record incomplete, so a write after it (before
    // recording is back on) is not missed either.
    await query(db.url, 'SELECT set_change_recording(false)');
    await query(db.url, 'SELECT derive_recipients($1::date, true, false)', [asOf]);
    await query(db.url, `UPDATE transaction_search SET generated_pragmatic_obligation = 950 WHERE transaction_unique_id = 'RCP-2'`);
    await query(db.url, 'SELECT set_change_recording(true)');
    await loadAwardFiles(db.url, [file('recipients-3.csv', csv(CONTRACT_COLUMNS, [{ ...rows[2]!, transaction_description: 'REVISED AGAIN' }]))], { asOf });
    expect(await state()).toEqual({ last_scope: 'full', derived_as_of: asOf });
    expect(await profile('TSTUEI000051', 'R')).toEqual([{ last_12_months: '1650.00', last_12_months_count: 2 }]);
  });

  it('drops and rebuilds secondary indexes for a bulk load inside the file transaction', async () => {
    const indexes = async () => query<{ name: string; definition: string }>(db.url, `
      SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class c ON c.oid = x.indrelid WHERE c.relname IN ('award_search', 'transaction_search') ORDER BY 1`);
    const before = await indexes();
    expect(before.some((i) => i.name === 'award_search_keyword_document_trgm_idx')).toBe(true);
    const rows = assistanceRows().map((r, i): Record<string, string> => ({ ...r, assistance_transaction_unique_key: `BULK_${i}`,
      assistance_award_unique_key: `ASST_NON_BULK${i}_${subtier}`, award_id_fain: `BULK${i}`, recipient_name: `BULK RECIPIENT ${i}` }));
    const steps: string[] = [];
    const result = await loadAwardFiles(db.url, [file('bulk.csv', csv(ASSISTANCE_COLUMNS, rows))], { indexes: 'rebuild', onStep: (s) => steps.push(s) });
    expect(result.files.map((f) => [f.inserted, f.updated])).toEqual([[2, 0]]);
    expect(steps).toEqual(expect.arrayContaining(['drop indexes', 'rebuild indexes']));
    expect(await indexes()).toEqual(before);
    // the rows were not logged one by one: the summaries and recipients were rebuilt in full, and recording is on again
    expect(await query(db.url, `SELECT (SELECT last_scope FROM search_summary_state) AS summaries, (SELECT last_scope FROM recipient_derive_state) AS recipients,
      search_summary_recording() AS summary_recording, recipient_change_recording() AS recipient_recording`))
      .toEqual([{ summaries: 'full', recipients: 'full', summary_recording: true, recipient_recording: true }]);
    // the rebuilt trigram index finds the new rows
    expect(await query(db.url, `
      SELECT count(*)::int AS n FROM award_search WHERE search_award_keyword_document(piid, fain, uri, display_award_id, recipient_uei,
        recipient_unique_id, parent_uei, parent_recipient_unique_id, naics_code, product_or_service_code, recipient_name,
        parent_recipient_name, description, naics_description, product_or_service_description, transaction_keyword_text) ILIKE '%BULK RECIPIENT%'`)).toEqual([{ n: 2 }]);
  });

  it('rejects bad rows with file, line and reason, loads the rest, and goes on with the next file', async () => {
    const rows = assistanceRows().map((r, i): Record<string, string> => ({ ...r, assistance_transaction_unique_key: `BAD_${i}`, assistance_award_unique_key: `ASST_NON_BAD${i}_${subtier}`, award_id_fain: `BAD${i}` }));
    rows[1] = { ...rows[1]!, action_date: '2023-02-30' };
    // award BAD0 twice (the second row spans two lines), award BAD1 with an impossible date
    const bad = file('bad.csv', csv(ASSISTANCE_COLUMNS, [rows[0]!, { ...rows[0]!, assistance_transaction_unique_key: 'BAD_X', modification_number: '1', transaction_description: 'TWO\nLINES' }, rows[1]!]));
    const before = await snapshot(db.url);
    const result = await loadAwardFiles(db.url, [bad]);
    expect(result.rejected).toBe(1);
    expect(result.files).toEqual([expect.objectContaining({ file: bad, layout: 'transaction_d2', status: 'partial', rows: 3, inserted: 2, updated: 0, unchanged: 0, rejected: 1, problemCount: 1 })]);
    expect(result.files[0]!.problems.map((p) => p.message)).toEqual([`bad.csv:5: invalid date '2023-02-30' in action_date (expected YYYY-MM-DD, or a date-time)`]);
    expect(await query(db.url, `SELECT fain, transaction_count FROM award_search WHERE fain LIKE 'BAD%' ORDER BY fain`)).toEqual([{ fain: 'BAD0', transaction_count: 2 }]);

    // An award is loaded with all its rows in the file or none: a bad row takes its award's other rows with it.
    const split = file('split.csv', csv(ASSISTANCE_COLUMNS, [
      { ...rows[0]!, assistance_transaction_unique_key: 'SPLIT_1', assistance_award_unique_key: `ASST_NON_SPLIT_${subtier}`, award_id_fain: 'SPLIT' },
      { ...rows[0]!, assistance_transaction_unique_key: 'SPLIT_2', assistance_award_unique_key: `ASST_NON_SPLIT_${subtier}`, award_id_fain: 'SPLIT', modification_number: '1', federal_action_obligation: '12,5' },
      { ...rows[0]!, assistance_transaction_unique_key: 'SPLIT_3', assistance_award_unique_key: `ASST_NON_SPLITOK_${subtier}`, award_id_fain: 'SPLITOK' },
    ]));
    const splitResult = await loadAwardFiles(db.url, [split]);
    expect(splitResult.files[0]).toMatchObject({ status: 'partial', rows: 3, inserted: 1, unchanged: 0, rejected: 2, problemCount: 2 });
    expect(splitResult.files[0]!.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, `not loaded: another row of award 'ASST_NON_SPLIT_${subtier}' is rejected (an award is loaded with all its rows or none)`],
      [3, `invalid amount '12,5' in federal_action_obligation`],
    ]);
    expect(await query(db.url, `SELECT fain FROM award_search WHERE fain LIKE 'SPLIT%' ORDER BY fain`)).toEqual([{ fain: 'SPLITOK' }]);

    // Several files: each one reported, in order; files that cannot be read are reported and the next goes on.
    const good = file('good.csv', csv(ASSISTANCE_COLUMNS, [{ ...rows[0]!, assistance_transaction_unique_key: 'GOOD_0',
      assistance_award_unique_key: `ASST_NON_GOOD0_${subtier}`, award_id_fain: 'GOOD0', recipient_uei: 'TSTUEI000077' }]));
    const unknownAgency = file('agency.csv', csv(ASSISTANCE_COLUMNS, [
      { ...rows[0]!, assistance_transaction_unique_key: 'AGENCY_0', assistance_award_unique_key: `ASST_NON_AGENCY0_${subtier}`, award_id_fain: 'AGENCY0', awarding_sub_agency_code: 'ZZZZ' },
      { ...rows[0]!, assistance_transaction_unique_key: 'AGENCY_1', assistance_award_unique_key: `ASST_NON_AGENCY1_${subtier}`, award_id_fain: 'AGENCY1' }]));
    const ragged = file('ragged.csv', `${ASSISTANCE_COLUMNS.join(',')}\n${csv(ASSISTANCE_COLUMNS, [{ ...rows[0]!, assistance_transaction_unique_key: 'RAGGED_0', award_id_fain: 'RAGGED0' }]).split('\n')[1]}\na,b\n`);
    const unknown = file('unknown.csv', 'foo,bar\n1,2\n');
    const notZip = file('broken.zip', 'not a zip file');
    const multi = await loadAwardFiles(db.url, [ragged, good, unknown, unknownAgency, notZip, path.join(dir, 'missing.csv')]);
    expect(multi.files.map((f) => [path.basename(f.file), f.status, f.rows, f.inserted, f.unchanged, f.rejected, f.problems.map((p) => p.message)])).toEqual([
      ['ragged.csv', 'failed', 0, 0, 0, 0, [expect.stringMatching(/^ragged\.csv:3: missing data for column/)]],
      ['good.csv', 'loaded', 1, 1, 0, 0, []],
      ['unknown.csv', 'failed', 0, 0, 0, 0, ['unknown.csv:1: unknown layout: the header has no USAspending award, transaction or subaward key column']],
      ['agency.csv', 'partial', 2, 1, 0, 1, [`agency.csv:2: unknown awarding sub-agency code 'ZZZZ' (not in the agency reference data)`]],
      ['broken.zip', 'failed', 0, 0, 0, 0, [expect.stringMatching(/^broken\.zip: unreadable zip: /)]],
      ['missing.csv', 'failed', 0, 0, 0, 0, [expect.stringMatching(/^missing\.csv: unreadable file: ENOENT/)]],
    ]);
    expect(multi.rejected).toBe(5);
    // nothing of a failed file is kept (the ragged file's good first row included); the good files are derived
    expect(await query(db.url, `SELECT fain FROM award_search WHERE fain IN ('RAGGED0', 'GOOD0', 'AGENCY0', 'AGENCY1') ORDER BY fain`))
      .toEqual([{ fain: 'AGENCY1' }, { fain: 'GOOD0' }]);
    expect(await query(db.url, `SELECT recipient_level FROM recipient_profile WHERE recipient_hash = md5('UEI-TSTUEI000077')::uuid`))
      .toEqual([{ recipient_level: 'R' }]);
    expect(before).not.toEqual(await snapshot(db.url));
  });

  it('rolls a file back whole when the database refuses its data mid-write, and loads the next file', async () => {
    // each amount fits, their sum (the award's total) does not: the write fails after rows were inserted
    const big = '999999999999999999999.00';
    const rows = assistanceRows().map((r, i): Record<string, string> => ({ ...r, assistance_transaction_unique_key: `OVER_${i}`,
      assistance_award_unique_key: `ASST_NON_OVER_${subtier}`, award_id_fain: 'OVER', modification_number: String(i), federal_action_obligation: big, assistance_type_code: '04' }));
    const before = await snapshot(db.url);
    const overflow = file('overflow.csv', csv(ASSISTANCE_COLUMNS, [{ ...rows[0]!, assistance_transaction_unique_key: 'OVERA_0', assistance_award_unique_key: `ASST_NON_OVERA_${subtier}`, award_id_fain: 'OVERA', federal_action_obligation: '1.00' }, ...rows]));
    const next = file('next.csv', csv(ASSISTANCE_COLUMNS, [{ ...rows[0]!, assistance_transaction_unique_key: 'NEXT_0', assistance_award_unique_key: `ASST_NON_NEXT_${subtier}`,
      award_id_fain: 'NEXT', federal_action_obligation: '5.00' }]));
    const result = await loadAwardFiles(db.url, [overflow, next]);
    expect(result.files.map((f) => [path.basename(f.file), f.status, f.inserted, f.problems.map((p) => p.message)])).toEqual([
      ['overflow.csv', 'failed', 0, ['overflow.csv: not loaded: numeric field overflow']],
      ['next.csv', 'loaded', 1, []],
    ]);
    expect(result.rejected).toBe(1);
    expect(await query(db.url, `SELECT fain, total_obligation FROM award_search WHERE fain IN ('OVER', 'OVERA', 'NEXT') ORDER BY fain`))
      .toEqual([{ fain: 'NEXT', total_obligation: '5.00' }]);
    expect(await query(db.url, `SELECT count(*)::int AS n FROM transaction_search WHERE transaction_unique_id LIKE 'OVER_%'`)).toEqual([{ n: 0 }]);
    expect(before).not.toEqual(await snapshot(db.url));
  });

  it('checks dates against the calendar and amounts against the download format, reporting every bad row', async () => {
    const rows = assistanceRows().map((r, i): Record<string, string> => ({ ...r, assistance_transaction_unique_key: `CHECK_${i}`,
      assistance_award_unique_key: `ASST_NON_CHECK${i}_${subtier}`, award_id_fain: `CHECK${i}` }));
    const base = rows[0]!;
    const variant = (n: number, values: Record<string, string>) => ({ ...base, assistance_transaction_unique_key: `CHECK_V${n}`,
      assistance_award_unique_key: `ASST_NON_CHECKV${n}_${subtier}`, award_id_fain: `CHECKV${n}`, ...values });
    const checked = file('checked.csv', csv(ASSISTANCE_COLUMNS, [
      variant(1, { action_date: '2024-02-29', non_federal_funding_amount: '-123456789012345678901.50' }),
      variant(2, { action_date: '0000-01-01' }),
      variant(3, { action_date: '2023-1-05', federal_action_obligation: '1e5' }),
      variant(4, { federal_action_obligation: '1234567890123456789012', non_federal_funding_amount: '.5' }),
      variant(5, { last_modified_date: '2023-02-29 10:00:00', face_value_of_loan: '+10' }),
      variant(6, { action_date: ' 2023-02-01 ', federal_action_obligation: ' -0.10 ', last_modified_date: '2023-03-01T00:00:00Z' }),
      // 21 integer digits, but rounding to cents makes 22
      variant(7, { federal_action_obligation: '999999999999999999999.999' }),
      variant(8, { action_date: '2023-02-01 24:00:00' }),
      variant(9, { action_date: '2023-02-01x', last_modified_date: '2023-03-01 garbage' }),
      variant(10, { action_date: '2023-02-01 10:11:12.123456', last_modified_date: '2023-03-01 10:11:12-05:00' }),
    ]));
    const result = await loadAwardFiles(db.url, [checked]);
    expect(result.files[0]).toMatchObject({ status: 'partial', rows: 10, inserted: 3, rejected: 7, problemCount: 11 });
    expect(result.files[0]!.problems.map((p) => [p.line, p.reason])).toEqual([
      [3, `invalid date '0000-01-01' in action_date (expected YYYY-MM-DD, or a date-time)`],
      [4, `invalid amount '1e5' in federal_action_obligation`],
      [4, `invalid date '2023-1-05' in action_date (expected YYYY-MM-DD, or a date-time)`],
      [5, `invalid amount '.5' in non_federal_funding_amount`],
      [5, `invalid amount '1234567890123456789012' in federal_action_obligation`],
      [6, `invalid amount '+10' in face_value_of_loan`],
      [6, `invalid date '2023-02-29 10:00:00' in last_modified_date (expected YYYY-MM-DD, or a date-time)`],
      [8, `invalid amount '999999999999999999999.999' in federal_action_obligation`],
      [9, `invalid date '2023-02-01 24:00:00' in action_date (expected YYYY-MM-DD, or a date-time)`],
      [10, `invalid date '2023-02-01x' in action_date (expected YYYY-MM-DD, or a date-time)`],
      [10, `invalid date '2023-03-01 garbage' in last_modified_date (expected YYYY-MM-DD, or a date-time)`],
    ]);
    // the good rows load, values trimmed, the date of a date-time kept; the date-time of action_date is reported
    expect(await query(db.url, `
      SELECT transaction_unique_id, action_date::text, federal_action_obligation, non_federal_funding_amount, last_modified_date::text
      FROM transaction_search WHERE transaction_unique_id LIKE 'CHECK_V%' ORDER BY 1`)).toEqual([
      { transaction_unique_id: 'CHECK_V1', action_date: '2024-02-29', federal_action_obligation: '50000.00',
        non_federal_funding_amount: '-123456789012345678901.50', last_modified_date: null },
      { transaction_unique_id: 'CHECK_V10', action_date: '2023-02-01', federal_action_obligation: '50000.00', non_federal_funding_amount: '5000.00',
        last_modified_date: '2023-03-01' },
      { transaction_unique_id: 'CHECK_V6', action_date: '2023-02-01', federal_action_obligation: '-0.10', non_federal_funding_amount: '5000.00',
        last_modified_date: '2023-03-01' },
    ]);
    expect(result.files[0]!.normalised).toEqual([
      { column: 'action_date', count: 1, line: 11, written: '2023-02-01 10:11:12.123456', loaded: '2023-02-01' }]);
  });

  it('accepts date-times in every date column and keeps the date, in the mapped columns and in detail', async () => {
    const [template] = contractRows();
    const columns = [...CONTRACT_COLUMNS, 'period_of_performance_potential_end_date', 'ordering_period_end_date', 'solicitation_date', 'initial_report_date'];
    const row = { ...template!, contract_transaction_unique_key: 'DATETIME-1', contract_award_unique_key: `CONT_AWD_TSTDT1_${subtier}_-NONE-_-NONE-`,
      award_id_piid: 'TSTDT1', parent_award_agency_id: '', parent_award_id_piid: '', modification_number: '0',
      action_date: '2022-01-15 00:00:00', period_of_performance_start_date: '2022-01-15T00:00:00', period_of_performance_current_end_date: '2023-01-14 00:00:00',
      period_of_performance_potential_end_date: '2028-09-19 00:00:00', ordering_period_end_date: '2027-06-30 23:59:59',
      solicitation_date: '2021-12-01T09:30:00Z', initial_report_date: '2022-01-16 08:00:00', last_modified_date: '2022-01-20 10:11:12.123' };
    const result = await loadAwardFiles(db.url, [file('datetimes.csv', csv(columns, [row]))]);
    expect(result.files[0]).toMatchObject({ status: 'loaded', rows: 1, inserted: 1, rejected: 0 });
    expect(result.files[0]!.normalised.map((v) => [v.column, v.count, v.line, v.written, v.loaded])).toEqual([
      ['action_date', 1, 2, '2022-01-15 00:00:00', '2022-01-15'],
      ['period_of_performance_start_date', 1, 2, '2022-01-15T00:00:00', '2022-01-15'],
      ['period_of_performance_current_end_date', 1, 2, '2023-01-14 00:00:00', '2023-01-14'],
      ['period_of_performance_potential_end_date', 1, 2, '2028-09-19 00:00:00', '2028-09-19'],
      ['ordering_period_end_date', 1, 2, '2027-06-30 23:59:59', '2027-06-30'],
      ['solicitation_date', 1, 2, '2021-12-01T09:30:00Z', '2021-12-01'],
      ['initial_report_date', 1, 2, '2022-01-16 08:00:00', '2022-01-16'],
    ]);
    expect(await query(db.url, `
      SELECT action_date::text, fiscal_year, period_of_performance_start_date::text AS start, period_of_performance_current_end_date::text AS current_end,
        period_of_performance_potential_end_date::text AS potential_end, ordering_period_end_date::text AS ordering_end, last_modified_date::text
      FROM award_search WHERE piid = 'TSTDT1'`)).toEqual([{ action_date: '2022-01-15', fiscal_year: 2022, start: '2022-01-15', current_end: '2023-01-14',
      potential_end: '2028-09-19', ordering_end: '2027-06-30', last_modified_date: '2022-01-20' }]);
    expect(await query(db.url, `
      SELECT action_date::text, last_modified_date::text, detail->>'solicitation_date' AS solicitation, detail->>'initial_report_date' AS initial,
        detail->>'period_of_performance_potential_end_date' AS potential_end
      FROM transaction_search JOIN transaction_detail USING (transaction_id) WHERE transaction_unique_id = 'DATETIME-1'`)).toEqual([
      { action_date: '2022-01-15', last_modified_date: '2022-01-20', solicitation: '2021-12-01', initial: '2022-01-16', potential_end: '2028-09-19' }]);
  });

  it('normalises FIPS codes that went through a float column (11001.0) and rejects other mangled codes, saying so in the report', async () => {
    const [template] = contractRows();
    const fips = ['prime_award_transaction_recipient_state_fips_code', 'prime_award_transaction_recipient_county_fips_code',
      'prime_award_transaction_place_of_performance_state_fips_code', 'prime_award_transaction_place_of_performance_county_fips_code'];
    const row = (n: number, values: string[]) => ({ ...template!, contract_transaction_unique_key: `FIPS-${n}`, contract_award_unique_key: `CONT_AWD_TSTFIPS${n}_${subtier}_-NONE-_-NONE-`,
      award_id_piid: `TSTFIPS${n}`, parent_award_agency_id: '', parent_award_id_piid: '', action_date: '2023-04-01',
      ...Object.fromEntries(fips.map((c, i) => [c, values[i] ?? ''])) });
    const result = await loadAwardFiles(db.url, [file('fips.csv', csv([...CONTRACT_COLUMNS, ...fips], [
      row(1, ['51', '51013', '11', '11001']),
      row(2, ['6.0', '6037', '11.0', '11001.0']),
      row(3, ['06', '06037', '11', '11001.5']),
      row(4, ['6', '123456', 'DC', '']),
    ]))]);
    expect(result.files[0]).toMatchObject({ status: 'partial', rows: 4, inserted: 2, rejected: 2, problemCount: 3 });
    expect(result.files[0]!.problems.map((p) => [p.line, p.reason])).toEqual([
      // (each row is two lines: the template's description holds a line break)
      [6, `invalid FIPS code '11001.5' in prime_award_transaction_place_of_performance_county_fips_code (expected 5 digits)`],
      [8, `invalid FIPS code '123456' in prime_award_transaction_recipient_county_fips_code (expected 5 digits)`],
      [8, `invalid FIPS code 'DC' in prime_award_transaction_place_of_performance_state_fips_code (expected 2 digits)`],
    ]);
    expect(result.files[0]!.normalised).toEqual(fips.map((column, i) => ({ column, count: 1, line: 4,
      written: ['6.0', '6037', '11.0', '11001.0'][i], loaded: ['06', '06037', '11', '11001'][i] })));
    expect(await query(db.url, `
      SELECT piid, recipient_location_state_fips, recipient_location_county_code, pop_state_fips, pop_county_code
      FROM transaction_search WHERE piid LIKE 'TSTFIPS%' ORDER BY piid`)).toEqual([
      { piid: 'TSTFIPS1', recipient_location_state_fips: '51', recipient_location_county_code: '013', pop_state_fips: '11', pop_county_code: '001' },
      { piid: 'TSTFIPS2', recipient_location_state_fips: '06', recipient_location_county_code: '037', pop_state_fips: '11', pop_county_code: '001' },
    ]);
    expect(await query(db.url, `SELECT pop_state_fips, pop_county_code FROM award_search WHERE piid = 'TSTFIPS2'`))
      .toEqual([{ pop_state_fips: '11', pop_county_code: '001' }]);
  });

  it('takes an award\'s last_modified_date and latest values from its latest transaction by action date, then modification number', async () => {
    const [template] = contractRows();
    const award = `CONT_AWD_TSTLAT_${subtier}_-NONE-_-NONE-`;
    const tx = (key: string, mod: string, action: string, modified: string, end: string, amount: string) => ({ ...template!, contract_transaction_unique_key: key,
      contract_award_unique_key: award, award_id_piid: 'TSTLAT', parent_award_agency_id: '', parent_award_id_piid: '', modification_number: mod,
      action_date: action, last_modified_date: modified, period_of_performance_start_date: action, period_of_performance_current_end_date: end,
      federal_action_obligation: amount });
    const state = async () => (await query<Record<string, unknown>>(db.url, `
      SELECT a.action_date::text, a.last_modified_date::text, a.period_of_performance_start_date::text AS start_date,
        a.period_of_performance_current_end_date::text AS end_date, a.total_obligation,
        a.transaction_count, t.transaction_unique_id AS latest
      FROM award_search a JOIN transaction_search t ON t.transaction_id = a.latest_transaction_id WHERE a.piid = 'TSTLAT'`))[0];
    // the greatest last_modified_date is on the oldest action; two rows share the latest action date
    await loadAwardFiles(db.url, [file('latest-1.csv', csv(CONTRACT_COLUMNS, [
      tx('LAT-0', '0', '2022-01-10', '2024-05-01 08:00:00', '2022-12-31', '100.00'),
      tx('LAT-2', 'P00002', '2022-03-01', '2022-03-05 12:00:00', '2024-12-31', '20.00'),
      tx('LAT-1', 'P00001', '2022-03-01', '2022-03-09 12:00:00', '2023-12-31', '10.00'),
    ]))]);
    // (the start date is the earliest transaction's, as upstream's update_awards sets it)
    expect(await state()).toEqual({ action_date: '2022-03-01', last_modified_date: '2022-03-05', start_date: '2022-01-10', end_date: '2024-12-31',
      total_obligation: '130.00', transaction_count: 3, latest: 'LAT-2' });
    // the derive step (derive_award_rollups) agrees with what the importer wrote
    const derived = async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        // (derive_scope is the session's own table)
        await client.query('SELECT derive_ensure_scope()');
        await client.query(`TRUNCATE derive_scope; INSERT INTO derive_scope SELECT award_id FROM award_search WHERE piid = 'TSTLAT'`);
        return (await client.query<{ n: string }>('SELECT derive_award_rollups(true) AS n')).rows[0]?.n;
      } finally {
        await client.end();
      }
    };
    expect(await derived()).toBe('0');

    // a later file with an older transaction (modified last) changes the totals and the start date only
    await loadAwardFiles(db.url, [file('latest-2.csv', csv(CONTRACT_COLUMNS, [tx('LAT-OLD', '0A', '2021-12-01', '2025-01-01', '2021-12-31', '1.00')]))]);
    expect(await state()).toEqual({ action_date: '2022-03-01', last_modified_date: '2022-03-05', start_date: '2021-12-01', end_date: '2024-12-31',
      total_obligation: '131.00', transaction_count: 4, latest: 'LAT-2' });
    // same action date, lower modification number: still not the latest
    await loadAwardFiles(db.url, [file('latest-3.csv', csv(CONTRACT_COLUMNS, [tx('LAT-1B', 'P00001A', '2022-03-01', '2026-01-01', '2030-12-31', '1.00')]))]);
    expect(await state()).toMatchObject({ last_modified_date: '2022-03-05', end_date: '2024-12-31', latest: 'LAT-2' });
    // a later action takes over
    await loadAwardFiles(db.url, [file('latest-4.csv', csv(CONTRACT_COLUMNS, [tx('LAT-3', 'P00003', '2022-06-01', '2022-06-02', '2025-06-30', '5.00')]))]);
    expect(await state()).toEqual({ action_date: '2022-06-01', last_modified_date: '2022-06-02', start_date: '2021-12-01', end_date: '2025-06-30',
      total_obligation: '137.00', transaction_count: 6, latest: 'LAT-3' });
    expect(await derived()).toBe('0');
    // and sets the latest transaction's date when it computes the award itself
    await query(db.url, `UPDATE award_search SET last_modified_date = '2030-01-01' WHERE piid = 'TSTLAT'`);
    expect(await derived()).toBe('1');
    expect(await state()).toMatchObject({ last_modified_date: '2022-06-02', latest: 'LAT-3' });
  });

  it('re-imports the same files writing nothing, with counts that add up (read = written + unchanged + rejected)', async () => {
    const [template] = contractRows();
    const contract = (n: number, values: Record<string, string> = {}) => ({ ...template!, contract_transaction_unique_key: `REIMP-${n}`,
      contract_award_unique_key: `CONT_AWD_TSTRE${n}_${subtier}_-NONE-_-NONE-`, award_id_piid: `TSTRE${n}`, parent_award_agency_id: '', parent_award_id_piid: '',
      action_date: '2023-05-01', period_of_performance_current_end_date: '2024-04-30 00:00:00', ...values });
    const fips = 'prime_award_transaction_place_of_performance_county_fips_code';
    const contracts = file('Contracts_PrimeTransactions_1.csv', csv([...CONTRACT_COLUMNS, fips], [
      contract(1, { [fips]: '11001.0' }), contract(2), contract(3, { action_date: '2023-13-01' }), contract(4, { awarding_sub_agency_code: 'ZZZZ' })]));
    const assistance = file('Assistance_PrimeTransactions_1.csv', csv(ASSISTANCE_COLUMNS, assistanceRows().map((r, i) => ({ ...r,
      assistance_transaction_unique_key: `REIMP-A${i}`, assistance_award_unique_key: `ASST_NON_TSTREA${i}_${subtier}`, award_id_fain: `TSTREA${i}` }))));
    const summaries = file('Assistance_PrimeAwardSummaries_1.csv', csv(['assistance_award_unique_key', 'award_id_fain', 'awarding_sub_agency_code',
      'total_obligated_amount', 'award_base_action_date', 'award_latest_action_date', 'assistance_type_code', 'recipient_name', 'last_modified_date'], [
      { assistance_award_unique_key: `ASST_NON_TSTRES1_${subtier}`, award_id_fain: 'TSTRES1', awarding_sub_agency_code: subtier, total_obligated_amount: '10.00',
        award_base_action_date: '2020-05-01 00:00:00', award_latest_action_date: '2021-05-01 00:00:00', assistance_type_code: '02', recipient_name: 'A',
        last_modified_date: '2021-05-02 10:00:00' },
      { assistance_award_unique_key: `ASST_NON_TSTRES2_${subtier}`, award_id_fain: 'TSTRES2', awarding_sub_agency_code: subtier, total_obligated_amount: '20.00',
        award_base_action_date: '2020-05-01', award_latest_action_date: '2021-05-01', assistance_type_code: '02', recipient_name: 'B' },
    ]));
    const files = [contracts, assistance, summaries];
    const counts = (r: LoadAwardFilesResult) => r.files.map((f) => [path.basename(f.file), f.status, f.rows, f.inserted, f.updated, f.unchanged, f.rejected]);
    const first = await loadAwardFiles(db.url, files);
    expect(counts(first)).toEqual([
      ['Contracts_PrimeTransactions_1.csv', 'partial', 4, 2, 0, 0, 2],
      ['Assistance_PrimeTransactions_1.csv', 'loaded', 2, 2, 0, 0, 0],
      ['Assistance_PrimeAwardSummaries_1.csv', 'loaded', 2, 2, 0, 0, 0],
    ]);
    const mask = (text: string) => text.replace(/\(\d+\.\d s\)/g, '(s)');
    expect(mask(first.files.map(formatFileReport).join('\n')).split('\n')).toEqual([
      '  Contracts_PrimeTransactions_1.csv: transaction_d1, partial: 4 read = 2 written (2 new, 0 updated) + 0 unchanged + 2 rejected (s)',
      `    line 6: invalid date '2023-13-01' in action_date (expected YYYY-MM-DD, or a date-time)`,
      `    line 8: unknown awarding sub-agency code 'ZZZZ' (not in the agency reference data)`,
      `    normalised 2 value(s) of period_of_performance_current_end_date, e.g. line 2: '2024-04-30 00:00:00' loaded as '2024-04-30'`,
      `    normalised 1 value(s) of ${fips}, e.g. line 2: '11001.0' loaded as '11001'`,
      '  Assistance_PrimeTransactions_1.csv: transaction_d2, loaded: 2 read = 2 written (2 new, 0 updated) + 0 unchanged + 0 rejected (s)',
      '  Assistance_PrimeAwardSummaries_1.csv: award_d2, loaded: 2 read = 2 written (2 new, 0 updated) + 0 unchanged + 0 rejected (s)',
      `    normalised 1 value(s) of award_base_action_date, e.g. line 2: '2020-05-01 00:00:00' loaded as '2020-05-01'`,
      `    normalised 1 value(s) of award_latest_action_date, e.g. line 2: '2021-05-01 00:00:00' loaded as '2021-05-01'`,
    ]);
    expect(await query(db.url, `SELECT fain, date_signed::text, action_date::text, last_modified_date::text FROM award_search WHERE fain LIKE 'TSTRES%' ORDER BY fain`)).toEqual([
      { fain: 'TSTRES1', date_signed: '2020-05-01', action_date: '2021-05-01', last_modified_date: '2021-05-02' },
      { fain: 'TSTRES2', date_signed: '2020-05-01', action_date: '2021-05-01', last_modified_date: null },
    ]);

    const before = await snapshot(db.url);
    const again = await loadAwardFiles(db.url, files);
    expect(counts(again)).toEqual([
      ['Contracts_PrimeTransactions_1.csv', 'partial', 4, 0, 0, 2, 2],
      ['Assistance_PrimeTransactions_1.csv', 'loaded', 2, 0, 0, 2, 0],
      ['Assistance_PrimeAwardSummaries_1.csv', 'loaded', 2, 0, 0, 2, 0],
    ]);
    expect(again.rejected).toBe(2);
    expect(again.derive).toEqual([]);
    expect(await snapshot(db.url)).toEqual(before);
    for (const f of [...first.files, ...again.files]) expect(f.inserted + f.updated + f.unchanged + f.rejected).toBe(f.rows);
  });

  it('load:awards prints each file\'s report and exits 3 when anything was rejected, 0 when everything loaded', async () => {
    const rows = assistanceRows().map((r, i): Record<string, string> => ({ ...r, assistance_transaction_unique_key: `CLI_${i}`,
      assistance_award_unique_key: `ASST_NON_CLI${i}_${subtier}`, award_id_fain: `CLI${i}` }));
    const clean = file('cli-clean.csv', csv(ASSISTANCE_COLUMNS, [rows[0]!]));
    const dirty = file('cli-dirty.csv', csv(ASSISTANCE_COLUMNS, [rows[1]!, { ...rows[1]!, assistance_transaction_unique_key: 'CLI_X', assistance_award_unique_key: `ASST_NON_CLIX_${subtier}`, award_id_fain: 'CLIX', action_date: '2023-02-30' }]));
    const run = (...files: string[]) => new Promise<{ status: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '..', 'src', 'main.ts'), 'awards', ...files], {
        env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout }));
    });
    const rejected = await run(clean, dirty);
    expect(rejected.status).toBe(3);
    expect(rejected.stdout.replace(/\d+\.\d s\b/g, 'N s').split('\n')).toEqual([
      '  cli-clean.csv: transaction_d2, loaded: 1 read = 1 written (1 new, 0 updated) + 0 unchanged + 0 rejected (N s)',
      '  cli-dirty.csv: transaction_d2, partial: 2 read = 1 written (1 new, 0 updated) + 0 unchanged + 1 rejected (N s)',
      `    line 3: invalid date '2023-02-30' in action_date (expected YYYY-MM-DD, or a date-time)`,
      expect.stringMatching(/^ {2}derived: award_links \d+, award_rollups \d+, /),
      '2 file(s) in N s: 3 rows read, 2 written, 0 unchanged, 1 rejected',
      '',
    ]);
    const loaded = await run(clean);
    expect(loaded.status).toBe(0);
    expect(loaded.stdout).toContain('cli-clean.csv: transaction_d2, loaded: 1 read = 0 written (0 new, 0 updated) + 1 unchanged + 0 rejected');
  }, 60_000);

  it('keeps every column no mapping reads in detail, keyed by header name, blanks left out', async () => {
    const extras = Array.from({ length: 45 }, (_, i) => `extra_${String(i + 1).padStart(2, '0')}`);
    const odd = ["it's", 'café_été', 'z', 'a_much_longer_column_name_than_the_others'];
    const row: Record<string, string> = { ...assistanceRows()[0]!, assistance_transaction_unique_key: 'DETAIL_0',
      assistance_award_unique_key: `ASST_NON_DETAIL0_${subtier}`, award_id_fain: 'DETAIL0' };
    for (const [i, c] of [...extras, ...odd].entries()) row[c] = c === 'extra_07' ? '  ' : ` value ${i} `;
    await loadAwardFiles(db.url, [file('detail.csv', csv([...ASSISTANCE_COLUMNS, ...extras, ...odd], [row]))]);
    const [tx] = await query<{ detail: Record<string, string> }>(db.url, `
      SELECT detail FROM transaction_search JOIN transaction_detail USING (transaction_id) WHERE transaction_unique_id = 'DETAIL_0'`);
    const expected = Object.fromEntries([...extras, ...odd].map((c, i) => [c, `value ${i}`]).filter(([c]) => c !== 'extra_07'));
    // the type code columns stay in detail too: the award type is derived from them, not a copy of them
    expect(tx?.detail).toEqual({ ...expected, assistance_type_code: '04', business_types_code: 'H', record_type_code: '2' });
  });

  it('stores detail out of line without trying to compress it (STORAGE EXTERNAL, baseline 0099 and migration 0196)', async () => {
    // a value pglz would shrink to almost nothing: under the default storage it would be kept compressed
    const long = 'ab'.repeat(3000);
    const row: Record<string, string> = { ...assistanceRows()[0]!, assistance_transaction_unique_key: 'DETAIL_LONG',
      assistance_award_unique_key: `ASST_NON_DETAILLONG_${subtier}`, award_id_fain: 'DETAILLONG', long_note: long };
    await loadAwardFiles(db.url, [file('detail-long.csv', csv([...ASSISTANCE_COLUMNS, 'long_note'], [row]))]);
    const [tx] = await query<{ method: string | null; bytes: number; note: string }>(db.url, `
      SELECT pg_column_compression(detail) AS method, pg_column_size(detail) AS bytes, detail->>'long_note' AS note
      FROM transaction_search JOIN transaction_detail USING (transaction_id) WHERE transaction_unique_id = 'DETAIL_LONG'`);
    expect(tx).toEqual({ method: null, bytes: expect.any(Number), note: long });
    expect(tx!.bytes).toBeGreaterThan(long.length);
    const storage = await query<{ table: string; storage: string }>(db.url, `
      SELECT attrelid::regclass::text AS table, attstorage AS storage FROM pg_attribute
      WHERE attname = 'detail' AND NOT attisdropped
        AND attrelid IN ('transaction_search'::regclass, 'transaction_detail'::regclass, 'award_search'::regclass, 'subaward_search'::regclass)
      ORDER BY 1`);
    // (transaction_search has no detail column since migration 0196)
    expect(storage).toEqual([
      { table: 'award_search', storage: 'e' }, { table: 'subaward_search', storage: 'e' }, { table: 'transaction_detail', storage: 'e' }]);
  });
});

/** Checksums of the award tables, to prove a load changed nothing. */
async function snapshot(url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, key] of [['award_search', 'award_id'], ['transaction_search', 'transaction_id'], ['transaction_detail', 'transaction_id'], ['subaward_search', 'broker_subaward_id'],
    ['recipient_lookup', 'id'], ['recipient_profile', 'id'], ['parent_award', 'award_id']]) {
    const [row] = await query<{ md5: string }>(url, `SELECT md5(string_agg(t::text, E'\\n' ORDER BY t.${key})) AS md5 FROM ${table} t`);
    out[table as string] = row?.md5 ?? '';
  }
  return out;
}

/** Digests of the recipient tables (ids aside: a partial derive rewrites rows under new ids) and of the rows' levels. */
async function recipientState(url: string): Promise<Record<string, string>> {
  const [row] = await query<Record<string, string>>(url, `
    SELECT
      (SELECT md5(string_agg(t::text, E'\\n' ORDER BY t.recipient_hash)) FROM (SELECT recipient_hash, legal_business_name, duns, uei, parent_duns, parent_uei,
         parent_legal_business_name, address_line_1, city, state, zip5, country_code, congressional_district, business_categories, alternate_names, update_date
         FROM recipient_lookup) t) AS lookup,
      (SELECT md5(string_agg(t::text, E'\\n' ORDER BY t.recipient_hash, t.recipient_level)) FROM (SELECT recipient_hash, recipient_level, recipient_name,
         recipient_unique_id, uei, parent_uei, recipient_affiliations, award_types, last_12_months, last_12_contracts, last_12_grants,
         last_12_direct_payments, last_12_loans, last_12_other, last_12_months_count FROM recipient_profile) t) AS profile,
      (SELECT md5(string_agg(award_id || ':' || coalesce(recipient_levels::text, ''), ',' ORDER BY award_id)) FROM award_search) AS award_levels,
      (SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) FROM recipient_tx_summary t) AS tx_summary,
      (SELECT md5(string_agg(transaction_id || ':' || coalesce(recipient_levels::text, ''), ',' ORDER BY transaction_id)) FROM transaction_search) AS transaction_levels`);
  return row!;
}

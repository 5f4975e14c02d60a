import { createTestDatabase, type TestDatabase } from '@usas/db/testing';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { z } from 'zod';
import { DataFileError } from '../src/csv';
import { REFERENCE_GROUPS } from '../src/reference/groups';
import { loadReferenceData } from '../src/reference/load-reference-data';
import { ID_TABLES, snapshotTables } from './reference-snapshot';

const FIXTURES = path.join(__dirname, 'fixtures', 'reference');
const ALL_TABLES = [
  ...ID_TABLES, 'cgac', 'frec', 'object_class_max', 'psc', 'naics', 'references_cfda', 'ref_country_code', 'state_data',
  'ref_population_county', 'ref_population_cong_district', 'ref_city_county_state_code', 'zips', 'sam_business_type',
  'glossary', 'dabs_submission_window_schedule', 'disaster_emergency_fund_code', 'budget_function', 'budget_subfunction',
  'reference_data_load',
];

let db: TestDatabase;
const tempDirs: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const count = (query: ReturnType<typeof sql.unsafe>): Promise<number> => db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT (${query})::int AS n`);

/** A copy of the fixture directory with some lines replaced (1-based line -> new text). */
function fixtureCopy(edits: Record<string, Record<number, string>> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-ref-load-'));
  tempDirs.push(dir);
  cpSync(FIXTURES, dir, { recursive: true });
  for (const [file, lines] of Object.entries(edits)) {
    const text = readFileSync(path.join(dir, file), 'utf8').split('\n');
    for (const [line, replacement] of Object.entries(lines)) text[Number(line) - 1] = replacement;
    writeFileSync(path.join(dir, file), text.join('\n'));
  }
  return dir;
}

const idOf = async (table: string, idColumn: string, keyColumn: string, key: string): Promise<number | null> =>
  db.pool.maybeOneFirst(
    sql.type(z.object({ id: z.number() }))`SELECT ${sql.identifier([idColumn])} AS id FROM ${sql.identifier([table])} WHERE ${sql.identifier([keyColumn])} = ${key}`,
  );

describe('generated reference data (the test template)', () => {
  it('fills every reference table', async () => {
    const snapshot = await snapshotTables(db.pool, ALL_TABLES);
    for (const [table, s] of Object.entries(snapshot)) expect({ table, empty: s.rows === 0 }).toEqual({ table, empty: false });
    const sources = await db.pool.anyFirst(sql.type(z.object({ source: z.string() }))`SELECT DISTINCT source FROM reference_data_load`);
    expect(sources).toEqual(['generated']);
  });

  it('links every account, agency and office', async () => {
    expect(await count(sql.unsafe`SELECT count(*) FROM treasury_appropriation_account t LEFT JOIN federal_account f ON f.id = t.federal_account_id WHERE f.id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM treasury_appropriation_account t LEFT JOIN toptier_agency a ON a.toptier_agency_id = t.funding_toptier_agency_id WHERE a.toptier_agency_id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM federal_account WHERE parent_toptier_agency_id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM treasury_appropriation_account WHERE allocation_transfer_agency_id IS NOT NULL AND awarding_toptier_agency_id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM office o LEFT JOIN toptier_agency t ON t.toptier_code = o.agency_code WHERE t.toptier_agency_id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM treasury_appropriation_account t LEFT JOIN budget_subfunction b USING (budget_subfunction_code) WHERE b.budget_subfunction_code IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM ref_program_activity p LEFT JOIN federal_account f ON f.agency_identifier = p.responsible_agency_id AND f.main_account_code = p.main_account_code WHERE f.id IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM zips z LEFT JOIN ref_population_cong_district d ON d.state_abbreviation = z.state_code AND d.congressional_district = z.congressional_district WHERE d.state_code IS NULL`)).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM ref_population_county WHERE county_number = '000'`)).toBe(56);
  });

  it('is not reloaded by a second generated load', async () => {
    const before = await snapshotTables(db.pool, ALL_TABLES);
    const results = await loadReferenceData(db.pool, { dir: undefined });
    expect(results.map((r) => r.status)).toEqual(REFERENCE_GROUPS.map(() => 'unchanged'));
    expect(await snapshotTables(db.pool, ALL_TABLES)).toEqual(before);
  });
});

describe('loading reference files', () => {
  let fixtureDir: string;
  let firstIds: Record<string, number | null>;

  beforeAll(async () => {
    fixtureDir = fixtureCopy();
    firstIds = {
      usda: await idOf('toptier_agency', 'toptier_agency_id', 'toptier_code', '012'),
      dod: await idOf('toptier_agency', 'toptier_agency_id', 'toptier_code', '097'),
    };
    await loadReferenceData(db.pool, { dir: fixtureDir });
  });

  it('replaces the generated rows, keeping the ids of rows that stay', async () => {
    expect(firstIds.usda).not.toBeNull();
    expect(await idOf('toptier_agency', 'toptier_agency_id', 'toptier_code', '012')).toBe(firstIds.usda);
    expect(await idOf('toptier_agency', 'toptier_agency_id', 'toptier_code', '097')).toBe(firstIds.dod);
    const snapshot = await snapshotTables(db.pool, ALL_TABLES);
    expect(snapshot.toptier_agency?.rows).toBe(5);
    expect(snapshot.subtier_agency?.rows).toBe(7);
    expect(snapshot.agency?.rows).toBe(8);
    expect(snapshot.federal_account?.rows).toBe(5);
    expect(snapshot.treasury_appropriation_account?.rows).toBe(7);
    expect(snapshot.office?.rows).toBe(3);
    expect(snapshot.zips?.rows).toBe(3);
    expect(snapshot.disaster_emergency_fund_code?.rows).toBe(3);
  });

  it('resolves agency links the way upstream does', async () => {
    const funding = async (label: string): Promise<string | null> =>
      db.pool.maybeOneFirst(sql.type(z.object({ code: z.string() }))`
        SELECT a.toptier_code AS code FROM treasury_appropriation_account t
        JOIN toptier_agency a ON a.toptier_agency_id = t.funding_toptier_agency_id WHERE t.tas_rendering_label = ${label}`);
    expect(await funding('021-2020/2020-2020-000')).toBe('097'); // Army folded into DOD
    expect(await funding('016-X-0174-000')).toBe('1601'); // FREC agency via FR entity
    expect(await funding('097-012-2021/2021-1100-001')).toBe('012');
    const awarding = await db.pool.oneFirst(sql.type(z.object({ code: z.string() }))`
      SELECT a.toptier_code AS code FROM treasury_appropriation_account t
      JOIN toptier_agency a ON a.toptier_agency_id = t.awarding_toptier_agency_id WHERE t.tas_rendering_label = '097-012-2021/2021-1100-001'`);
    expect(awarding).toBe('097');
    const officeAgency = await db.pool.oneFirst(sql.type(z.object({ code: z.string() }))`SELECT agency_code AS code FROM office WHERE office_code = 'W91ZZZ'`);
    expect(officeAgency).toBe('097');
  });

  it('reports unchanged on a second load, with identical rows and ids', async () => {
    const before = await snapshotTables(db.pool, ALL_TABLES);
    const results = await loadReferenceData(db.pool, { dir: fixtureDir });
    expect(results.every((r) => r.status === 'unchanged')).toBe(true);
    expect(await snapshotTables(db.pool, ALL_TABLES)).toEqual(before);
  });

  it('updates changed rows in place when a file changes', async () => {
    const subtierId = await idOf('subtier_agency', 'subtier_agency_id', 'subtier_code', '12X1');
    const officeId = await idOf('office', 'id', 'office_code', '12X1AA');
    const tasBefore = await snapshotTables(db.pool, ['treasury_appropriation_account', 'federal_account']);
    const dir = fixtureCopy({ 'agency_codes.csv': { 3: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X1,Renamed Forest Bureau,RFB,,,FALSE,FALSE,TRUE,TRUE,,,,,,' } });
    const results = await loadReferenceData(db.pool, { dir });
    const status = Object.fromEntries(results.map((r) => [r.group, r.status]));
    expect(status).toMatchObject({ agencies: 'loaded', offices: 'loaded', treasury_accounts: 'loaded', psc: 'unchanged', glossary: 'unchanged' });
    expect(await idOf('subtier_agency', 'subtier_agency_id', 'subtier_code', '12X1')).toBe(subtierId);
    expect(await idOf('office', 'id', 'office_code', '12X1AA')).toBe(officeId);
    expect(await db.pool.oneFirst(sql.type(z.object({ name: z.string() }))`SELECT name FROM subtier_agency WHERE subtier_code = '12X1'`)).toBe('Renamed Forest Bureau');
    expect(await snapshotTables(db.pool, ['treasury_appropriation_account', 'federal_account'])).toEqual(tasBefore);
  });

  it('leaves a group untouched when its file is malformed, reporting file, line and reason', async () => {
    const tables = ALL_TABLES.filter((t) => t !== 'reference_data_load');
    const before = await snapshotTables(db.pool, tables);
    const loadRow = sql.unsafe`SELECT checksum, loaded_at::text FROM reference_data_load WHERE group_name = 'treasury_accounts'`;
    const loadBefore = await db.pool.one(loadRow);
    const dir = fixtureCopy({
      'agency_codes.csv': { 3: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X1,Renamed Forest Bureau,RFB,,,FALSE,FALSE,TRUE,TRUE,,,,,,' },
      'tas_list.csv': {
        4: '102, ,012, , ,Q,4200,000,Test Revolving Fund,012,Department of Agriculture,02,Test Forest Bureau,1200,Agriculture, , ,300,Natural Resources and Environment,302,Conservation and land management,10/01/2000 00:00:00,',
        5: '103,097,012,2021,2021, ,1100,001,"Test Salaries, Renamed",012,Department of Agriculture,01,Office of the Secretary,1200,Agriculture, , ,350,Agriculture,352,Agricultural research and services,10/01/2020 00:00:00,',
      },
    });
    const error = await loadReferenceData(db.pool, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFileError);
    expect(error).toMatchObject({ line: 4, reason: "A 'Q' is not X or F" });
    expect((error as DataFileError).message).toBe("tas_list.csv:4: A 'Q' is not X or F");
    // Line 5's valid change is not applied either: the group is all or nothing.
    expect(await snapshotTables(db.pool, tables)).toEqual(before);
    expect(await db.pool.one(loadRow)).toEqual(loadBefore);
  });

  it('keeps a row that is gone from the file while other data still references it', async () => {
    await db.pool.query(sql.unsafe`CREATE TABLE award_stub (id serial PRIMARY KEY, awarding_agency_id integer REFERENCES agency (id))`);
    const agencyId = await db.pool.oneFirst(sql.type(z.object({ id: z.number() }))`
      SELECT a.id FROM agency a JOIN subtier_agency s USING (subtier_agency_id) WHERE s.subtier_code = '12X2'`);
    await db.pool.query(sql.unsafe`INSERT INTO award_stub (awarding_agency_id) VALUES (${agencyId})`);
    const dir = fixtureCopy({
      'agency_codes.csv': {
        3: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X1,Renamed Forest Bureau,RFB,,,FALSE,FALSE,TRUE,TRUE,,,,,,',
        4: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X3,Replacement Office,,,,FALSE,FALSE,TRUE,FALSE,,,,,,',
      },
    });
    await loadReferenceData(db.pool, { dir });
    expect(await count(sql.unsafe`SELECT count(*) FROM agency WHERE id = ${agencyId}`)).toBe(1);
    expect(await idOf('subtier_agency', 'subtier_agency_id', 'subtier_code', '12X2')).not.toBeNull();
    expect(await idOf('subtier_agency', 'subtier_agency_id', 'subtier_code', '12X3')).not.toBeNull();
    // An unreferenced row that left the file is gone.
    await db.pool.query(sql.unsafe`DROP TABLE award_stub`);
    const again = fixtureCopy({ 'agency_codes.csv': { 3: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X1,Renamed Forest Bureau,RFB,,,FALSE,FALSE,TRUE,TRUE,,,,,,' } });
    await loadReferenceData(db.pool, { dir: again });
    expect(await idOf('subtier_agency', 'subtier_agency_id', 'subtier_code', '12X3')).toBeNull();
  });

  it('refreshes the account summaries when the submission windows or Treasury accounts change', async () => {
    // File A of an agency's FY2020 P08 submission (an agency code of its own: no generated submission competes
    // for "latest"), written the way an account load writes it; nothing has refreshed the summaries since.
    const tas = await db.pool.one(sql.type(z.object({ id: z.number(), fa: z.number(), agency: z.number() }))`
      SELECT treasury_account_identifier AS id, federal_account_id AS fa, funding_toptier_agency_id AS agency
      FROM treasury_appropriation_account WHERE tas_rendering_label = '012-X-4200-000'`);
    await db.pool.query(sql.unsafe`
      INSERT INTO submission_attributes (submission_id, toptier_code, reporting_fiscal_year, reporting_fiscal_quarter, reporting_fiscal_period,
        quarter_format_flag, reporting_period_start, reporting_period_end, certified_date)
      VALUES (990001, '990', 2020, 3, 8, false, '2020-05-01', '2020-05-31', '2020-06-20')`);
    await db.pool.query(sql.unsafe`
      INSERT INTO appropriation_account_balances (treasury_account_identifier, submission_id, total_budgetary_resources_amount_cpe,
        budget_authority_appropriated_amount_cpe, obligations_incurred_total_by_tas_cpe, gross_outlay_amount_by_tas_cpe, unobligated_balance_cpe)
      VALUES (${tas.id}, 990001, 1234.56, 1000.00, 800.25, 600.10, 434.31)`);
    const balance = () => db.pool.any(sql.type(z.object({
      submission_id: z.number(), federal_account_id: z.number().nullable(), funding_toptier_agency_id: z.number().nullable(),
      budget_authority: z.string(), appropriations: z.string(), obligations: z.string(), outlays: z.string(), unobligated: z.string(),
    }))`
      SELECT submission_id, federal_account_id, funding_toptier_agency_id, budget_authority::text, appropriations::text,
        obligations::text, outlays::text, unobligated::text
      FROM account_fy_tas_balance WHERE treasury_account_identifier = ${tas.id} AND fiscal_year = 2020`);
    const submission = () => db.pool.any(sql.type(z.object({ fiscal_period: z.number(), is_latest_of_year: z.boolean() }))`
      SELECT fiscal_period, is_latest_of_year FROM account_period_submission WHERE submission_id = 990001`);
    expect(await balance()).toEqual([]);
    const renamed = { 3: '012,Department of Agriculture,USDA,1200,Department of Agriculture,USDA,12X1,Renamed Forest Bureau,RFB,,,FALSE,FALSE,TRUE,TRUE,,,,,,' };

    // A schedule whose P08 window reveals in 2099: the load refreshes the summaries, and the submission is not in them.
    const hidden = fixtureCopy({ 'agency_codes.csv': renamed, 'dabs_submission_window_schedule.csv': {
      4: '2020080,2020-05-01 00:00:00Z,2020-05-31 00:00:00Z,2020-06-17 00:00:00Z,2020-06-30 00:00:00Z,2020-07-15 00:00:00Z,2099-06-30 00:00:00Z,2020,3,8,False',
    } });
    const results = await loadReferenceData(db.pool, { dir: hidden });
    expect(results.find((r) => r.group === 'submission_windows')?.status).toBe('loaded');
    expect(await submission()).toEqual([]);
    expect(await balance()).toEqual([]);

    // The schedule without that row (P08 by the broker dates, revealed in 2020): the submission and its balances are in.
    await loadReferenceData(db.pool, { dir: fixtureCopy({ 'agency_codes.csv': renamed }) });
    expect(await submission()).toEqual([{ fiscal_period: 8, is_latest_of_year: true }]);
    expect(await balance()).toEqual([{
      submission_id: 990001, federal_account_id: tas.fa, funding_toptier_agency_id: tas.agency, budget_authority: '1234.56',
      appropriations: '1000.00', obligations: '800.25', outlays: '600.10', unobligated: '434.31',
    }]);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataFileError } from '../src/csv';
import { agenciesGroup, slugify } from '../src/reference/agencies.group';
import { budgetFunctionsGroup } from '../src/reference/budget-functions.group';
import { businessTypesGroup } from '../src/reference/business-types.group';
import { cfdaGroup } from '../src/reference/cfda.group';
import { citiesGroup } from '../src/reference/cities.group';
import { countriesGroup } from '../src/reference/countries.group';
import { glossaryGroup } from '../src/reference/glossary.group';
import { REFERENCE_GROUPS } from '../src/reference/groups';
import { naicsGroup } from '../src/reference/naics.group';
import { objectClassesGroup } from '../src/reference/object-classes.group';
import { officesGroup } from '../src/reference/offices.group';
import { populationsGroup } from '../src/reference/populations.group';
import { programActivitiesGroup } from '../src/reference/program-activities.group';
import { pscGroup } from '../src/reference/psc.group';
import type { Cell, ReferenceGroup, TableRows } from '../src/reference/reference-group';
import { stateDataGroup } from '../src/reference/state-data.group';
import { fiscalYearOf, submissionWindowsGroup } from '../src/reference/submission-windows.group';
import { tasRenderingLabel, treasuryAccountsGroup } from '../src/reference/treasury-accounts.group';

const FIXTURES = path.join(__dirname, 'fixtures', 'reference');

/** Rows of one table as objects keyed by column, for readable assertions. */
function rowsOf(group: ReferenceGroup, table: string, dir = FIXTURES): Array<Record<string, Cell>> {
  const t = group.read(dir).find((x: TableRows) => x.table === table);
  if (!t) throw new Error(`${group.name} has no table ${table}`);
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null])));
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixtures with one file's line replaced. */
function corrupted(file: string, line: number, replacement: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'usas-ref-fixture-'));
  tempDirs.push(dir);
  cpSync(FIXTURES, dir, { recursive: true });
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  lines[line - 1] = replacement;
  writeFileSync(path.join(dir, file), lines.join('\n'));
  return dir;
}

function expectFileError(fn: () => unknown, file: string, line: number | undefined, reason: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DataFileError);
  const e = caught as DataFileError;
  expect(path.basename(e.file)).toBe(file);
  expect(e.line).toBe(line);
  expect(e.reason).toMatch(reason);
}

describe('reference file parsing', () => {
  it('every group reads the fixture directory', () => {
    for (const group of REFERENCE_GROUPS) expect(() => group.read(FIXTURES)).not.toThrow();
  });

  describe('agencies', () => {
    it('make CGAC toptiers, FREC toptiers for IS_FREC rows, and fold the military departments into DOD', () => {
      const toptiers = rowsOf(agenciesGroup, 'toptier_agency');
      expect(toptiers.map((t) => t.toptier_code)).toEqual(['012', '097', '099', '1601', '1602']);
      const dol = toptiers.find((t) => t.toptier_code === '1601');
      expect(dol).toMatchObject({ name: 'Department of Labor', abbreviation: 'DOL', slug: 'department-of-labor', mission: 'Helps workers.' });
      expect(toptiers.find((t) => t.toptier_code === '099')?.slug).toBe('test-commission-independent');
    });

    it('link each subtier to its toptier and give a subtier-less toptier its own agency row', () => {
      const links = rowsOf(agenciesGroup, 'agency');
      expect(links).toContainEqual({ toptier_code: '012', subtier_code: '12X2', toptier_flag: false, user_selectable: false });
      expect(links).toContainEqual({ toptier_code: '097', subtier_code: '2100', toptier_flag: false, user_selectable: true });
      expect(links).toContainEqual({ toptier_code: '099', subtier_code: null, toptier_flag: true, user_selectable: false });
      expect(links.some((l) => l.toptier_code === '021')).toBe(false);
      expect(rowsOf(agenciesGroup, 'frec').find((f) => f.frec_code === '1601')?.associated_cgac_code).toBe('016');
    });

    it('slugify like Django', () => {
      expect(slugify('Department of Health & Human Services')).toBe('department-of-health-human-services');
      expect(slugify('  U.S. Agency -- for Global Media ')).toBe('us-agency-for-global-media');
    });

    it('reject a subtier listed under two agencies', () => {
      const dir = corrupted('agency_codes.csv', 10, '099,Test Commission,TCI,,,,12X1,Moved Bureau,,,,FALSE,FALSE,FALSE,FALSE,,,,,,');
      expectFileError(() => agenciesGroup.read(dir), 'agency_codes.csv', 10, /subtier 12X1 is under CGAC 099 here but under CGAC 012 on line 3/);
    });
  });

  it('offices: 6-character codes, parsed dates, the later row wins for a repeated code', () => {
    const offices = rowsOf(officesGroup, 'office');
    expect(offices).toHaveLength(3);
    expect(offices.find((o) => o.office_code === '12X2BB')).toMatchObject({ office_name: 'TCO CONTRACTING (LATER ROW)', sub_tier_code: '12X1', end_date: null });
    expect(offices.find((o) => o.office_code === '12X1AA')).toMatchObject({ start_date: '2016-04-01', contract_awards_office: true, financial_assistance_awards_office: false });
    expect(offices.find((o) => o.office_code === 'W91ZZZ')).toMatchObject({ state: null, country: 'DEU' });
  });

  describe('treasury accounts', () => {
    it('render TAS labels with ATA and availability', () => {
      const labels = rowsOf(treasuryAccountsGroup, 'treasury_appropriation_account').map((t) => t.tas_rendering_label);
      expect(labels).toEqual(
        expect.arrayContaining(['012-2019/2019-1100-000', '012-X-4200-000', '097-012-2021/2021-1100-001', '021-2020/2020-2020-000']),
      );
      expect(tasRenderingLabel({ ata: null, aid: '075', availability: 'X', bpoa: null, epoa: null, main: '0512', sub: '000' })).toBe('075-X-0512-000');
    });

    it('title a federal account after its TAS with the latest BPOA and read single-space blanks as null', () => {
      const accounts = rowsOf(treasuryAccountsGroup, 'federal_account');
      expect(accounts.map((a) => a.federal_account_code)).toEqual(['012-1100', '012-4200', '016-0174', '021-2020', '099-8000']);
      expect(accounts.find((a) => a.federal_account_code === '012-1100')?.account_title).toBe('Test Salaries, Transfer');
      const tas = rowsOf(treasuryAccountsGroup, 'treasury_appropriation_account');
      const receipt = tas.find((t) => t.tas_rendering_label === '099-X-8000-000');
      expect(receipt).toMatchObject({ allocation_transfer_agency_id: null, budget_function_code: null, internal_start_date: '2010-10-01', acct_num: 106 });
      expect(tas.find((t) => t.tas_rendering_label === '021-2020/2020-2020-000')?.internal_end_date).toBe('2025-09-30');
    });

    it('reject a TAS without availability type or period, and a repeated TAS', () => {
      const missing = corrupted('tas_list.csv', 3, '101, ,012,2020, , ,1100,000,Broken, , , , , , , , , , , , ,10/01/2019 00:00:00,');
      expectFileError(() => treasuryAccountsGroup.read(missing), 'tas_list.csv', 3, /neither an availability type/);
      const repeated = corrupted('tas_list.csv', 3, '101, ,012,2019,2019, ,1100,000,Again, , , , , , , , , , , , ,10/01/2019 00:00:00,');
      expectFileError(() => treasuryAccountsGroup.read(repeated), 'tas_list.csv', 3, /TAS 012-2019\/2019-1100-000 repeats line 2/);
    });

    it('budget functions come from the same file', () => {
      const tables = budgetFunctionsGroup.read(FIXTURES);
      expect(tables[0]?.rows.map((r) => r[0])).toEqual(['050', '300', '350', '500']);
    });
  });

  it('program activities: zero-padded codes, blank ATA as null, repeated rows kept once', () => {
    const rows = rowsOf(programActivitiesGroup, 'ref_program_activity');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      program_activity_code: '0001', program_activity_name: 'Test Administration', budget_year: '2016',
      responsible_agency_id: '012', allocation_transfer_agency_id: null, main_account_code: '1100',
    });
    expect(rows.find((r) => r.program_activity_code === '0123')?.allocation_transfer_agency_id).toBe('097');
    expect(rows.find((r) => r.program_activity_code === '0005')?.main_account_code).toBe('0174');
    expect(rows.find((r) => r.program_activity_code === '0007')?.main_account_code).toBeNull();
    const dir = corrupted('program_activity.csv', 4, '2017,12,,1100,12345,Too Long');
    expectFileError(() => programActivitiesGroup.read(dir), 'program_activity.csv', 4, /pa_code '12345' is not a number of at most 4 digits/);
  });

  it('object classes and MAX codes from the fixture, countries from the same fixture', () => {
    const classes = rowsOf(objectClassesGroup, 'object_class');
    expect(classes.map((c) => `${String(c.object_class)}${String(c.direct_reimbursable ?? '')}`)).toEqual(['111', '111D', '251R']);
    expect(rowsOf(objectClassesGroup, 'object_class_max').map((m) => m.code)).toEqual(['1111', '111', '2511']);
    expect(rowsOf(countriesGroup, 'ref_country_code')).toEqual([
      { country_code: 'USA', country_name: 'UNITED STATES', latest_population: null },
      { country_code: 'CAN', country_name: 'CANADA', latest_population: null },
    ]);
    const bad = corrupted('object_classes_and_countries.json', 36, '    "object_class": "25",');
    expectFileError(() => objectClassesGroup.read(bad), 'object_classes_and_countries.json', 31, /object_class '25'/);
  });

  it('PSC: M/D/YY dates, groups of every kind, blank dates as null', () => {
    const psc = rowsOf(pscGroup, 'psc');
    expect(psc.find((p) => p.code === '1005')).toMatchObject({ start_date: '1979-10-01', end_date: '2015-09-30', includes: 'Test includes' });
    expect(psc.find((p) => p.code === 'R408')).toMatchObject({ start_date: null, description: 'TEST PROGRAM MANAGEMENT' });
    expect(psc.map((p) => p.code)).toEqual(['10', '1005', 'A', 'AA', 'AA11', 'R', 'R408']);
  });

  it('NAICS: the first title of a repeated code wins and 2-4 digit parents are added', () => {
    const naics = rowsOf(naicsGroup, 'naics');
    expect(naics.map((n) => n.code)).toEqual(['23', '236', '2362', '236220', '54', '541', '5415', '541511', '541512']);
    expect(naics.find((n) => n.code === '541511')?.description).toBe('Test Programming Services');
    expect(naics.find((n) => n.code === '54')).toMatchObject({ description: 'Professional, Scientific, and Technical Services', derived: false });
    expect(naics.find((n) => n.code === '5415')).toMatchObject({ description: 'Industries such as Test Programming Services; Test Systems Design Services', derived: true });
    expect(naics.find((n) => n.code === '2362')).toMatchObject({ description: 'Test Building Construction', derived: true });
  });

  it('census files: padded FIPS, state totals as county 000, delegates as district 98', () => {
    const counties = rowsOf(populationsGroup, 'ref_population_county');
    expect(counties.find((c) => c.county_name === 'Unpadded County')).toMatchObject({ state_code: '01', county_number: '003', latest_population: 1200 });
    const districts = rowsOf(populationsGroup, 'ref_population_cong_district');
    expect(districts.map((d) => `${String(d.state_abbreviation)}-${String(d.congressional_district)}`)).toEqual(['AL-01', 'AL-02', 'DC-98']);
    const states = rowsOf(stateDataGroup, 'state_data');
    expect(states[0]).toMatchObject({ id: '01-2016', fips: '01', code: 'AL', year: 2016, population: 4_800_000, median_household_income: '44000' });
    expect(states[1]?.median_household_income).toBeNull();
    const dir = corrupted('census_state_data.csv', 2, '1,AL,Alabama,province,2016,1,1,x,x');
    expectFileError(() => stateDataGroup.read(dir), 'census_state_data.csv', 2, /Type 'province'/);
  });

  it('cities: county codes padded, quoted names kept whole, county-only rows kept', () => {
    const cities = rowsOf(citiesGroup, 'ref_city_county_state_code');
    expect(cities[1]).toEqual({ state_code: 'AL', county_code: '001', county_name: 'Test County', city_code: '200', city_name: 'Town, Upper', type_of_area: 'town' });
    expect(cities[2]).toMatchObject({ county_code: '003', city_name: null });
  });

  it('business types and glossary (sample terms win over the project terms of the same name)', () => {
    expect(rowsOf(businessTypesGroup, 'sam_business_type')).toEqual([
      { code: 'A6', readable_name: 'Test 8(a) Participant', terse_label: null },
      { code: '2X', readable_name: 'Test For Profit Organization', terse_label: 'test_for_profit' },
    ]);
    const glossary = rowsOf(glossaryGroup, 'glossary');
    expect(glossary.find((g) => g.term === 'Test Term')).toEqual({
      term: 'Test Term', slug: 'test-term', plain: 'A plain description, with a comma.', official: 'An official definition\nspanning two lines.',
      data_act_term: 'Test Term', resources: 'Learn More: [A](https://example.org/a)',
    });
    expect(glossary.filter((g) => g.term === 'Obligation')).toEqual([expect.objectContaining({ plain: 'A fixture override of a generated term.' })]);
    expect(glossary.length).toBeGreaterThan(30);
  });

  it('assistance listings are generated even when reading files', () => {
    const listings = rowsOf(cfdaGroup, 'references_cfda');
    expect(listings.length).toBeGreaterThan(50);
    expect(new Set(listings.map((l) => l.program_number)).size).toBe(listings.length);
    for (const l of listings) expect(l.program_number).toMatch(/^\d{2}\.\d{3}$/);
  });

  describe('submission windows', () => {
    const byId = (): Map<number, Record<string, Cell>> => new Map(rowsOf(submissionWindowsGroup, 'dabs_submission_window_schedule').map((r) => [Number(r.id), r]));

    it('keep the DABS rows and derive the other windows from the broker dates', () => {
      const windows = byId();
      expect(windows.get(2017031)).toMatchObject({ submission_due_date: '2017-02-20T00:00:00Z', is_quarter: true });
      // Broker 2017 P6: 4/19/17, 5/19/17, 5/19/17 -> quarterly window due the day after certification.
      expect(windows.get(2017061)).toMatchObject({
        period_start_date: '2017-01-01T00:00:00Z', period_end_date: '2017-03-31T00:00:00Z', submission_start_date: '2017-04-19T00:00:00Z',
        submission_due_date: '2017-05-20T00:00:00Z', certification_due_date: '2017-05-20T00:00:00Z', submission_fiscal_quarter: 2,
      });
      // Broker 2021 P2: 12/18/20, 1/7/21, 2/16/21 -> monthly window for November only.
      expect(windows.get(2021020)).toMatchObject({
        period_start_date: '2020-11-01T00:00:00Z', period_end_date: '2020-11-30T00:00:00Z', submission_due_date: '2021-01-08T00:00:00Z',
        certification_due_date: '2021-02-17T00:00:00Z', submission_reveal_date: '2021-01-08T00:00:00Z', is_quarter: false,
      });
      expect(windows.has(2021010)).toBe(false);
    });

    it('extend to the current fiscal year with the latest known dates moved by whole years', () => {
      const windows = byId();
      const fy = fiscalYearOf(new Date());
      expect(windows.has(fy * 1000 + 121)).toBe(true);
      expect(windows.has(fy * 1000 + 120)).toBe(true);
      // FY2022 P2 has no broker row: FY2021 P2's dates one year later.
      expect(windows.get(2022020)).toMatchObject({ submission_start_date: '2021-12-18T00:00:00Z', submission_due_date: '2022-01-08T00:00:00Z' });
      expect(windows.has((fy + 1) * 1000 + 31)).toBe(false);
    });

    it('reject an id that does not encode its period', () => {
      const dir = corrupted('dabs_submission_window_schedule.csv', 3, '2020071,2020-04-01 00:00:00Z,2020-04-30 00:00:00Z,2020-07-17 00:00:00Z,2020-07-31 00:00:00Z,2020-08-15 00:00:00Z,2020-07-31 00:00:00Z,2020,3,7,False');
      expectFileError(() => submissionWindowsGroup.read(dir), 'dabs_submission_window_schedule.csv', 3, /id 2020071 is not year\*1000/);
    });
  });

  it('report file, line and reason for malformed CSV structure and missing files', () => {
    const dir = corrupted('naics.csv', 3, '541512,"unterminated');
    expect(() => naicsGroup.read(dir)).toThrow(DataFileError);
    const shortRow = corrupted('naics.csv', 4, '236220');
    expectFileError(() => naicsGroup.read(shortRow), 'naics.csv', 4, /wrong number of fields/);
    expectFileError(() => naicsGroup.read(os.tmpdir()), 'naics.csv', undefined, /cannot read file/);
  });
});

import { startHarness, type Harness } from '@usas/test-harness';
import { seedReferenceFixtures } from './reference-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await seedReferenceFixtures(h.db.pool);
});
afterAll(async () => {
  await h.close();
});

const post = (path: string, body: unknown) => h.http.post(path).send(body as object);
const DEPRECATED = 'This endpoint is DEPRECATED. Please refer to the api contracts.';

describe('POST /api/v2/autocomplete/accounts/{component}/', () => {
  it('completes agency identifiers with their CGAC agency', async () => {
    const res = await post('/api/v2/autocomplete/accounts/aid/', { filters: { aid: '0' } }).expect(200);
    expect(res.body).toEqual({
      results: [
        { aid: '012', agency_name: 'Department of Agriculture', agency_abbreviation: 'USDA' },
        { aid: '020', agency_name: 'Department of the Treasury', agency_abbreviation: 'TREAS' },
        { aid: '097', agency_name: 'Department of Defense', agency_abbreviation: 'DOD' },
      ],
    });
  });

  it('narrows by the other components given (exact values)', async () => {
    const res = await post('/api/v2/autocomplete/accounts/aid', { filters: { aid: '0', main: '1106' } }).expect(200);
    expect(res.body.results.map((r: { aid: string }) => r.aid)).toEqual(['012']);
  });

  it('completes allocation transfer agencies, never listing a missing ATA', async () => {
    const all = await post('/api/v2/autocomplete/accounts/ata/', { filters: {} }).expect(200);
    expect(all.body.results).toEqual([
      { ata: '020', agency_name: 'Department of the Treasury', agency_abbreviation: 'TREAS' },
      { ata: '021', agency_name: 'Department of the Army', agency_abbreviation: '' },
    ]);
    const narrowed = await post('/api/v2/autocomplete/accounts/ata/', { filters: { ata: '02', aid: '097' } }).expect(200);
    expect(narrowed.body.results).toEqual([{ ata: '021', agency_name: 'Department of the Army', agency_abbreviation: '' }]);
  });

  it('lists availability type codes including null (accounts with a period of availability)', async () => {
    const res = await post('/api/v2/autocomplete/accounts/a/', { filters: { aid: '012' }, limit: 3 }).expect(200);
    expect(res.body).toEqual({ results: ['X', null] });
    const onlyNull = await post('/api/v2/autocomplete/accounts/a/', { filters: { aid: '012', main: '5207', a: null } }).expect(200);
    expect(onlyNull.body).toEqual({ results: [null] });
  });

  it('completes periods of availability by prefix, in order, up to the limit', async () => {
    const bpoa = await post('/api/v2/autocomplete/accounts/bpoa/', { filters: { bpoa: '201', aid: '012' } }).expect(200);
    expect(bpoa.body).toEqual({ results: ['2018', '2019'] });
    const limited = await post('/api/v2/autocomplete/accounts/bpoa/', { filters: { bpoa: '201', aid: '012' }, limit: 1 }).expect(200);
    expect(limited.body).toEqual({ results: ['2018'] });
    const epoa = await post('/api/v2/autocomplete/accounts/epoa/', { filters: { aid: '097' } }).expect(200);
    expect(epoa.body).toEqual({ results: ['2021', null] });
  });

  it('completes main and sub account codes', async () => {
    expect((await post('/api/v2/autocomplete/accounts/main/', { filters: { main: '1' } }).expect(200)).body).toEqual({ results: ['1106'] });
    expect((await post('/api/v2/autocomplete/accounts/main/', { filters: {}, limit: 3 }).expect(200)).body).toEqual({
      results: ['0100', '1106', '5207'],
    });
    expect((await post('/api/v2/autocomplete/accounts/sub/', { filters: { sub: '00', aid: '012', main: '1106' } }).expect(200)).body).toEqual({
      results: ['000', '001'],
    });
    expect((await post('/api/v2/autocomplete/accounts/sub/', { filters: { ata: '020' } }).expect(200)).body).toEqual({ results: ['001'] });
  });

  it('ignores unknown filter keys and treats LIKE wildcards literally', async () => {
    expect((await post('/api/v2/autocomplete/accounts/aid/', { filters: { aid: '09', foo: 'x' } }).expect(200)).body.results).toHaveLength(1);
    expect((await post('/api/v2/autocomplete/accounts/main/', { filters: { main: '%' } }).expect(200)).body).toEqual({ results: [] });
  });

  it('rejects bad input with JSON 4xx', async () => {
    expect((await post('/api/v2/autocomplete/accounts/aid/', { limit: 3 }).expect(422)).body.detail).toBe("Missing value: 'filters' is a required field.");
    expect((await post('/api/v2/autocomplete/accounts/aid/', { filters: {}, limit: 0 }).expect(400)).body.errors[0]).toMatchObject({ path: '/body/limit' });
    expect((await post('/api/v2/autocomplete/accounts/aid/', { filters: { aid: 12 } }).expect(400)).body.errors[0]).toMatchObject({
      path: '/body/filters/aid',
      code: 'type',
    });
    const unknown = await post('/api/v2/autocomplete/accounts/xyz/', { filters: {} }).expect(404);
    expect(unknown.body).toEqual({ detail: 'No endpoint matches this path.', errors: [] });
  });
});

describe('POST /api/v2/autocomplete/awarding_agency/ and funding_agency/ (deprecated)', () => {
  it('ranks name-word matches first, toptier agencies first among them, with a deprecation message', async () => {
    // "Defense" is a whole word of all three names: the toptier agencies (DNFSB, Department of Defense) lead,
    // so the Department of Defense comes before its "Defense ..." subtiers.
    const res = await post('/api/v2/autocomplete/awarding_agency/', { search_text: 'defense' }).expect(200);
    expect(res.body.messages).toEqual([DEPRECATED]);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([108, 101, 102]);
    expect(res.body.results[1]).toMatchObject({ id: 101, toptier_flag: true, subtier_agency: { abbreviation: 'DOD', name: 'Department of Defense' } });
    expect(res.body.results[2]).toEqual({
      id: 102,
      toptier_flag: false,
      toptier_agency: { toptier_code: '097', abbreviation: 'DOD', name: 'Department of Defense' },
      subtier_agency: { abbreviation: 'DLA', name: 'Defense Logistics Agency' },
    });
  });

  it('ranks an exact abbreviation first, then whole words before word starts', async () => {
    const dla = await post('/api/v2/autocomplete/awarding_agency/', { search_text: 'dla' }).expect(200);
    expect(dla.body.results.map((r: { id: number }) => r.id)).toEqual([102]);
    const dod = await post('/api/v2/autocomplete/awarding_agency/', { search_text: 'DoD' }).expect(200);
    expect(dod.body.results.map((r: { id: number }) => r.id)[0]).toBe(101);
    // "of Defense" is whole words of one name only; "defen" starts a word in all three (toptiers first)
    const words = await post('/api/v2/autocomplete/awarding_agency/', { search_text: 'of defense' }).expect(200);
    expect(words.body.results.map((r: { id: number }) => r.id)).toEqual([101]);
    const start = await post('/api/v2/autocomplete/awarding_agency/', { search_text: 'defen' }).expect(200);
    expect(start.body.results.map((r: { id: number }) => r.id)).toEqual([108, 101, 102]);
  });

  it('matches abbreviations and puts FEMA under DHS before the legacy FEMA toptier', async () => {
    const res = await post('/api/v2/autocomplete/funding_agency/', { search_text: 'FEMA', limit: 5 }).expect(200);
    expect(res.body.results.map((r: { id: number; toptier_agency: { toptier_code: string } }) => [r.id, r.toptier_agency.toptier_code])).toEqual([
      [104, '070'],
      [105, '058'],
    ]);
    expect(res.body.messages).toEqual([DEPRECATED]);
  });

  it('enforces the funding_agency limit range and a non-blank search text', async () => {
    await post('/api/v2/autocomplete/funding_agency/', { search_text: 'x', limit: 501 }).expect(400);
    await post('/api/v2/autocomplete/funding_agency/', { search_text: 'x', limit: 0 }).expect(400);
    const one = await post('/api/v2/autocomplete/funding_agency/', { search_text: 'defense', limit: 1 }).expect(200);
    expect(one.body.results).toHaveLength(1);
    const blank = await post('/api/v2/autocomplete/awarding_agency/', { search_text: '  ' }).expect(400);
    expect(blank.body.detail).toBe('Missing one or more required request parameters: search_text');
    await post('/api/v2/autocomplete/awarding_agency/', {}).expect(422);
  });
});

describe('POST /api/v2/autocomplete/awarding_agency_office/ and funding_agency_office/', () => {
  it('answers one object with toptier, subtier and office lists', async () => {
    const res = await post('/api/v2/autocomplete/awarding_agency_office/', { search_text: 'dla' }).expect(200);
    expect(res.body).toEqual({
      results: {
        toptier_agency: [],
        subtier_agency: [
          {
            abbreviation: 'DLA',
            code: '97AS',
            name: 'Defense Logistics Agency',
            toptier_agency: { abbreviation: 'DOD', code: '097', name: 'Department of Defense' },
            offices: [
              { code: 'SP0600', name: 'DLA ENERGY' },
              { code: 'SPE300', name: 'DLA TROOP SUPPORT' },
            ],
          },
        ],
        office: [
          {
            code: 'SP0600',
            name: 'DLA ENERGY',
            toptier_agency: { abbreviation: 'DOD', code: '097', name: 'Department of Defense' },
            subtier_agency: { abbreviation: 'DLA', code: '97AS', name: 'Defense Logistics Agency' },
          },
          {
            code: 'SPE300',
            name: 'DLA TROOP SUPPORT',
            toptier_agency: { abbreviation: 'DOD', code: '097', name: 'Department of Defense' },
            subtier_agency: { abbreviation: 'DLA', code: '97AS', name: 'Defense Logistics Agency' },
          },
        ],
      },
      messages: [],
    });
  });

  it('lists every subtier and office of a matching toptier agency, prefix matches first', async () => {
    const res = await post('/api/v2/autocomplete/awarding_agency_office', { search_text: 'defense' }).expect(200);
    const toptiers = res.body.results.toptier_agency;
    expect(toptiers.map((t: { code: string }) => t.code)).toEqual(['347', '097']);
    expect(toptiers[1]).toEqual({
      abbreviation: 'DOD',
      code: '097',
      name: 'Department of Defense',
      subtier_agencies: [
        { abbreviation: 'DOD', code: '9700', name: 'Department of Defense' },
        { abbreviation: 'DLA', code: '97AS', name: 'Defense Logistics Agency' },
      ],
      offices: [
        { code: 'SP0600', name: 'DLA ENERGY' },
        { code: 'SPE300', name: 'DLA TROOP SUPPORT' },
      ],
    });
    expect(res.body.results.subtier_agency.map((s: { code: string }) => s.code)).toEqual(['3400', '97AS', '9700']);
  });

  it('keeps awarding and funding offices apart by their flags', async () => {
    const funding = await post('/api/v2/autocomplete/funding_agency_office/', { search_text: 'dla' }).expect(200);
    expect(funding.body.results.office.map((o: { code: string }) => o.code)).toEqual(['SPE300']);
    expect(funding.body.results.subtier_agency[0].offices).toEqual([{ code: 'SPE300', name: 'DLA TROOP SUPPORT' }]);
    const awardingForest = await post('/api/v2/autocomplete/awarding_agency_office/', { search_text: 'forest' }).expect(200);
    expect(awardingForest.body.results.office).toEqual([]);
    expect(awardingForest.body.results.subtier_agency.map((s: { code: string }) => s.code)).toEqual(['12C2']);
    const fundingForest = await post('/api/v2/autocomplete/funding_agency_office/', { search_text: 'forest' }).expect(200);
    expect(fundingForest.body.results.office.map((o: { code: string }) => o.code)).toEqual(['12C2FS']);
  });

  it('applies the limit to each list', async () => {
    const res = await post('/api/v2/autocomplete/awarding_agency_office/', { search_text: 'de', limit: 1 }).expect(200);
    expect(res.body.results.toptier_agency).toHaveLength(1);
    expect(res.body.results.subtier_agency).toHaveLength(1);
    await post('/api/v2/autocomplete/funding_agency_office/', { search_text: '' }).expect(400);
  });
});

describe('code lookups', () => {
  it('cfda: numbers by number, text by title or popular name', async () => {
    const numbers = await post('/api/v2/autocomplete/cfda/', { search_text: '10' }).expect(200);
    expect(numbers.body.results.map((r: { program_number: string }) => r.program_number)).toEqual(['10.001', '10.500']);
    const byName = await post('/api/v2/autocomplete/cfda/', { search_text: 'medic' }).expect(200);
    expect(byName.body).toEqual({ results: [{ popular_name: 'Medicaid', program_number: '93.778', program_title: 'Medical Assistance Program' }] });
    const exact = await post('/api/v2/autocomplete/cfda/', { search_text: 'ag research' }).expect(200);
    expect(exact.body.results[0].program_number).toBe('10.001');
    // A listing without a popular name answers an empty string (the contract declares a string).
    const unnamed = await post('/api/v2/autocomplete/cfda/', { search_text: 'extension' }).expect(200);
    expect(unnamed.body).toEqual({ results: [{ popular_name: '', program_number: '10.500', program_title: 'Cooperative Extension Service' }] });
  });

  it('naics: 6-digit codes only, prefix matches before contains matches', async () => {
    const text = await post('/api/v2/autocomplete/naics/', { search_text: 'soybean' }).expect(200);
    expect(text.body.results.map((r: { naics: string }) => r.naics)).toEqual(['111110', '311222', '311224', '111120']);
    const code = await post('/api/v2/autocomplete/naics/', { search_text: '1112' }).expect(200);
    expect(code.body).toEqual({
      results: [
        { naics: '111211', naics_description: 'Potato Farming', year_retired: 2017 },
        { naics: '111120', naics_description: 'Oilseed (except Soybean) Farming', year_retired: null },
      ],
    });
  });

  it('psc: exact code, code prefixes, then descriptions', async () => {
    expect((await post('/api/v2/autocomplete/psc/', { search_text: 'aa1' }).expect(200)).body.results.map((r: { product_or_service_code: string }) => r.product_or_service_code)).toEqual(['AA10', 'AA11', 'AA12']);
    expect((await post('/api/v2/autocomplete/psc/', { search_text: 'F001' }).expect(200)).body).toEqual({
      results: [{ product_or_service_code: 'F001', psc_description: 'AERIAL FERTILIZATION - SPRAYING' }],
    });
    expect((await post('/api/v2/autocomplete/psc/', { search_text: 'natural' }).expect(200)).body.results.map((r: { product_or_service_code: string }) => r.product_or_service_code)).toEqual(['F', 'F0', 'F9']);
  });

  it('program_activity: distinct code/name pairs', async () => {
    expect((await post('/api/v2/autocomplete/program_activity/', { search_text: 'meat' }).expect(200)).body).toEqual({
      results: [
        { program_activity_code: '0001', program_activity_name: 'Meat grading' },
        { program_activity_code: '1000', program_activity_name: 'Meatpacking oversight' },
      ],
    });
    expect((await post('/api/v2/autocomplete/program_activity/', { search_text: '0001' }).expect(200)).body.results).toEqual([
      { program_activity_code: '0001', program_activity_name: 'Meat grading' },
    ]);
  });

  it('glossary: terms with definitions, exact match first', async () => {
    const res = await post('/api/v2/autocomplete/glossary/', { search_text: 'aw' }).expect(200);
    expect(res.body.results).toEqual(['Award', 'Award Amount', 'Award ID', 'Award Type', 'Awarding Agency', 'Current Award Amount']);
    expect(res.body.count).toBe(6);
    expect(res.body.search_text).toBe('aw');
    expect(res.body.matched_terms[1]).toEqual({
      term: 'Award Amount',
      slug: 'award-amount',
      data_act_term: 'Amount of Award',
      plain: 'The amount promised.',
      official: 'The cumulative amount obligated.',
      resources: 'See also: Obligation',
    });
    const limited = await post('/api/v2/autocomplete/glossary/', { search_text: 'BUDGET', limit: 1 }).expect(200);
    expect(limited.body.results).toEqual(['budget authority']);
  });
});

describe('POST /api/v2/autocomplete/recipient/', () => {
  const names = (body: { results: Array<{ recipient_name: string; recipient_level: string }> }) =>
    body.results.map((r) => `${r.recipient_name}/${r.recipient_level}`);

  it('ranks name prefixes before contains matches, ties by name and level', async () => {
    const res = await post('/api/v2/autocomplete/recipient/', { search_text: 'lockheed' }).expect(200);
    expect(names(res.body)).toEqual([
      'LOCKHEED MARTIN AERONAUTICS/R',
      'LOCKHEED MARTIN CORPORATION/C',
      'LOCKHEED MARTIN CORPORATION/P',
      'MARTIN LOCKHEED HOLDINGS/R',
    ]);
    expect(res.body.results[0]).toEqual({ recipient_name: 'LOCKHEED MARTIN AERONAUTICS', recipient_level: 'R', uei: 'A1B2C3D4E5F6', duns: '123456789' });
    expect(res.body.count).toBe(4);
    expect(res.body.messages).toEqual(['']);
  });

  it('puts an exact name first and matches UEI and DUNS prefixes', async () => {
    expect(names((await post('/api/v2/autocomplete/recipient/', { search_text: 'lock' }).expect(200)).body)[0]).toBe('LOCK/R');
    expect(names((await post('/api/v2/autocomplete/recipient/', { search_text: '8349' }).expect(200)).body)).toEqual([
      'BLUE HOLDINGS LLC/R',
      'LOCKHEED MARTIN CORPORATION/C',
      'LOCKHEED MARTIN CORPORATION/P',
    ]);
    expect(names((await post('/api/v2/autocomplete/recipient/', { search_text: 'zfn2jjxblzt3' }).expect(200)).body)).toEqual([
      'LOCKHEED MARTIN CORPORATION/C',
      'LOCKHEED MARTIN CORPORATION/P',
    ]);
  });

  it('filters by recipient level and matches all words in any order', async () => {
    expect(names((await post('/api/v2/autocomplete/recipient/', { search_text: 'lockheed', recipient_levels: ['P'] }).expect(200)).body)).toEqual([
      'LOCKHEED MARTIN CORPORATION/P',
    ]);
    expect(names((await post('/api/v2/autocomplete/recipient/', { search_text: 'lockheed holdings' }).expect(200)).body)).toEqual([
      'MARTIN LOCKHEED HOLDINGS/R',
    ]);
    await post('/api/v2/autocomplete/recipient/', { search_text: 'x', recipient_levels: ['Q'] }).expect(400);
  });
});

describe('POST /api/v2/autocomplete/city/', () => {
  const city = (text: string, filter: Record<string, unknown>, limit?: number) =>
    post('/api/v2/autocomplete/city/', { search_text: text, filter, ...(limit ? { limit } : {}) });

  it('counts US cities (missing country = US) by state, most frequent first', async () => {
    const res = await city('spring', { country_code: 'USA', scope: 'recipient_location' }).expect(200);
    expect(res.body).toEqual({
      count: 3,
      results: [
        { city_name: 'SPRINGFIELD', state_code: 'VA' },
        { city_name: 'SPRING HILL', state_code: 'FL' },
        { city_name: 'SPRINGFIELD', state_code: 'IL' },
      ],
    });
    expect((await city('spring', { country_code: 'USA', scope: 'recipient_location' }, 1).expect(200)).body).toEqual({
      count: 3,
      results: [{ city_name: 'SPRINGFIELD', state_code: 'VA' }],
    });
    expect((await city('Springf', { country_code: 'usa', scope: 'recipient_location', state_code: 'va' }).expect(200)).body).toEqual({
      count: 1,
      results: [{ city_name: 'SPRINGFIELD', state_code: 'VA' }],
    });
  });

  it('answers foreign cities with the country code as state_code', async () => {
    expect((await city('spring', { country_code: 'FOREIGN', scope: 'recipient_location' }).expect(200)).body).toEqual({
      count: 2,
      results: [
        { city_name: 'SPRINGBOK', state_code: 'ZAF' },
        { city_name: 'SPRINGS', state_code: 'JAM' },
      ],
    });
    expect((await city('spr', { country_code: 'JAM', scope: 'recipient_location' }).expect(200)).body.results).toEqual([
      { city_name: 'SPRINGS', state_code: 'JAM' },
    ]);
  });

  it('searches places of performance with that scope', async () => {
    expect((await city('den', { country_code: 'USA', scope: 'primary_place_of_performance' }).expect(200)).body).toEqual({
      count: 1,
      results: [{ city_name: 'DENVER', state_code: 'CO' }],
    });
  });

  it('rejects a missing filter or an unknown scope', async () => {
    await post('/api/v2/autocomplete/city/', { search_text: 'x' }).expect(422);
    await city('x', { country_code: 'USA', scope: 'moon' }).expect(400);
    await city('x', { scope: 'recipient_location' }).expect(422);
  });
});

describe('POST /api/v2/autocomplete/location/', () => {
  it('returns each kind of place, prefix matches first, upper-cased', async () => {
    const res = await post('/api/v2/autocomplete/location/', { search_text: 'den' }).expect(200);
    expect(res.body).toEqual({
      count: 6,
      results: {
        countries: [{ country_name: 'DENMARK' }, { country_name: 'SWEDEN' }],
        cities: [
          { city_name: 'DENAIR', state_name: 'CALIFORNIA', country_name: 'UNITED STATES' },
          { city_name: 'DENVER', state_name: 'COLORADO', country_name: 'UNITED STATES' },
          { city_name: 'CAMDEN', state_name: null, country_name: 'UNITED STATES' },
        ],
        counties: [{ county_name: 'DENVER COUNTY', county_fips: '08031', state_name: 'COLORADO', country_name: 'UNITED STATES' }],
      },
      messages: [''],
    });
  });

  it('finds congressional districts with or without the hyphen, and ZIP codes', async () => {
    const districts = await post('/api/v2/autocomplete/location/', { search_text: 'ca-3' }).expect(200);
    expect(districts.body.results).toEqual({
      districts_original: [
        { original_cd: 'CA-34', state_name: 'CALIFORNIA', country_name: 'UNITED STATES' },
        { original_cd: 'CA-35', state_name: 'CALIFORNIA', country_name: 'UNITED STATES' },
      ],
      districts_current: [
        { current_cd: 'CA-34', state_name: 'CALIFORNIA', country_name: 'UNITED STATES' },
        { current_cd: 'CA-35', state_name: 'CALIFORNIA', country_name: 'UNITED STATES' },
      ],
    });
    expect(districts.body.count).toBe(4);
    expect((await post('/api/v2/autocomplete/location/', { search_text: 'CA34' }).expect(200)).body.results.districts_current).toHaveLength(1);
    const zips = await post('/api/v2/autocomplete/location/', { search_text: '8020' }).expect(200);
    expect(zips.body.results).toEqual({
      zip_codes: [
        { zip_code: 80202, state_name: 'COLORADO', country_name: 'UNITED STATES' },
        { zip_code: 80203, state_name: 'COLORADO', country_name: 'UNITED STATES' },
      ],
    });
  });

  it('uses the latest state name and honours the limit per kind', async () => {
    expect((await post('/api/v2/autocomplete/location/', { search_text: 'cal' }).expect(200)).body.results).toEqual({
      states: [{ state_name: 'CALIFORNIA', country_name: 'UNITED STATES' }],
    });
    const one = await post('/api/v2/autocomplete/location/', { search_text: 'den', limit: 1 }).expect(200);
    expect(one.body.results.countries).toEqual([{ country_name: 'DENMARK' }]);
    expect(one.body.results.cities).toHaveLength(1);
    expect(one.body.count).toBe(3);
  });

  it('answers no matches with an empty object and rejects a limit over 20', async () => {
    expect((await post('/api/v2/autocomplete/location/', { search_text: 'xyzzy' }).expect(200)).body).toEqual({ count: 0, results: {}, messages: [''] });
    await post('/api/v2/autocomplete/location/', { search_text: 'den', limit: 21 }).expect(400);
  });
});

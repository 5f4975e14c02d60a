import type pg from 'pg';
import { dayOf } from './dates';
import { Random, WeightedPicker, shuffled } from './random';

/** Award categories as the generator weighs agencies for them. */
export type WeightCategory = 'contract' | 'grant' | 'direct payment' | 'loans' | 'insurance' | 'other';

export interface OfficeRef {
  code: string;
  name: string;
  contractAwards: boolean;
  assistanceAwards: boolean;
}

export interface AgencyRef {
  /** agency.id: what awards call awarding/funding agency id. */
  id: number;
  toptierId: number;
  toptierCode: string;
  toptierName: string;
  toptierAbbreviation: string | null;
  subtierCode: string;
  subtierName: string;
  subtierAbbreviation: string | null;
  offices: OfficeRef[];
  contractOffices: OfficeRef[];
  assistanceOffices: OfficeRef[];
}

export interface ProgramActivityRef {
  id: number;
  code: string;
  name: string;
}

export interface TasRef {
  id: number;
  aid: string;
  main: string;
  federalAccountId: number | null;
  fundingToptierId: number | null;
  tasPath: string;
  tasComponent: string;
  programActivities: ProgramActivityRef[];
}

export interface ObjectClassRef {
  id: number;
  code: string;
}

export interface CodeRef {
  code: string;
  description: string | null;
}

export interface Place {
  foreign: boolean;
  countryCode: string;
  countryName: string | null;
  stateCode: string | null;
  stateName: string | null;
  stateFips: string | null;
  countyCode: string | null;
  countyName: string | null;
  district: string | null;
  cityName: string | null;
  zip5: string | null;
}

export interface DefCodeRef {
  code: string;
  group: 'covid_19' | 'infrastructure' | null;
  /** Earliest enactment date (day number), when known. */
  enacted: number | null;
}

export interface WindowRef {
  revealDay: number;
}

/** Reference data the generator draws from: whatever the reference loader put in the database. */
export interface Catalog {
  agencies: AgencyRef[];
  agencyPickers: Record<WeightCategory, WeightedPicker<AgencyRef>>;
  /** Other subtiers of the same toptier agency. */
  agenciesByToptier: Map<number, AgencyRef[]>;
  /** Treasury accounts funded by each toptier agency, most-used first. */
  tasByToptier: Map<number, TasRef[]>;
  objectClasses: Map<string, ObjectClassRef>;
  psc: WeightedPicker<CodeRef> | null;
  naics: WeightedPicker<CodeRef> | null;
  cfdaByPrefix: Map<string, WeightedPicker<CodeRef>>;
  cfda: WeightedPicker<CodeRef> | null;
  places: Place[];
  usPlaces: Place[];
  defCodes: DefCodeRef[];
  /** dabs_submission_window_schedule by id. */
  windows: Map<number, WindowRef>;
  counts: Record<string, number>;
}

/**
 * Relative size of toptier agencies (by CGAC code) per award category, so that, as in the real data,
 * Defense dominates contracts, HHS grants, SBA and USDA loans, and so on. Agencies not listed get a
 * small base weight; only agencies present in the reference tables are used.
 */
const AGENCY_WEIGHTS: Record<string, Partial<Record<WeightCategory, number>>> = {
  '097': { contract: 60, grant: 1, other: 1 },
  '075': { contract: 6, grant: 35, 'direct payment': 6, other: 3, insurance: 1 },
  '036': { contract: 6, grant: 1, 'direct payment': 15, loans: 10, insurance: 8 },
  '012': { contract: 3, grant: 10, 'direct payment': 18, loans: 15, insurance: 25, other: 2 },
  '028': { 'direct payment': 10 },
  '091': { contract: 1, grant: 10, 'direct payment': 5, loans: 12 },
  '086': { contract: 1, grant: 8, loans: 6, other: 4 },
  '073': { grant: 1, loans: 30, other: 4, 'direct payment': 2 },
  '069': { contract: 2, grant: 8 },
  '089': { contract: 5, grant: 2 },
  '080': { contract: 4, grant: 2 },
  '070': { contract: 6, grant: 5, insurance: 20, 'direct payment': 3 },
  '047': { contract: 6 },
  '015': { contract: 3, grant: 3 },
  '014': { contract: 2, grant: 3, 'direct payment': 2 },
  '068': { contract: 1, grant: 3 },
  '013': { contract: 2, grant: 2 },
  '019': { contract: 2, grant: 2 },
  '072': { contract: 1, grant: 3 },
  '049': { grant: 6 },
  '016': { contract: 1, grant: 3 },
  '020': { contract: 2, 'direct payment': 8, other: 2 },
};
const BASE_WEIGHT = 0.25;

/** CFDA program number prefixes of toptier agencies (CGAC code -> two-digit prefix). */
const CFDA_PREFIX: Record<string, string> = {
  '012': '10', '013': '11', '097': '12', '086': '14', '014': '15', '015': '16', '016': '17', '019': '19', '069': '20',
  '020': '21', '047': '39', '080': '43', '049': '47', '073': '59', '036': '64', '068': '66', '089': '81', '091': '84',
  '075': '93', '028': '96', '070': '97', '072': '98',
};

/** CFDA prefix of a toptier agency code, if known. */
export function cfdaPrefixOf(toptierCode: string): string | undefined {
  return CFDA_PREFIX[toptierCode];
}

async function rows<T>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

function toBool(v: unknown): boolean {
  return v === true;
}

/** Reads the reference tables the generator needs; fails with a clear message when there are no agencies. */
export async function loadCatalog(client: pg.Client, seed: number): Promise<Catalog> {
  const random = new Random(seed, 9001);
  const agencyRows = await rows<{
    id: number; toptier_agency_id: number; toptier_code: string; toptier_name: string; toptier_abbreviation: string | null;
    subtier_code: string; subtier_name: string; subtier_abbreviation: string | null; toptier_flag: boolean;
  }>(client, `
    SELECT a.id, t.toptier_agency_id, t.toptier_code, t.name AS toptier_name, t.abbreviation AS toptier_abbreviation,
      s.subtier_code, s.name AS subtier_name, s.abbreviation AS subtier_abbreviation, a.toptier_flag
    FROM agency a JOIN toptier_agency t USING (toptier_agency_id) JOIN subtier_agency s USING (subtier_agency_id)
    ORDER BY a.id`);
  if (agencyRows.length === 0) {
    throw new Error('No agencies in the reference tables: load reference data first (npm run load:reference).');
  }
  const officeRows = await rows<{
    office_code: string; office_name: string; sub_tier_code: string | null;
    contract_awards_office: boolean | null; financial_assistance_awards_office: boolean | null;
  }>(client, `
    SELECT office_code, office_name, sub_tier_code, contract_awards_office, financial_assistance_awards_office
    FROM office ORDER BY office_code`);
  const officesBySubtier = new Map<string, OfficeRef[]>();
  for (const o of officeRows) {
    if (!o.sub_tier_code) continue;
    const list = officesBySubtier.get(o.sub_tier_code) ?? [];
    list.push({
      code: o.office_code,
      name: o.office_name,
      contractAwards: toBool(o.contract_awards_office),
      assistanceAwards: toBool(o.financial_assistance_awards_office),
    });
    officesBySubtier.set(o.sub_tier_code, list);
  }

  const agencies: AgencyRef[] = agencyRows.map((r) => {
    const offices = officesBySubtier.get(r.subtier_code) ?? [];
    const contractOffices = offices.filter((o) => o.contractAwards);
    const assistanceOffices = offices.filter((o) => o.assistanceAwards);
    return {
      id: r.id,
      toptierId: r.toptier_agency_id,
      toptierCode: r.toptier_code,
      toptierName: r.toptier_name,
      toptierAbbreviation: r.toptier_abbreviation,
      subtierCode: r.subtier_code,
      subtierName: r.subtier_name,
      subtierAbbreviation: r.subtier_abbreviation,
      offices,
      contractOffices: contractOffices.length > 0 ? contractOffices : offices,
      assistanceOffices: assistanceOffices.length > 0 ? assistanceOffices : offices,
    };
  });
  const agenciesByToptier = new Map<number, AgencyRef[]>();
  for (const a of agencies) {
    const list = agenciesByToptier.get(a.toptierId) ?? [];
    list.push(a);
    agenciesByToptier.set(a.toptierId, list);
  }
  // An agency's share of its department's awards grows with its number of offices.
  const categories: WeightCategory[] = ['contract', 'grant', 'direct payment', 'loans', 'insurance', 'other'];
  const agencyPickers = Object.fromEntries(
    categories.map((category) => {
      const weights = agencies.map((a) => {
        const siblings = agenciesByToptier.get(a.toptierId) ?? [a];
        const officeTotal = siblings.reduce((n, s) => n + s.offices.length + 1, 0);
        const toptierWeight = AGENCY_WEIGHTS[a.toptierCode]?.[category] ?? BASE_WEIGHT;
        return (toptierWeight * (a.offices.length + 1)) / officeTotal;
      });
      return [category, new WeightedPicker(agencies, weights)];
    }),
  ) as Record<WeightCategory, WeightedPicker<AgencyRef>>;

  const tasRows = await rows<{
    id: number; aid: string; main: string; sub: string | null; ata: string | null; bpoa: string | null; epoa: string | null;
    a: string | null; federal_account_id: number | null; funding_toptier_agency_id: number | null;
    fa_aid: string | null; fa_main: string | null; fa_toptier_code: string | null;
  }>(client, `
    SELECT taa.treasury_account_identifier AS id, taa.agency_id AS aid, taa.main_account_code AS main,
      taa.sub_account_code AS sub, taa.allocation_transfer_agency_id AS ata, taa.beginning_period_of_availability AS bpoa,
      taa.ending_period_of_availability AS epoa, taa.availability_type_code AS a, taa.federal_account_id,
      taa.funding_toptier_agency_id, fa.agency_identifier AS fa_aid, fa.main_account_code AS fa_main,
      tt.toptier_code AS fa_toptier_code
    FROM treasury_appropriation_account taa
    LEFT JOIN federal_account fa ON fa.id = taa.federal_account_id
    LEFT JOIN toptier_agency tt ON tt.toptier_agency_id = fa.parent_toptier_agency_id
    ORDER BY taa.treasury_account_identifier`);
  const paRows = await rows<{ id: number; code: string; name: string; aid: string | null; main: string | null }>(client, `
    SELECT id, program_activity_code AS code, program_activity_name AS name, responsible_agency_id AS aid,
      main_account_code AS main
    FROM ref_program_activity ORDER BY id`);
  const paByAccount = new Map<string, ProgramActivityRef[]>();
  for (const p of paRows) {
    if (!p.aid || !p.main) continue;
    const key = `${p.aid}-${p.main}`;
    const list = paByAccount.get(key) ?? [];
    // one activity per code and name (the source repeats them per budget year)
    if (!list.some((x) => x.code === p.code && x.name === p.name)) list.push({ id: p.id, code: p.code, name: p.name });
    paByAccount.set(key, list);
  }
  const tasByToptierRaw = new Map<number, TasRef[]>();
  for (const t of tasRows) {
    if (t.funding_toptier_agency_id === null) continue;
    const component = `aid=${t.aid}main=${t.main}ata=${t.ata ?? ''}sub=${t.sub ?? ''}bpoa=${t.bpoa ?? ''}epoa=${t.epoa ?? ''}a=${t.a ?? ''}`;
    const ref: TasRef = {
      id: t.id,
      aid: t.aid,
      main: t.main,
      federalAccountId: t.federal_account_id,
      fundingToptierId: t.funding_toptier_agency_id,
      tasPath: `agency=${t.fa_toptier_code ?? t.aid}faaid=${t.fa_aid ?? ''}famain=${t.fa_main ?? ''}${component}`,
      tasComponent: component,
      programActivities: paByAccount.get(`${t.aid}-${t.main}`) ?? [],
    };
    const list = tasByToptierRaw.get(t.funding_toptier_agency_id) ?? [];
    list.push(ref);
    tasByToptierRaw.set(t.funding_toptier_agency_id, list);
  }
  // A deterministic shuffle so the most-used (Zipf head) accounts are not simply the lowest ids.
  const tasByToptier = new Map<number, TasRef[]>();
  for (const [k, list] of [...tasByToptierRaw].sort(([a], [b]) => a - b)) tasByToptier.set(k, shuffled(list, random));

  const ocRows = await rows<{ id: number; object_class: string; direct_reimbursable: string | null }>(client, `
    SELECT id, object_class, direct_reimbursable FROM object_class
    ORDER BY object_class, CASE WHEN direct_reimbursable = 'D' THEN 0 WHEN direct_reimbursable IS NULL THEN 1 ELSE 2 END, id`);
  const objectClasses = new Map<string, ObjectClassRef>();
  for (const o of ocRows) if (!objectClasses.has(o.object_class)) objectClasses.set(o.object_class, { id: o.id, code: o.object_class });

  const pscRows = await rows<CodeRef>(client, `SELECT code, description FROM psc WHERE length(code) = 4 ORDER BY code`);
  const naicsRows = await rows<CodeRef>(client, `SELECT code, description FROM naics WHERE length(code) = 6 ORDER BY code`);
  const cfdaRows = await rows<CodeRef>(client, `SELECT program_number AS code, program_title AS description FROM references_cfda ORDER BY program_number`);
  const cfdaByPrefixLists = new Map<string, CodeRef[]>();
  for (const c of cfdaRows) {
    const prefix = c.code.slice(0, 2);
    const list = cfdaByPrefixLists.get(prefix) ?? [];
    list.push(c);
    cfdaByPrefixLists.set(prefix, list);
  }
  const cfdaByPrefix = new Map<string, WeightedPicker<CodeRef>>();
  for (const [prefix, list] of cfdaByPrefixLists) cfdaByPrefix.set(prefix, WeightedPicker.zipf(shuffled(list, random), 0.9));

  const places = await loadPlaces(client, random);
  const defRows = await rows<{ code: string; group_name: 'covid_19' | 'infrastructure' | null; enacted: string | null }>(client, `
    SELECT code, group_name, to_char(earliest_public_law_enactment_date, 'YYYY-MM-DD') AS enacted
    FROM disaster_emergency_fund_code ORDER BY code`);
  const windowRows = await rows<{ id: number; reveal: string }>(client, `
    SELECT id, to_char(submission_reveal_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS reveal
    FROM dabs_submission_window_schedule ORDER BY id`);

  return {
    agencies,
    agencyPickers,
    agenciesByToptier,
    tasByToptier,
    objectClasses,
    psc: pscRows.length > 0 ? WeightedPicker.zipf(shuffled(pscRows, random), 0.9) : null,
    naics: naicsRows.length > 0 ? WeightedPicker.zipf(shuffled(naicsRows, random), 0.9) : null,
    cfdaByPrefix,
    cfda: cfdaRows.length > 0 ? WeightedPicker.zipf(shuffled(cfdaRows, random), 0.9) : null,
    places: places.all,
    usPlaces: places.us,
    defCodes: defRows.map((d) => ({ code: d.code, group: d.group_name, enacted: d.enacted ? dayOf(d.enacted) : null })),
    windows: new Map(windowRows.map((w) => [w.id, { revealDay: dayOf(w.reveal) }])),
    counts: {
      agencies: agencies.length,
      offices: officeRows.length,
      treasury_accounts: tasRows.length,
      program_activities: paRows.length,
      psc: pscRows.length,
      naics: naicsRows.length,
      cfda: cfdaRows.length,
      places: places.all.length,
    },
  };
}

const PLACE_POOL = 8_000;
const FOREIGN_SHARE = 0.02;

/**
 * A pool of places drawn by census population: a county by its population, then one of its cities and
 * ZIP codes, and the ZIP's congressional district (else one of the state's districts by population).
 * Recipients and places of performance are drawn from this pool, so they follow population.
 */
async function loadPlaces(client: pg.Client, random: Random): Promise<{ all: Place[]; us: Place[] }> {
  const states = await rows<{ fips: string; code: string; name: string | null }>(client, `
    SELECT DISTINCT ON (fips) fips, code, name FROM (
      SELECT d.state_code AS fips, d.state_abbreviation AS code, c.state_name AS name, 0 AS rank
      FROM ref_population_cong_district d
      LEFT JOIN ref_population_county c ON c.state_code = d.state_code AND c.county_number = '000'
      UNION ALL
      SELECT fips, code, name, 1 FROM state_data
    ) s ORDER BY fips, rank, code`);
  const stateByFips = new Map(states.map((s) => [s.fips, s]));
  const counties = await rows<{ state_code: string; county_number: string; county_name: string | null; population: string | null }>(client, `
    SELECT state_code, county_number, county_name, latest_population::text AS population
    FROM ref_population_county WHERE county_number <> '000' ORDER BY state_code, county_number`);
  const cityRows = await rows<{ state_code: string; county_code: string; city_name: string }>(client, `
    SELECT DISTINCT state_code, county_code, upper(city_name) AS city_name FROM ref_city_county_state_code
    WHERE state_code IS NOT NULL AND county_code IS NOT NULL AND city_name IS NOT NULL
    ORDER BY state_code, county_code, city_name`);
  const citiesByCounty = new Map<string, string[]>();
  for (const c of cityRows) {
    const key = `${c.state_code}-${c.county_code}`;
    const list = citiesByCounty.get(key) ?? [];
    list.push(c.city_name);
    citiesByCounty.set(key, list);
  }
  const zipRows = await rows<{ zip5: string; state_code: string; county_code: string | null; city_name: string | null; congressional_district: string | null }>(client, `
    SELECT zip5, state_code, county_code, upper(city_name) AS city_name, congressional_district FROM zips ORDER BY zip5`);
  const zipsByCounty = new Map<string, typeof zipRows>();
  for (const z of zipRows) {
    if (!z.county_code) continue;
    const key = `${z.state_code}-${z.county_code}`;
    const list = zipsByCounty.get(key) ?? [];
    list.push(z);
    zipsByCounty.set(key, list);
  }
  const districtRows = await rows<{ state: string; district: string; population: string | null }>(client, `
    SELECT state_abbreviation AS state, congressional_district AS district, latest_population::text AS population
    FROM ref_population_cong_district ORDER BY state_abbreviation, congressional_district`);
  const districtsByState = new Map<string, WeightedPicker<string>>();
  const districtLists = new Map<string, { d: string[]; w: number[] }>();
  for (const d of districtRows) {
    const entry = districtLists.get(d.state) ?? { d: [], w: [] };
    entry.d.push(d.district);
    entry.w.push(Number(d.population ?? 1));
    districtLists.set(d.state, entry);
  }
  for (const [state, { d, w }] of districtLists) districtsByState.set(state, new WeightedPicker(d, w));
  const countries = await rows<{ country_code: string; country_name: string; population: string | null }>(client, `
    SELECT country_code, upper(country_name) AS country_name, latest_population::text AS population
    FROM ref_country_code ORDER BY country_code`);
  const usaName = countries.find((c) => c.country_code === 'USA')?.country_name ?? 'UNITED STATES';
  const foreign = countries.filter((c) => c.country_code !== 'USA');

  const us: Place[] = [];
  const usable = counties.filter((c) => stateByFips.has(c.state_code));
  if (usable.length > 0) {
    const countyPicker = new WeightedPicker(usable, usable.map((c) => Number(c.population ?? 1)));
    for (let i = 0; i < PLACE_POOL; i += 1) {
      const county = countyPicker.pick(random);
      const state = stateByFips.get(county.state_code);
      if (!state) continue;
      const key = `${state.code}-${county.county_number}`;
      const zips = zipsByCounty.get(key);
      const zip = zips && zips.length > 0 ? random.pick(zips) : undefined;
      const cities = citiesByCounty.get(key);
      const city = zip?.city_name ?? (cities && cities.length > 0 ? random.pick(cities) : null);
      const district = zip?.congressional_district ?? districtsByState.get(state.code)?.pick(random) ?? null;
      us.push({
        foreign: false,
        countryCode: 'USA',
        countryName: usaName,
        stateCode: state.code,
        stateName: state.name ? state.name.toUpperCase() : null,
        stateFips: state.fips,
        countyCode: county.county_number,
        countyName: county.county_name ? county.county_name.toUpperCase() : null,
        district,
        cityName: city,
        zip5: zip?.zip5 ?? null,
      });
    }
  }
  if (us.length === 0) {
    us.push({
      foreign: false, countryCode: 'USA', countryName: usaName, stateCode: null, stateName: null, stateFips: null,
      countyCode: null, countyName: null, district: null, cityName: null, zip5: null,
    });
  }
  const all = [...us];
  if (foreign.length > 0) {
    const countryPicker = new WeightedPicker(foreign, foreign.map((c) => Number(c.population ?? 1_000_000)));
    const n = Math.round((us.length * FOREIGN_SHARE) / (1 - FOREIGN_SHARE));
    for (let i = 0; i < n; i += 1) {
      const c = countryPicker.pick(random);
      all.push({
        foreign: true, countryCode: c.country_code, countryName: c.country_name, stateCode: null, stateName: null,
        stateFips: null, countyCode: null, countyName: null, district: null, cityName: null, zip5: null,
      });
    }
  }
  return { all: shuffled(all, random), us };
}

import { createHash } from 'node:crypto';
import type { RecipientKind } from './award-types';
import type { Place } from './catalog';
import { Random, WeightedPicker } from './random';

export interface Recipient {
  index: number;
  kind: RecipientKind;
  name: string;
  /** A second spelling used on some of its awards (recipient_lookup.alternate_names). */
  alternateName: string | null;
  uei: string | null;
  duns: string | null;
  hash: string;
  /** Ultimate parent: itself for a parent company, another recipient for a child, null for none. */
  parent: Recipient | null;
  /** recipient_levels of its awards: R (no parent), C (child), C and P (a parent receiving awards). */
  levels: string[];
  businessCategories: string[];
  place: Place;
  address: string | null;
  /** Sticky per-recipient extras (download detail columns). */
  cageCode: string | null;
  phone: string | null;
}

/** Recipient hash: md5 of upper('uei-'||uei), else 'duns-'||duns, else 'name-'||name, as a UUID. */
export function recipientHash(uei: string | null, duns: string | null, name: string | null): string {
  const key = uei !== null ? `uei-${uei}` : duns !== null ? `duns-${duns}` : `name-${name ?? ''}`;
  const hex = createHash('md5').update(key.toUpperCase()).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UEI_FIRST = 'ABCDEFGHJKLMNPQRSTUVWXYZ123456789';
const UEI_REST = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const STEMS = [
  'ACME', 'ALLIED', 'APEX', 'ATLAS', 'BLUE RIDGE', 'CARDINAL', 'CASCADE', 'CENTURION', 'COASTAL', 'COLUMBIA', 'COMPASS',
  'CONTINENTAL', 'CORNERSTONE', 'CRESTVIEW', 'DELTA', 'DOMINION', 'EAGLE', 'ECLIPSE', 'EVERGREEN', 'FRONTIER', 'GALAXY',
  'GRANITE', 'GREAT LAKES', 'HARBOR', 'HERITAGE', 'HORIZON', 'INDEPENDENCE', 'IRONWOOD', 'KEYSTONE', 'LANDMARK',
  'LIBERTY', 'LIGHTHOUSE', 'MERIDIAN', 'MIDWEST', 'MONUMENT', 'NORTHSTAR', 'OAKRIDGE', 'OMEGA', 'PACIFIC', 'PATRIOT',
  'PINNACLE', 'PIONEER', 'PRAIRIE', 'PRECISION', 'QUANTUM', 'REDSTONE', 'REGAL', 'RIVERSIDE', 'SENTINEL', 'SIERRA',
  'SILVERLINE', 'SUMMIT', 'SUNRISE', 'TRIDENT', 'TRINITY', 'UNITED', 'VANGUARD', 'VERTEX', 'VICTORY', 'WESTWIND',
];
const FIELDS = [
  'DEFENSE', 'AEROSPACE', 'ENGINEERING', 'TECHNOLOGIES', 'SYSTEMS', 'SOLUTIONS', 'CONSTRUCTION', 'HEALTH', 'MEDICAL',
  'LOGISTICS', 'ENVIRONMENTAL', 'ENERGY', 'CONSULTING', 'RESEARCH', 'ANALYTICS', 'MANUFACTURING', 'SUPPLY', 'SERVICES',
  'INFORMATION', 'FACILITIES', 'MARINE', 'PHARMACEUTICALS', 'FOODS', 'FARMS', 'TRANSPORT', 'SECURITY', 'COMMUNICATIONS',
];
const SUFFIXES = ['INC', 'LLC', 'CORP', 'CORPORATION', 'CO', 'LP', 'GROUP INC', 'HOLDINGS LLC', 'INCORPORATED', 'LTD'];
const DIVISIONS = ['FEDERAL', 'GOVERNMENT SERVICES', 'MISSION SYSTEMS', 'INTERNATIONAL', 'TECHNICAL SERVICES', 'NORTH AMERICA', 'OPERATIONS'];
const NONPROFIT = ['FOUNDATION', 'INSTITUTE', 'ASSOCIATION', 'COMMUNITY HEALTH CENTER', 'HOUSING AUTHORITY', 'FOOD BANK', 'COUNCIL', 'ALLIANCE'];
const STREETS = ['MAIN ST', 'OAK AVE', 'PARK BLVD', 'WASHINGTON ST', 'MARKET ST', 'INDUSTRIAL PKWY', 'COMMERCE DR', 'CENTER RD', 'LAKE ST', 'HIGHWAY 10'];

const BUSINESS_CATEGORIES: Record<RecipientKind, string[][]> = {
  business: [
    ['category_business', 'small_business', 'corporate_entity_not_tax_exempt'],
    ['category_business', 'small_business', 'limited_liability_corporation', 'woman_owned_business', 'special_designations'],
    ['category_business', 'small_business', 'veteran_owned_business', 'service_disabled_veteran_owned_business', 'special_designations'],
    ['category_business', 'small_business', 'minority_owned_business', 'black_american_owned_business', 'limited_liability_corporation'],
    ['category_business', 'other_than_small_business', 'corporate_entity_not_tax_exempt'],
    ['category_business', 'other_than_small_business', 'manufacturer_of_goods', 'corporate_entity_not_tax_exempt'],
  ],
  nonprofit: [['nonprofit'], ['nonprofit', 'community_development_corporation'], ['nonprofit', 'hospital_flag']],
  higher_ed: [
    ['higher_education', 'public_institution_of_higher_education'],
    ['higher_education', 'private_institution_of_higher_education', 'nonprofit'],
    ['higher_education', 'minority_serving_institution_of_higher_education', 'historically_black_college'],
  ],
  government: [
    ['government', 'regional_and_state_government', 'us_state_government'],
    ['government', 'local_government', 'county_local_government'],
    ['government', 'local_government', 'city_local_government'],
    ['government', 'indian_native_american_tribal_government'],
  ],
  individual: [['individuals']],
  aggregate: [['individuals']],
};

/** Names of recipients that stand for many people; their hash comes from the name. */
export const MULTIPLE_RECIPIENTS = 'MULTIPLE RECIPIENTS';
export const REDACTED_RECIPIENT = 'REDACTED DUE TO PII';

export interface RecipientPool {
  pickers: Partial<Record<RecipientKind, WeightedPicker<Recipient>>>;
  all: Recipient[];
  /** Stand-ins for aggregate records and individuals (one each, located per award). */
  multiple: Recipient;
  redacted: Recipient;
}

function title(place: Place): string {
  return place.cityName ?? place.countyName ?? place.stateName ?? 'NATIONAL';
}

/**
 * The recipients of a dataset: businesses (with parent companies and their subsidiaries), nonprofits,
 * universities and governments, placed by population. Awards pick them with Zipf weights within a kind,
 * so a few recipients receive many awards and most receive one or two.
 */
export function createRecipientPool(size: number, places: Place[], usPlaces: Place[], random: Random): RecipientPool {
  const ueis = new Set<string>();
  const dunses = new Set<string>();
  const newUei = (): string => {
    for (;;) {
      let s = UEI_FIRST[random.int(0, UEI_FIRST.length - 1)] as string;
      for (let i = 0; i < 11; i += 1) s += UEI_REST[random.int(0, UEI_REST.length - 1)];
      if (!ueis.has(s)) {
        ueis.add(s);
        return s;
      }
    }
  };
  const newDuns = (): string => {
    for (;;) {
      const s = String(random.int(10_000_000, 999_999_999)).padStart(9, '0');
      if (!dunses.has(s)) {
        dunses.add(s);
        return s;
      }
    }
  };
  const ids = (): { uei: string | null; duns: string | null } => {
    const r = random.next();
    if (r < 0.8) return { uei: newUei(), duns: newDuns() };
    if (r < 0.95) return { uei: newUei(), duns: null };
    return { uei: null, duns: newDuns() };
  };

  const all: Recipient[] = [];
  const byKind: Record<RecipientKind, Recipient[]> = { business: [], nonprofit: [], higher_ed: [], government: [], individual: [], aggregate: [] };
  const kindPicker = new WeightedPicker<RecipientKind>(['business', 'nonprofit', 'higher_ed', 'government'], [0.78, 0.1, 0.04, 0.08]);
  const parents: Recipient[] = [];

  const make = (kind: RecipientKind, name: string, parent: Recipient | 'self' | null): Recipient => {
    const { uei, duns } = ids();
    const place = kind === 'business' && random.chance(0.03) ? random.pick(places) : random.pick(usPlaces);
    const recipient: Recipient = {
      index: all.length,
      kind,
      name,
      alternateName: random.chance(0.08) ? alternateSpelling(name, random) : null,
      uei,
      duns,
      hash: recipientHash(uei, duns, name),
      parent: null,
      levels: parent === null ? ['R'] : parent === 'self' ? ['C', 'P'] : ['C'],
      businessCategories: random.pick(BUSINESS_CATEGORIES[kind]),
      place,
      address: `${random.int(1, 9999)} ${random.pick(STREETS)}`,
      cageCode: kind === 'business' ? `${random.int(1, 9)}${String.fromCharCode(65 + random.int(0, 25))}${random.int(100, 999)}` : null,
      phone: String(random.int(2_012_000_000, 9_899_999_999)),
    };
    recipient.parent = parent === 'self' ? recipient : parent;
    all.push(recipient);
    byKind[kind].push(recipient);
    return recipient;
  };

  // Parent companies first, so children can point at them.
  const parentCount = Math.max(1, Math.round(size * 0.05));
  for (let i = 0; i < parentCount; i += 1) {
    parents.push(make('business', `${random.pick(STEMS)} ${random.pick(FIELDS)} ${random.pick(['CORPORATION', 'HOLDINGS INC', 'GROUP INC', 'INDUSTRIES INC'])}`, 'self'));
  }
  const parentPicker = WeightedPicker.zipf(parents, 1.1);
  while (all.length < size) {
    const kind = kindPicker.pick(random);
    const place = random.pick(usPlaces);
    if (kind === 'business') {
      if (random.chance(0.27)) {
        const parent = parentPicker.pick(random);
        const stem = parent.name.split(' ').slice(0, -2).join(' ') || parent.name;
        make('business', `${stem} ${random.pick(DIVISIONS)} ${random.pick(SUFFIXES)}`, parent);
      } else {
        make('business', `${random.pick(STEMS)} ${random.pick(FIELDS)} ${random.pick(SUFFIXES)}`, null);
      }
    } else if (kind === 'nonprofit') {
      make('nonprofit', `${title(place)} ${random.pick(NONPROFIT)}${random.chance(0.5) ? ' INC' : ''}`, null);
    } else if (kind === 'higher_ed') {
      const state = place.stateName ?? 'NATIONAL';
      const r = random.next();
      make('higher_ed', r < 0.4 ? `UNIVERSITY OF ${state}` : r < 0.7 ? `${state} STATE UNIVERSITY` : `${title(place)} COMMUNITY COLLEGE`, null);
    } else {
      const r = random.next();
      const name = r < 0.25 && place.stateName ? `STATE OF ${place.stateName}`
        : r < 0.5 && place.countyName ? `COUNTY OF ${place.countyName}`
        : r < 0.8 ? `CITY OF ${title(place)}`
        : `${place.stateName ?? 'STATE'} DEPARTMENT OF ${random.pick(['TRANSPORTATION', 'HEALTH', 'EDUCATION', 'HUMAN SERVICES', 'AGRICULTURE'])}`;
      make('government', name, null);
    }
  }

  const special = (kind: RecipientKind, name: string): Recipient => ({
    index: -1,
    kind,
    name,
    alternateName: null,
    uei: null,
    duns: null,
    hash: recipientHash(null, null, name),
    parent: null,
    levels: ['R'],
    businessCategories: ['individuals'],
    place: usPlaces[0] as Place,
    address: null,
    cageCode: null,
    phone: null,
  });
  const pickers: RecipientPool['pickers'] = {};
  for (const kind of ['business', 'nonprofit', 'higher_ed', 'government'] as RecipientKind[]) {
    const list = byKind[kind];
    if (list.length > 0) pickers[kind] = WeightedPicker.zipf(list, 0.95);
  }
  return { pickers, all, multiple: special('aggregate', MULTIPLE_RECIPIENTS), redacted: special('individual', REDACTED_RECIPIENT) };
}

function alternateSpelling(name: string, random: Random): string {
  if (name.endsWith(' INC')) return `${name}.`;
  if (name.endsWith(' LLC')) return `${name.slice(0, -4)} L.L.C.`;
  if (name.endsWith(' CORP')) return `${name}ORATION`;
  return random.chance(0.5) ? `THE ${name}` : `${name} OF AMERICA`;
}

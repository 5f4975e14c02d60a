import { CITY_NAMES, COUNTY_NAMES, STATES, countySuffix, type StateFact } from './fallback/places.data';
import { seededRandom } from './seeded-random';

export interface GeneratedCounty {
  state: StateFact;
  /** 3 digits, odd numbers in alphabetical order as FIPS assigns them. */
  code: string;
  name: string;
  population: number;
}

export interface GeneratedCity {
  state: StateFact;
  county: GeneratedCounty;
  code: string;
  name: string;
  type: string;
}

export interface GeneratedPlaces {
  counties: GeneratedCounty[];
  cities: GeneratedCity[];
}

let cached: GeneratedPlaces | undefined;

/**
 * Invented counties and cities on top of the real states: two to eight counties per state (more for
 * populous states, one for DC), holding about 70% of the state's population, and one to four cities
 * per county; each state's capital is a city of its first county.
 */
export function generatedPlaces(): GeneratedPlaces {
  if (cached) return cached;
  const random = seededRandom('places');
  const counties: GeneratedCounty[] = [];
  const cities: GeneratedCity[] = [];
  for (const state of STATES) {
    const count = state.code === 'DC' ? 1 : Math.min(8, Math.max(2, Math.round(Math.log2(state.population / 100_000)) + 1));
    const pool = [...COUNTY_NAMES];
    const names =
      state.code === 'DC'
        ? ['District of Columbia']
        : Array.from({ length: count }, () => `${pool.splice(random.int(0, pool.length - 1), 1)[0] ?? 'Central'} ${countySuffix(state.code)}`).sort();
    const weights = names.map(() => 0.5 + random.next());
    const total = weights.reduce((a, b) => a + b, 0);
    const share = state.code === 'DC' ? 1 : 0.7;
    const stateCounties = names.map((name, i) => ({
      state,
      code: String(i * 2 + 1).padStart(3, '0'),
      name,
      population: Math.round((state.population * share * (weights[i] ?? 1)) / total),
    }));
    counties.push(...stateCounties);
    let cityCode = 10;
    stateCounties.forEach((county, i) => {
      const cityPool = CITY_NAMES.filter((n) => n !== state.capital);
      const cityNames = Array.from({ length: random.int(1, 4) }, () => cityPool.splice(random.int(0, cityPool.length - 1), 1)[0] ?? 'Centerville');
      if (i === 0) cityNames.unshift(state.capital);
      for (const name of [...new Set(cityNames)]) {
        cityCode += random.int(5, 60);
        cities.push({ state, county, code: String(cityCode), name, type: random.pick(['city', 'city', 'town', 'village', 'CDP']) });
      }
    });
  }
  cached = { counties, cities };
  return cached;
}

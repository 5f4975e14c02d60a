import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { escapeLike, matchRank, MIN_CONTAINS_LENGTH, textPatterns } from '../search/search-text';

/** Latest name of each state code (state_data holds one row per state and year). */
const STATES = sql.fragment`(SELECT DISTINCT ON (code) code, name FROM state_data ORDER BY code, year DESC)`;
/** Name of the United States as the country table spells it (upper-cased like every location name). */
const US_NAME = sql.fragment`coalesce((SELECT upper(country_name) FROM ref_country_code WHERE country_code = 'USA'), 'UNITED STATES')`;

const CountryRow = z.object({ country_name: z.string() });
const StateRow = z.object({ state_name: z.string(), country_name: z.string() });
const CityRow = z.object({ city_name: z.string(), state_name: z.string().nullable(), country_name: z.string() });
const CountyRow = z.object({ county_name: z.string(), county_fips: z.string(), state_name: z.string(), country_name: z.string() });
const ZipRow = z.object({ zip_code: z.number(), state_name: z.string(), country_name: z.string() });
const DistrictRow = z.object({ district: z.string(), state_name: z.string(), country_name: z.string() });

export interface LocationMatches {
  countries: ReadonlyArray<z.infer<typeof CountryRow>>;
  states: ReadonlyArray<z.infer<typeof StateRow>>;
  cities: ReadonlyArray<z.infer<typeof CityRow>>;
  counties: ReadonlyArray<z.infer<typeof CountyRow>>;
  zip_codes: ReadonlyArray<z.infer<typeof ZipRow>>;
  districts: ReadonlyArray<z.infer<typeof DistrictRow>>;
}

/**
 * Locations of each kind matching the text, at most `limit` per kind: names starting with the text
 * first (an exact name before them), then names containing it, alphabetically. ZIP codes match by
 * prefix of digits; districts by `<state><district>` prefix with the hyphen optional (`CA-3`, `ca3`).
 * Names are upper-cased, as upstream's location index holds them. The large lists (cities) use
 * contains matching only from three characters, where the trigram index applies.
 */
export async function searchLocations(db: CommonQueryMethods, text: string, limit: number): Promise<LocationMatches> {
  const p = textPatterns(text);
  const cityCondition = text.length >= MIN_CONTAINS_LENGTH ? sql.fragment`upper(c.city_name) LIKE ${p.contains}` : sql.fragment`upper(c.city_name) LIKE ${p.prefix}`;
  const zip = /^[0-9]{1,5}$/.test(text) ? text : undefined;
  const districtKey = text.toUpperCase().replace(/[\s-]/g, '');
  const district = /^[A-Z]{2}[0-9]{0,2}$/.test(districtKey) ? districtKey : undefined;

  const [countries, states, cities, counties, zipCodes, districts] = await Promise.all([
    db.any(sql.type(CountryRow)`
      SELECT upper(r.country_name) AS country_name
      FROM ref_country_code r
      WHERE upper(r.country_name) LIKE ${p.contains}
      ORDER BY ${matchRank(sql.fragment`upper(r.country_name)`, p)}, upper(r.country_name) COLLATE "C"
      LIMIT ${limit}
    `),
    db.any(sql.type(StateRow)`
      SELECT upper(s.name) AS state_name, ${US_NAME} AS country_name
      FROM ${STATES} s
      WHERE upper(s.name) LIKE ${p.contains}
      ORDER BY ${matchRank(sql.fragment`upper(s.name)`, p)}, upper(s.name) COLLATE "C"
      LIMIT ${limit}
    `),
    db.any(sql.type(CityRow)`
      SELECT upper(c.city_name) AS city_name, upper(s.name) AS state_name, ${US_NAME} AS country_name
      FROM ref_city_county_state_code c
      LEFT JOIN ${STATES} s ON s.code = c.state_code
      WHERE c.city_name IS NOT NULL AND ${cityCondition}
      GROUP BY 1, 2
      ORDER BY min(${matchRank(sql.fragment`upper(c.city_name)`, p)}), upper(c.city_name) COLLATE "C", upper(s.name) COLLATE "C"
      LIMIT ${limit}
    `),
    db.any(sql.type(CountyRow)`
      SELECT upper(r.county_name) AS county_name, r.state_code || r.county_number AS county_fips,
             upper(coalesce(r.state_name, '')) AS state_name, ${US_NAME} AS country_name
      FROM ref_population_county r
      WHERE r.county_number <> '000' AND r.county_name IS NOT NULL AND upper(r.county_name) LIKE ${p.contains}
      ORDER BY ${matchRank(sql.fragment`upper(r.county_name)`, p)}, upper(r.county_name) COLLATE "C", county_fips
      LIMIT ${limit}
    `),
    zip === undefined
      ? Promise.resolve([])
      : db.any(sql.type(ZipRow)`
          SELECT z.zip5::int AS zip_code, coalesce(upper(s.name), z.state_code) AS state_name, ${US_NAME} AS country_name
          FROM zips z
          LEFT JOIN ${STATES} s ON s.code = z.state_code
          WHERE z.zip5 LIKE ${`${escapeLike(zip)}%`}
          ORDER BY z.zip5
          LIMIT ${limit}
        `),
    district === undefined
      ? Promise.resolve([])
      : db.any(sql.type(DistrictRow)`
          SELECT d.state_abbreviation || '-' || d.congressional_district AS district,
                 upper(coalesce(d.state_name, s.name, d.state_abbreviation)) AS state_name, ${US_NAME} AS country_name
          FROM ref_population_cong_district d
          LEFT JOIN ${STATES} s ON s.code = d.state_abbreviation
          WHERE (d.state_abbreviation || d.congressional_district) LIKE ${`${district}%`}
          ORDER BY 1
          LIMIT ${limit}
        `),
  ]);
  return { countries, states, cities, counties, zip_codes: zipCodes, districts };
}

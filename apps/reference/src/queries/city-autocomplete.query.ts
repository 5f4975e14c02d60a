import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { textPatterns } from '../search/search-text';

export type CityScope = 'recipient_location' | 'primary_place_of_performance';

const CityRow = z.object({ city_name: z.string(), state_code: z.string().nullable(), total: z.number() });

/** Country code that stands for every country but the United States (upstream's ALL_FOREIGN_COUNTRIES). */
export const ALL_FOREIGN_COUNTRIES = 'FOREIGN';

/**
 * Cities of award data starting with the text, counted by awards, most frequent first. US cities are
 * told apart by state; foreign ones by country, which upstream reports in `state_code`. Awards without
 * a country count as US ones. `total` is the number of cities before the limit.
 */
export async function searchCities(
  db: CommonQueryMethods,
  options: { text: string; limit: number; scope: CityScope; countryCode: string; stateCode: string | null },
) {
  const p = textPatterns(options.text);
  const col =
    options.scope === 'recipient_location'
      ? { city: sql.fragment`a.recipient_location_city_name`, state: sql.fragment`a.recipient_location_state_code`, country: sql.fragment`a.recipient_location_country_code` }
      : { city: sql.fragment`a.pop_city_name`, state: sql.fragment`a.pop_state_code`, country: sql.fragment`a.pop_country_code` };
  const country = options.countryCode.toUpperCase();
  const usa = country === 'USA';
  const countryCondition = usa
    ? sql.fragment`(${col.country} = 'USA' OR ${col.country} IS NULL)`
    : country === ALL_FOREIGN_COUNTRIES
      ? sql.fragment`(${col.country} IS NOT NULL AND ${col.country} <> 'USA')`
      : sql.fragment`${col.country} = ${country}`;
  const stateCondition = options.stateCode ? sql.fragment`AND ${col.state} = ${options.stateCode.toUpperCase()}` : sql.fragment``;
  return db.any(sql.type(CityRow)`
    SELECT city_name, state_code, count(*) OVER ()::int AS total
    FROM (
      SELECT (upper(${col.city}) COLLATE "C") AS city_name, ${usa ? col.state : col.country} AS state_code, count(*) AS hits
      FROM award_search a
      WHERE (upper(${col.city}) COLLATE "C") LIKE ${p.prefix} AND ${countryCondition} ${stateCondition}
      GROUP BY 1, 2
    ) c
    ORDER BY hits DESC, city_name, state_code NULLS LAST
    LIMIT ${options.limit}
  `);
}

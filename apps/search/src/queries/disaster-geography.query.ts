import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { rollupCondition } from '../disaster/disaster-scope';
import type { DisasterAwardFilter } from './disaster-awards.query';

export type DisasterGeoLayer = 'state' | 'county' | 'district';
export type DisasterGeoScope = 'recipient_location' | 'place_of_performance';
export type DisasterGeoSpending = 'obligation' | 'outlay' | 'face_value_of_loan';

const GeoRow = z.object({
  shape_code: z.string(),
  display_name: z.string(),
  amount: z.number(),
  population: z.number().nullable(),
  per_capita: z.number().nullable(),
  award_count: z.number(),
});
export type DisasterGeoRow = z.infer<typeof GeoRow>;

/** The projection of a layer from `grouped g` (area keys k1, k2, FIPS code, fallback name) with the census tables. */
function projection(l: DisasterGeoLayer): FragmentSqlToken {
  switch (l) {
    case 'state':
      return sql.fragment`
        SELECT g.k1 AS shape_code, initcap(coalesce(p.state_name, g.fallback_name, g.k1)) AS display_name, g.amount, p.latest_population AS population, g.award_count
        FROM grouped g LEFT JOIN ref_population_county p ON p.state_code = g.fips AND p.county_number = '000'`;
    case 'county':
      return sql.fragment`
        SELECT coalesce(g.fips, '') || g.k2 AS shape_code, initcap(coalesce(p.county_name, g.fallback_name, '')) AS display_name, g.amount, p.latest_population AS population, g.award_count
        FROM grouped g LEFT JOIN ref_population_county p ON p.state_code = g.fips AND p.county_number = g.k2`;
    case 'district':
      return sql.fragment`
        SELECT coalesce(g.fips, '') || g.k2 AS shape_code, g.k1 || '-' || g.k2 AS display_name, g.amount, p.latest_population AS population, g.award_count
        FROM grouped g LEFT JOIN ref_population_cong_district p ON p.state_code = g.fips AND p.congressional_district = g.k2`;
  }
}

/**
 * Award spending (File C, counted as disaster/award/amount counts it) per area of the funded awards' recipient
 * location or place of performance, from the rollup `geo:<layer>:<scope>` (area keys: upper-case state code in
 * p_code, county code or district in c_code, the awards' state FIPS code and name): rows were summed per award
 * first, an award counts where its sums are not zero, and the amount is the awards' obligations, outlays or (loans)
 * total loan value; an area appears when it has a counted award. The state FIPS code comes from the awards, else
 * from state_data. Per capita is rounded to cents.
 */
export async function disasterSpendingByGeography(
  db: CommonQueryMethods,
  f: DisasterAwardFilter,
  geoLayer: DisasterGeoLayer,
  scope: DisasterGeoScope,
  spending: DisasterGeoSpending,
  shapeCodes: readonly string[] | undefined,
): Promise<readonly DisasterGeoRow[]> {
  const amount = { obligation: sql.fragment`obligation`, outlay: sql.fragment`outlay`, face_value_of_loan: sql.fragment`face_value_of_loan` }[spending];
  const keep = shapeCodes !== undefined && shapeCodes.length > 0 ? sql.fragment`WHERE shape_code = ANY(${sql.array([...shapeCodes], 'text')})` : sql.fragment``;
  return db.any(sql.type(GeoRow)`
    WITH summed AS (
      SELECT p_code AS k1, c_code AS k2, max(fips) AS fips, max(p_desc) AS fallback_name, sum(award_count)::int AS award_count,
        sum(${amount}) AS amount
      FROM disaster_award_rollup
      WHERE dimension = ${`geo:${geoLayer}:${scope}`} AND level = 'parent' AND ${rollupCondition(f.defCodes, f.awardTypeCodes)}
      GROUP BY p_code, c_code
      HAVING sum(award_count) > 0
    ), grouped AS (
      SELECT s.k1, s.k2, s.fallback_name, s.award_count, s.amount,
        coalesce(s.fips, (SELECT d.fips FROM state_data d WHERE d.code = s.k1 ORDER BY d.year DESC LIMIT 1)) AS fips
      FROM summed s
    )
    SELECT shape_code, display_name, amount::float8 AS amount, population::float8 AS population,
      CASE WHEN population > 0 THEN round(amount / population, 2) END::float8 AS per_capita, award_count
    FROM (${projection(geoLayer)}) area
    ${keep}
    ORDER BY amount DESC, shape_code
  `);
}

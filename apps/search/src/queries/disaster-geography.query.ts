import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { awardCtes, LOAN_TYPES, type DisasterAwardFilter } from './disaster-awards.query';

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

/** The award_search location columns of a scope. */
function columns(scope: DisasterGeoScope) {
  const p = scope === 'place_of_performance' ? 'pop' : 'recipient_location';
  return {
    state: sql.identifier(['a', `${p}_state_code`]),
    fips: sql.identifier(['a', `${p}_state_fips`]),
    stateName: sql.identifier(['a', `${p}_state_name`]),
    county: sql.identifier(['a', `${p}_county_code`]),
    countyName: sql.identifier(['a', `${p}_county_name`]),
    district: sql.fragment`coalesce(${sql.identifier(['a', `${p}_congressional_code_current`])}, ${sql.identifier(['a', `${p}_congressional_code`])})`,
  };
}

/** Area key (k1, k2) and fallback name of a layer, and the projection from `grouped g` with the census tables. */
function layer(l: DisasterGeoLayer, scope: DisasterGeoScope): { keys: FragmentSqlToken; present: FragmentSqlToken; projection: FragmentSqlToken } {
  const c = columns(scope);
  switch (l) {
    case 'state':
      return {
        keys: sql.fragment`upper(${c.state}) AS k1, ''::text AS k2, ${c.fips} AS fips, ${c.stateName} AS fallback_name`,
        present: sql.fragment`${c.state} IS NOT NULL`,
        projection: sql.fragment`
          SELECT g.k1 AS shape_code, initcap(coalesce(p.state_name, g.fallback_name, g.k1)) AS display_name, g.amount, p.latest_population AS population, g.award_count
          FROM grouped g LEFT JOIN ref_population_county p ON p.state_code = g.fips AND p.county_number = '000'`,
      };
    case 'county':
      return {
        keys: sql.fragment`upper(${c.state}) AS k1, ${c.county} AS k2, ${c.fips} AS fips, ${c.countyName} AS fallback_name`,
        present: sql.fragment`${c.state} IS NOT NULL AND ${c.county} IS NOT NULL`,
        projection: sql.fragment`
          SELECT coalesce(g.fips, '') || g.k2 AS shape_code, initcap(coalesce(p.county_name, g.fallback_name, '')) AS display_name, g.amount, p.latest_population AS population, g.award_count
          FROM grouped g LEFT JOIN ref_population_county p ON p.state_code = g.fips AND p.county_number = g.k2`,
      };
    case 'district':
      return {
        keys: sql.fragment`upper(${c.state}) AS k1, ${c.district} AS k2, ${c.fips} AS fips, NULL::text AS fallback_name`,
        present: sql.fragment`${c.state} IS NOT NULL AND ${c.district} IS NOT NULL`,
        projection: sql.fragment`
          SELECT coalesce(g.fips, '') || g.k2 AS shape_code, g.k1 || '-' || g.k2 AS display_name, g.amount, p.latest_population AS population, g.award_count
          FROM grouped g LEFT JOIN ref_population_cong_district p ON p.state_code = g.fips AND p.congressional_district = g.k2`,
      };
  }
}

/**
 * Award spending (File C, counted as disaster/award/amount counts it) per area of the funded awards' recipient
 * location or place of performance: rows are summed per award first, an award counts where its sums are not zero,
 * and the amount is the awards' obligations, outlays or (loans) total loan value. The state FIPS code comes from
 * the awards, else from state_data. Per capita is rounded to cents.
 */
export async function disasterSpendingByGeography(
  db: CommonQueryMethods,
  f: DisasterAwardFilter,
  geoLayer: DisasterGeoLayer,
  scope: DisasterGeoScope,
  spending: DisasterGeoSpending,
  shapeCodes: readonly string[] | undefined,
): Promise<readonly DisasterGeoRow[]> {
  const l = layer(geoLayer, scope);
  const amount = {
    obligation: sql.fragment`w.obligation`,
    outlay: sql.fragment`w.outlay`,
    face_value_of_loan: sql.fragment`CASE WHEN a.type = ANY(${sql.array([...LOAN_TYPES], 'text')}) THEN coalesce(a.total_loan_value, 0) ELSE 0 END`,
  }[spending];
  const keep = shapeCodes !== undefined && shapeCodes.length > 0 ? sql.fragment`WHERE shape_code = ANY(${sql.array([...shapeCodes], 'text')})` : sql.fragment``;
  return db.any(sql.type(GeoRow)`
    WITH ${awardCtes(f)}, per_award AS (
      SELECT award_id, sum(obligation) AS obligation, sum(outlay) AS outlay
      FROM disaster_award_row
      WHERE award_id IS NOT NULL
      GROUP BY award_id
      HAVING sum(obligation) <> 0 OR sum(outlay) <> 0
    ), located AS (
      SELECT ${l.keys}, ${amount} AS amount
      FROM per_award w JOIN award_search a ON a.award_id = w.award_id
      WHERE ${l.present}
    ), summed AS (
      SELECT k1, k2, max(fips) AS fips, max(fallback_name) AS fallback_name, count(*)::int AS award_count, sum(amount) AS amount
      FROM located GROUP BY k1, k2
    ), grouped AS (
      SELECT s.k1, s.k2, s.fallback_name, s.award_count, s.amount,
        coalesce(s.fips, (SELECT d.fips FROM state_data d WHERE d.code = s.k1 ORDER BY d.year DESC LIMIT 1)) AS fips
      FROM summed s
    )
    SELECT shape_code, display_name, amount::float8 AS amount, population::float8 AS population,
      CASE WHEN population > 0 THEN round(amount / population, 2) END::float8 AS per_capita, award_count
    FROM (${l.projection}) area
    ${keep}
    ORDER BY amount DESC, shape_code
  `);
}

import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { JsonRows } from './json-row';
import { AGGREGATION_COLUMNS, type LocationColumnNames } from '../common/level-columns';
import type { SpendingLevel } from '../common/spending-level';
import type { Source } from '../planner/source';

export type GeoLayer = 'state' | 'county' | 'district' | 'country';
export type GeoScope = 'place_of_performance' | 'recipient_location';

/** One area of the result. */
export interface GeographyRow {
  shape_code: string;
  display_name: string;
  aggregated_amount: number;
  population: number | null;
  per_capita: number | null;
  total_outlays: number | null;
}

// All areas come back as one JSON array: a county layer has thousands of rows, and the pool validates
// rows one by one (asynchronously), which would cost more than the query. json rather than jsonb: the
// value is only parsed by the pool, and whole rows (json_agg of the row) cost less than building each object
// from its keys (jsonb or json_build_object): about half of the SQL time of a county map is the JSON.
const GeographyResult = z.object({ rows: JsonRows });

interface LayerQuery {
  columns: string[];
  keys: FragmentSqlToken;
  groupBy: FragmentSqlToken;
  aggregates: FragmentSqlToken;
  keyPresent: FragmentSqlToken;
  /** Whether k1 is a state code: grouped then also has `state_fips` (the rows' FIPS, else the state's). */
  stateKeyed: boolean;
  /** SELECT shape_code, display_name, aggregated_amount, population, total_outlays FROM grouped AS g ... */
  projection: FragmentSqlToken;
}

const c = (name: string) => sql.identifier([name]);

/** The grouping and the area lookups of a layer over one side's location columns. */
function layerQuery(layer: GeoLayer, loc: LocationColumnNames): LayerQuery {
  switch (layer) {
    case 'state':
      // Population of a state: its ref_population_county row with county number '000'.
      return {
        columns: [loc.stateCode, loc.stateFips, loc.stateName],
        keys: sql.fragment`${c(loc.stateCode)} AS k1`,
        groupBy: sql.fragment`1`,
        aggregates: sql.fragment`max(${c(loc.stateFips)}) AS fips, max(${c(loc.stateName)}) AS fallback_name`,
        keyPresent: sql.fragment`${c(loc.stateCode)} IS NOT NULL`,
        stateKeyed: true,
        projection: sql.fragment`
          SELECT upper(g.k1) AS shape_code, initcap(coalesce(r.state_name, g.fallback_name, '')) AS display_name,
                 g.amount AS aggregated_amount, r.latest_population AS population, g.total_outlays
          FROM grouped AS g
          LEFT JOIN ref_population_county AS r ON r.state_code = g.state_fips AND r.county_number = '000'`,
      };
    case 'county':
      return {
        columns: [loc.stateCode, loc.stateFips, loc.countyCode, loc.countyName],
        keys: sql.fragment`${c(loc.stateCode)} AS k1, ${c(loc.countyCode)} AS k2`,
        groupBy: sql.fragment`1, 2`,
        aggregates: sql.fragment`max(${c(loc.stateFips)}) AS fips, max(${c(loc.countyName)}) AS fallback_name`,
        keyPresent: sql.fragment`${c(loc.stateCode)} IS NOT NULL AND ${c(loc.countyCode)} IS NOT NULL`,
        stateKeyed: true,
        projection: sql.fragment`
          SELECT coalesce(g.state_fips, '') || g.k2 AS shape_code, initcap(coalesce(r.county_name, g.fallback_name, '')) AS display_name,
                 g.amount AS aggregated_amount, r.latest_population AS population, g.total_outlays
          FROM grouped AS g
          LEFT JOIN ref_population_county AS r ON r.state_code = g.state_fips AND r.county_number = g.k2`,
      };
    case 'district':
      return {
        columns: [loc.stateCode, loc.stateFips, loc.districtCurrent],
        keys: sql.fragment`${c(loc.stateCode)} AS k1, ${c(loc.districtCurrent)} AS k2`,
        groupBy: sql.fragment`1, 2`,
        aggregates: sql.fragment`max(${c(loc.stateFips)}) AS fips`,
        keyPresent: sql.fragment`${c(loc.stateCode)} IS NOT NULL AND ${c(loc.districtCurrent)} IS NOT NULL`,
        stateKeyed: true,
        projection: sql.fragment`
          SELECT coalesce(r.state_code, g.state_fips, '') || g.k2 AS shape_code, upper(g.k1 || '-' || g.k2) AS display_name,
                 g.amount AS aggregated_amount, r.latest_population AS population, g.total_outlays
          FROM grouped AS g
          LEFT JOIN ref_population_cong_district AS r ON r.state_abbreviation = g.k1 AND r.congressional_district = g.k2`,
      };
    case 'country':
      return {
        columns: [loc.countryCode, loc.countryName],
        keys: sql.fragment`${c(loc.countryCode)} AS k1`,
        groupBy: sql.fragment`1`,
        aggregates: sql.fragment`max(${c(loc.countryName)}) AS fallback_name`,
        keyPresent: sql.fragment`${c(loc.countryCode)} IS NOT NULL`,
        stateKeyed: false,
        projection: sql.fragment`
          SELECT g.k1 AS shape_code, initcap(coalesce(r.country_name, g.fallback_name, '')) AS display_name,
                 g.amount AS aggregated_amount, r.latest_population AS population, g.total_outlays
          FROM grouped AS g
          LEFT JOIN ref_country_code AS r ON r.country_code = g.k1`,
      };
  }
}

/** Base columns a geography query reads besides the filter (for the planner). */
export function geographyColumns(level: SpendingLevel, scope: GeoScope, layer: GeoLayer): string[] {
  const cols = AGGREGATION_COLUMNS[level];
  const loc = scope === 'place_of_performance' ? cols.placeOfPerformance : cols.recipientLocation;
  return [...layerQuery(layer, loc).columns, cols.obligation, ...(cols.outlays ? [cols.outlays] : [])];
}

/**
 * Obligations per area with population and per-capita amount (rounded to cents), ordered by amount
 * descending. `shapeCodes` keeps only those areas (upstream matches geo_layer_filters after aggregating).
 */
export async function spendingByGeography(
  db: CommonQueryMethods,
  source: Source,
  where: FragmentSqlToken,
  level: SpendingLevel,
  scope: GeoScope,
  layer: GeoLayer,
  shapeCodes: readonly string[] | undefined,
): Promise<readonly GeographyRow[]> {
  const cols = AGGREGATION_COLUMNS[level];
  const q = layerQuery(layer, scope === 'place_of_performance' ? cols.placeOfPerformance : cols.recipientLocation);
  const outlays = cols.outlays ? source.sum(cols.outlays) : sql.fragment`NULL::numeric`;
  // The state's FIPS code from the reference data only where no row of the group carries one (a scalar
  // subquery in coalesce runs only then).
  const stateFips = q.stateKeyed
    ? sql.fragment`, coalesce(s.fips, (SELECT fips FROM state_data WHERE code = s.k1 ORDER BY year DESC LIMIT 1)) AS state_fips`
    : sql.fragment``;
  const keep = shapeCodes && shapeCodes.length > 0 ? sql.fragment`WHERE a.shape_code = ANY(${sql.array(shapeCodes, 'text')})` : sql.fragment``;
  const result = await db.one(sql.type(GeographyResult)`
    WITH summed AS (
      SELECT ${q.keys}, coalesce(${source.sum(cols.obligation)}, 0) AS amount, ${outlays} AS total_outlays, ${q.aggregates}
      FROM ${source.table}
      WHERE ${where} AND ${q.keyPresent}
      GROUP BY ${q.groupBy}
    ),
    grouped AS (SELECT s.*${stateFips} FROM summed AS s)
    SELECT coalesce(json_agg(a ORDER BY a.aggregated_amount DESC, a.shape_code), '[]'::json) AS rows
    FROM (
      SELECT p.shape_code, p.display_name, p.aggregated_amount, p.population,
             CASE WHEN p.population > 0 THEN round(p.aggregated_amount / p.population, 2) END AS per_capita, p.total_outlays
      FROM (${q.projection}) AS p) AS a
    ${keep}
  `);
  return result.rows as unknown as GeographyRow[];
}

import { sql, type FragmentSqlToken } from 'slonik';
import { AGGREGATION_COLUMNS } from '../common/level-columns';
import type { SpendingLevel } from '../common/spending-level';

/** Categories of spending_by_category (interface spec 4.3). */
export const CATEGORY_NAMES = [
  'awarding_agency',
  'awarding_subagency',
  'cfda',
  'country',
  'county',
  'defc',
  'district',
  'federal_account',
  'funding_agency',
  'funding_subagency',
  'naics',
  'psc',
  'recipient',
  'recipient_duns',
  'state_territory',
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/**
 * How one category groups and names its rows, for one spending level. The query (spending-by-category)
 * groups the selected records in a CTE `grouped` with keys `k1` (and `k2`), `amount`, `total_outlays`
 * and the extra aggregates, pages it, then runs `projection` over `grouped AS g` to look names up.
 * Lookups fall back to names carried on the records when the reference tables lack the code.
 */
export interface CategoryQuery {
  /** Base columns read besides the filter (for the planner). */
  columns: string[];
  /** SELECT items of the keys, aliased k1[, k2]. */
  keys: FragmentSqlToken;
  keyCount: 1 | 2;
  /** Extra aggregates of the grouping (fallback names), or null. */
  aggregates: FragmentSqlToken | null;
  /** A lateral join that unnests an array column into the key, or null. */
  lateral: FragmentSqlToken | null;
  /** The array column `lateral` unnests (for the planner), when there is one. */
  unnest?: string;
  /** Records without a key are not counted (as upstream's terms aggregations skip missing values). */
  keyPresent: FragmentSqlToken;
  /** SELECT ... FROM grouped AS g [joins], producing id, name, code, amount, total_outlays and extras. */
  projection: FragmentSqlToken;
}

const c = (name: string) => sql.identifier([name]);

/** Single preferred recipient level of a record: child, then parent, then recipient without parent. */
const preferredLevel = sql.fragment`CASE WHEN 'C' = ANY(recipient_levels) THEN 'C' WHEN 'P' = ANY(recipient_levels) THEN 'P'
  WHEN 'R' = ANY(recipient_levels) THEN 'R' END`;

function agencyQuery(side: 'awarding' | 'funding'): CategoryQuery {
  const code = `${side}_toptier_agency_code`;
  const name = `${side}_toptier_agency_name`;
  return {
    columns: [code, name],
    keys: sql.fragment`${c(code)} AS k1`,
    keyCount: 1,
    aggregates: sql.fragment`max(${c(name)}) AS fallback_name`,
    lateral: null,
    keyPresent: sql.fragment`${c(code)} IS NOT NULL`,
    // id: the agency row that stands for the toptier agency itself, as in references/toptier_agencies.
    projection: sql.fragment`
      SELECT toptier_agency_row_id(t.toptier_agency_id) AS id, coalesce(t.name, g.fallback_name) AS name,
             t.abbreviation AS code, g.amount, g.total_outlays, t.slug AS agency_slug
      FROM grouped AS g
      LEFT JOIN toptier_agency AS t ON t.toptier_code = g.k1`,
  };
}

function subagencyQuery(side: 'awarding' | 'funding'): CategoryQuery {
  const col = (s: string) => `${side}_${s}`;
  const columns = [
    col('subtier_agency_code'),
    col('subtier_agency_name'),
    col('subtier_agency_abbreviation'),
    col('toptier_agency_name'),
    col('toptier_agency_abbreviation'),
  ];
  return {
    columns,
    keys: sql.fragment`${c(col('subtier_agency_code'))} AS k1`,
    keyCount: 1,
    aggregates: sql.fragment`max(${c(col('subtier_agency_name'))}) AS fallback_name,
      max(${c(col('subtier_agency_abbreviation'))}) AS fallback_code,
      max(${c(col('toptier_agency_name'))}) AS fallback_agency_name,
      max(${c(col('toptier_agency_abbreviation'))}) AS fallback_agency_abbreviation`,
    lateral: null,
    keyPresent: sql.fragment`${c(col('subtier_agency_code'))} IS NOT NULL`,
    projection: sql.fragment`
      SELECT a.id, coalesce(s.name, g.fallback_name) AS name, coalesce(s.abbreviation, g.fallback_code) AS code,
             g.amount, g.total_outlays, t.toptier_agency_id AS agency_id,
             coalesce(t.abbreviation, g.fallback_agency_abbreviation) AS agency_abbreviation,
             coalesce(t.name, g.fallback_agency_name) AS agency_name
      FROM grouped AS g
      LEFT JOIN subtier_agency AS s ON s.subtier_code = g.k1
      LEFT JOIN agency AS a ON a.subtier_agency_id = s.subtier_agency_id
      LEFT JOIN toptier_agency AS t ON t.toptier_agency_id = a.toptier_agency_id`,
  };
}

/** A category keyed by one code column and named from a reference table (or the record's own text). */
function codeQuery(codeColumn: string, nameColumn: string, lookup: FragmentSqlToken, extra: FragmentSqlToken = sql.fragment``): CategoryQuery {
  return {
    columns: [codeColumn, nameColumn],
    keys: sql.fragment`${c(codeColumn)} AS k1`,
    keyCount: 1,
    aggregates: sql.fragment`max(${c(nameColumn)}) AS fallback_name`,
    lateral: null,
    keyPresent: sql.fragment`${c(codeColumn)} IS NOT NULL`,
    projection: sql.fragment`SELECT ${extra} g.amount, g.total_outlays FROM grouped AS g ${lookup}`,
  };
}

/** The query of a category at a spending level (federal_account has none for subawards). */
export function categoryQuery(category: CategoryName, level: SpendingLevel): CategoryQuery {
  const cols = AGGREGATION_COLUMNS[level];
  const pop = cols.placeOfPerformance;
  switch (category) {
    case 'awarding_agency':
    case 'funding_agency':
      return agencyQuery(category === 'awarding_agency' ? 'awarding' : 'funding');
    case 'awarding_subagency':
    case 'funding_subagency':
      return subagencyQuery(category === 'awarding_subagency' ? 'awarding' : 'funding');
    case 'cfda':
      return codeQuery(
        cols.cfda,
        cols.cfdaTitle,
        sql.fragment`LEFT JOIN references_cfda AS r ON r.program_number = g.k1`,
        sql.fragment`r.id, coalesce(r.program_title, g.fallback_name) AS name, g.k1 AS code,`,
      );
    case 'naics':
      return codeQuery(
        'naics_code',
        'naics_description',
        sql.fragment`LEFT JOIN naics AS r ON r.code = g.k1`,
        sql.fragment`NULL::int AS id, coalesce(r.description, g.fallback_name) AS name, g.k1 AS code, r.year_retired,`,
      );
    case 'psc':
      return codeQuery(
        'product_or_service_code',
        'product_or_service_description',
        sql.fragment`LEFT JOIN psc AS r ON r.code = g.k1`,
        sql.fragment`NULL::int AS id, coalesce(r.description, g.fallback_name) AS name, g.k1 AS code,`,
      );
    case 'country':
      return codeQuery(
        pop.countryCode,
        pop.countryName,
        sql.fragment`LEFT JOIN ref_country_code AS r ON r.country_code = g.k1`,
        sql.fragment`NULL::int AS id, coalesce(r.country_name, g.fallback_name) AS name, g.k1 AS code,`,
      );
    case 'state_territory':
      return codeQuery(
        pop.stateCode,
        pop.stateName,
        sql.fragment`LEFT JOIN LATERAL (SELECT name FROM state_data WHERE code = g.k1 ORDER BY year DESC LIMIT 1) AS r ON true`,
        sql.fragment`NULL::int AS id, initcap(coalesce(r.name, g.fallback_name)) AS name, g.k1 AS code,`,
      );
    case 'county':
      return {
        columns: [pop.stateCode, pop.stateFips, pop.countyCode, pop.countyName],
        keys: sql.fragment`${c(pop.stateCode)} AS k1, ${c(pop.countyCode)} AS k2`,
        keyCount: 2,
        aggregates: sql.fragment`max(${c(pop.stateFips)}) AS fips, max(${c(pop.countyName)}) AS fallback_name`,
        lateral: null,
        keyPresent: sql.fragment`${c(pop.stateCode)} IS NOT NULL AND ${c(pop.countyCode)} IS NOT NULL`,
        projection: sql.fragment`
          SELECT NULL::int AS id, upper(coalesce(r.county_name, g.fallback_name)) AS name, g.k2 AS code, g.amount, g.total_outlays
          FROM grouped AS g
          LEFT JOIN LATERAL (SELECT fips FROM state_data WHERE code = g.k1 ORDER BY year DESC LIMIT 1) AS sd ON true
          LEFT JOIN ref_population_county AS r ON r.state_code = coalesce(g.fips, sd.fips) AND r.county_number = g.k2`,
      };
    case 'district':
      return {
        columns: [pop.stateCode, pop.districtCurrent],
        keys: sql.fragment`${c(pop.stateCode)} AS k1, ${c(pop.districtCurrent)} AS k2`,
        keyCount: 2,
        aggregates: null,
        lateral: null,
        keyPresent: sql.fragment`${c(pop.stateCode)} IS NOT NULL AND ${c(pop.districtCurrent)} IS NOT NULL`,
        // District 90 stands for a state's multiple districts (upstream's display rule).
        projection: sql.fragment`
          SELECT NULL::int AS id, g.k1 || '-' || CASE WHEN g.k2 = '90' THEN 'MULTIPLE DISTRICTS' ELSE g.k2 END AS name,
                 g.k2 AS code, g.amount, g.total_outlays
          FROM grouped AS g`,
      };
    case 'recipient':
    case 'recipient_duns': {
      const level_ = level === 'subawards' ? sql.fragment`subaward_recipient_level` : preferredLevel;
      const levelColumns = level === 'subawards' ? ['subaward_recipient_level'] : ['recipient_levels'];
      return {
        columns: [cols.recipientHash, cols.recipientName, ...levelColumns],
        keys: sql.fragment`${c(cols.recipientHash)} AS k1, ${level_} AS k2`,
        keyCount: 2,
        aggregates: sql.fragment`max(${c(cols.recipientName)}) AS fallback_name`,
        lateral: null,
        keyPresent: sql.fragment`${c(cols.recipientHash)} IS NOT NULL`,
        projection: sql.fragment`
          SELECT NULL::int AS id, coalesce(r.legal_business_name, g.fallback_name) AS name, r.duns AS code, r.uei,
                 CASE WHEN g.k2 IS NULL THEN NULL ELSE g.k1::text || '-' || g.k2 END AS recipient_id, g.amount, g.total_outlays
          FROM grouped AS g
          LEFT JOIN recipient_lookup AS r ON r.recipient_hash = g.k1`,
      };
    }
    case 'defc':
      return {
        columns: ['disaster_emergency_fund_codes'],
        keys: sql.fragment`u.defc AS k1`,
        keyCount: 1,
        aggregates: null,
        lateral: sql.fragment`CROSS JOIN LATERAL unnest(disaster_emergency_fund_codes) AS u(defc)`,
        unnest: 'disaster_emergency_fund_codes',
        keyPresent: sql.fragment`u.defc IS NOT NULL`,
        projection: sql.fragment`
          SELECT NULL::int AS id, r.title AS name, g.k1 AS code, g.amount, g.total_outlays
          FROM grouped AS g
          LEFT JOIN disaster_emergency_fund_code AS r ON r.code = g.k1`,
      };
    case 'federal_account':
      return {
        columns: ['federal_account_ids'],
        keys: sql.fragment`u.federal_account_id AS k1`,
        keyCount: 1,
        aggregates: null,
        lateral: sql.fragment`CROSS JOIN LATERAL unnest(federal_account_ids) AS u(federal_account_id)`,
        unnest: 'federal_account_ids',
        keyPresent: sql.fragment`u.federal_account_id IS NOT NULL`,
        projection: sql.fragment`
          SELECT g.k1 AS id, r.account_title AS name, r.federal_account_code AS code, g.amount, g.total_outlays
          FROM grouped AS g
          LEFT JOIN federal_account AS r ON r.id = g.k1`,
      };
  }
}

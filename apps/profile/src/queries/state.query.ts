import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/** Award type groups of the state pages and the award categories in each (IDVs are in none, as upstream). */
export const STATE_AWARD_GROUPS = [
  { type: 'contracts', categories: ['contract'] },
  { type: 'grants', categories: ['grant'] },
  { type: 'direct_payments', categories: ['direct payment'] },
  { type: 'loans', categories: ['loans'] },
  { type: 'other_financial_assistance', categories: ['other', 'insurance'] },
] as const;
export type StateAwardGroup = (typeof STATE_AWARD_GROUPS)[number]['type'];

const GROUP_OF_CATEGORY = sql.fragment`CASE award_category WHEN 'contract' THEN 'contracts' WHEN 'grant' THEN 'grants'
  WHEN 'direct payment' THEN 'direct_payments' WHEN 'loans' THEN 'loans' WHEN 'other' THEN 'other_financial_assistance'
  WHEN 'insurance' THEN 'other_financial_assistance' END`;

const StateRow = z.object({
  fips: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(['state', 'territory', 'district']),
  population: z.number().nullable(),
  pop_year: z.number().nullable(),
  median_household_income: z.coerce.number().nullable(),
  mhi_year: z.number().nullable(),
});
export type StateRow = z.infer<typeof StateRow>;

const STATES = sql.fragment`
  SELECT DISTINCT ON (d.fips) d.fips, d.code, d.name, d.type,
    pop.population, pop.year AS pop_year, mhi.median_household_income, mhi.year AS mhi_year
  FROM state_data d
  LEFT JOIN LATERAL (SELECT population, year FROM state_data x WHERE x.fips = d.fips AND x.population IS NOT NULL
                     ORDER BY year DESC LIMIT 1) pop ON TRUE
  LEFT JOIN LATERAL (SELECT median_household_income, year FROM state_data x WHERE x.fips = d.fips
                     AND x.median_household_income IS NOT NULL ORDER BY year DESC LIMIT 1) mhi ON TRUE
  ORDER BY d.fips, d.year DESC`;

/** The state (latest row of state_data, with the latest known population and median income) of a FIPS code, or null. */
export async function findState(db: CommonQueryMethods, fips: string): Promise<StateRow | null> {
  return db.maybeOne(sql.type(StateRow)`SELECT * FROM (${STATES}) s WHERE s.fips = ${fips}`);
}

const ListRow = z.object({ name: z.string(), code: z.string(), fips: z.string(), type: z.enum(['state', 'territory', 'district']), amount: z.coerce.number() });
export type StateListRow = z.infer<typeof ListRow>;

/**
 * Every state with the obligations of the (non-IDV) transactions performed there, all time: from the
 * fiscal-year place-of-performance summary when it is fresh, else from transaction_search.
 */
export async function listStates(db: CommonQueryMethods, fresh: boolean): Promise<readonly StateListRow[]> {
  const source = fresh ? sql.identifier(['search_summary_txn_pop_state_fy']) : sql.identifier(['transaction_search']);
  return db.any(sql.type(ListRow)`
    WITH amounts AS (
      SELECT pop_state_code, sum(generated_pragmatic_obligation) AS amount FROM ${source}
      WHERE pop_country_code = 'USA' AND award_category IS DISTINCT FROM 'idv' AND ${GROUP_OF_CATEGORY} IS NOT NULL
      GROUP BY pop_state_code
    )
    SELECT s.name, s.code, s.fips, s.type, coalesce(a.amount, 0) AS amount
    FROM (${STATES}) s LEFT JOIN amounts a ON a.pop_state_code = s.code
    ORDER BY s.name`);
}

/** The period of a `year` value: a fiscal year, all time (null) or the trailing 12 months. */
export function period(year: number | null | 'latest'): FragmentSqlToken {
  if (year === 'latest') return sql.fragment`action_date >= current_date - interval '1 year' AND action_date <= current_date`;
  return year === null
    ? sql.fragment`TRUE`
    : sql.fragment`action_date >= make_date(${year - 1}, 10, 1) AND action_date < make_date(${year}, 10, 1)`;
}

const GroupRow = z.object({
  type: z.enum(['contracts', 'grants', 'direct_payments', 'loans', 'other_financial_assistance']),
  amount: z.coerce.number(),
  count: z.number(),
  total_outlays: z.coerce.number(),
  face_value: z.coerce.number(),
  face_value_awards: z.number(),
});
export type StateGroupRow = z.infer<typeof GroupRow>;

/**
 * Per award type group, the obligations of the transactions performed in a state in the period, the number of
 * distinct awards they belong to, those awards' outlays and (loans) face values.
 */
export async function stateAwardGroups(db: CommonQueryMethods, stateCode: string, year: number | null | 'latest'): Promise<readonly StateGroupRow[]> {
  return db.any(sql.type(GroupRow)`
    WITH tx AS (
      SELECT ${GROUP_OF_CATEGORY} AS type, award_id, generated_pragmatic_obligation, face_value_loan_guarantee
      FROM transaction_search
      WHERE pop_country_code = 'USA' AND pop_state_code = ${stateCode} AND ${period(year)}
    ), per_award AS (
      SELECT type, award_id, sum(generated_pragmatic_obligation) AS amount, sum(face_value_loan_guarantee) AS face_value
      FROM tx WHERE type IS NOT NULL GROUP BY type, award_id
    )
    SELECT p.type, coalesce(sum(p.amount), 0) AS amount, count(*)::int AS count,
      coalesce(sum(a.total_outlays), 0) AS total_outlays, coalesce(sum(p.face_value), 0) AS face_value,
      (count(*) FILTER (WHERE p.face_value IS NOT NULL))::int AS face_value_awards
    FROM per_award p JOIN award_search a ON a.award_id = p.award_id
    GROUP BY p.type`);
}

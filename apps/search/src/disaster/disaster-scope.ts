import { sql, type FragmentSqlToken } from 'slonik';

/** The code set of the disaster group whose codes are exactly `codes` (no row when they are not a group's). */
export function exactGroupSet(codes: readonly string[]): FragmentSqlToken {
  const array = sql.array([...codes], 'text');
  return sql.fragment`SELECT set_id FROM disaster_code_set WHERE kind = 'group' AND included <@ ${array} AND included @> ${array}`;
}

/**
 * The condition on disaster_award_rollup rows of a request for `defCodes` (and award types): the code sets read are
 * either the precomputed union of a disaster group's codes when `defCodes` are exactly that group (COVID-19, the
 * website's request), or per award the subset of its codes that are requested (`included` all requested, none of the
 * `excluded` requested); the rows of every award type (`*`), or of the requested types.
 */
export function rollupCondition(defCodes: readonly string[], awardTypeCodes: readonly string[] | undefined): FragmentSqlToken {
  const codes = sql.array([...defCodes], 'text');
  const types = awardTypeCodes === undefined ? sql.fragment`award_type = '*'` : sql.fragment`award_type = ANY(${sql.array([...awardTypeCodes], 'text')})`;
  const group = exactGroupSet(defCodes);
  return sql.fragment`set_id IN (
      ${group}
      UNION ALL
      SELECT set_id FROM disaster_code_set
      WHERE kind = 'subset' AND included <@ ${codes} AND NOT excluded && ${codes} AND NOT EXISTS (${group})
    ) AND ${types}`;
}

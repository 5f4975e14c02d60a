import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { rollupCondition } from '../disaster/disaster-scope';

/** The loan award types: face value of loans sums these only (as refresh_disaster_summaries does). */
export const LOAN_TYPES = ['07', '08'] as const;

export interface DisasterAwardFilter {
  defCodes: readonly string[];
  /** Only File C rows linked to awards (File D) of these types. */
  awardTypeCodes?: readonly string[];
  /** Only File C rows of procurement (PIID) or assistance (FAIN/URI) awards. */
  awardType?: 'procurement' | 'assistance';
}

/**
 * CTEs over the File C sums (disaster_award_row) of a filter:
 * - `disaster_award_row`: the filter's rows with their award key (internal award id, else the distinct award key,
 *   else PIID/FAIN/URI), obligation, and outlay of the submissions holding the year's latest balances;
 * - `disaster_award`: one row per award whose obligations or outlays do not sum to zero (upstream counts those),
 *   with the linked award's id (null when File C is not linked to File D).
 */
function awardCtes(f: DisasterAwardFilter): FragmentSqlToken {
  const conditions = [sql.fragment`r.def_code = ANY(${sql.array([...f.defCodes], 'text')})`];
  if (f.awardTypeCodes !== undefined) conditions.push(sql.fragment`r.award_type = ANY(${sql.array([...f.awardTypeCodes], 'text')})`);
  if (f.awardType === 'procurement') conditions.push(sql.fragment`r.procurement`);
  if (f.awardType === 'assistance') conditions.push(sql.fragment`r.assistance`);
  return sql.fragment`
    disaster_award_row AS (
      SELECT r.award_key, r.award_id, r.obligation, r.outlay
      FROM disaster_award_row r
      WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ), disaster_award AS (
      SELECT award_key, max(award_id) AS award_id
      FROM disaster_award_row
      WHERE award_key IS NOT NULL
      GROUP BY award_key
      HAVING sum(obligation) <> 0 OR sum(outlay) <> 0
    )
  `;
}

const AmountRow = z.object({
  award_count: z.number(),
  obligation: z.number(),
  outlay: z.number(),
  face_value_of_loan: z.number(),
});
export type AmountRow = z.infer<typeof AmountRow>;

/**
 * Obligations and outlays of the filter's File C rows, the number of awards they fund and the face value
 * (total loan value) of the loan awards among them: from the rollup of all results, or (procurement/assistance,
 * which depends on each File C row) from the File C sums.
 */
export async function disasterAwardAmount(db: CommonQueryMethods, f: DisasterAwardFilter): Promise<AmountRow> {
  if (f.awardType === undefined) {
    return db.one(sql.type(AmountRow)`
      SELECT coalesce(sum(award_count), 0)::int AS award_count, coalesce(sum(obligation), 0)::float8 AS obligation,
        coalesce(sum(outlay), 0)::float8 AS outlay, coalesce(sum(face_value_of_loan), 0)::float8 AS face_value_of_loan
      FROM disaster_award_rollup
      WHERE dimension = 'all' AND level = 'total' AND ${rollupCondition(f.defCodes, f.awardTypeCodes)}
    `);
  }
  return db.one(sql.type(AmountRow)`
    WITH ${awardCtes(f)}
    SELECT (SELECT count(*) FROM disaster_award)::int AS award_count,
      (SELECT coalesce(sum(obligation), 0) FROM disaster_award_row)::float8 AS obligation,
      (SELECT coalesce(sum(outlay), 0) FROM disaster_award_row)::float8 AS outlay,
      (SELECT coalesce(sum(a.total_loan_value), 0) FROM disaster_award d JOIN award_search a ON a.award_id = d.award_id
        WHERE a.type = ANY(${sql.array([...LOAN_TYPES], 'text')}))::float8 AS face_value_of_loan
  `);
}

const CountRow = z.object({ count: z.number() });

/** What an award-based count counts: awards, their recipients, assistance listings or awarding agencies. */
export type AwardCountKind = 'award' | 'recipient' | 'cfda' | 'awarding_agency';

const AWARD_COUNT_EXPRESSION: Record<Exclude<AwardCountKind, 'award'>, FragmentSqlToken> = {
  recipient: sql.fragment`count(DISTINCT a.recipient_hash)`,
  cfda: sql.fragment`count(DISTINCT a.cfda_number)`,
  awarding_agency: sql.fragment`count(DISTINCT a.awarding_toptier_agency_code)`,
};

/** Counts awards funded by the filter's File C rows, or distinct values of the linked awards (File D). */
export async function disasterAwardCount(db: CommonQueryMethods, f: DisasterAwardFilter, kind: AwardCountKind): Promise<number> {
  const query =
    kind === 'award'
      ? sql.type(CountRow)`WITH ${awardCtes(f)} SELECT count(*)::int AS count FROM disaster_award`
      : sql.type(CountRow)`
          WITH ${awardCtes(f)}
          SELECT ${AWARD_COUNT_EXPRESSION[kind]}::int AS count
          FROM disaster_award d JOIN award_search a ON a.award_id = d.award_id
        `;
  return (await db.one(query)).count;
}

/** What a File B count counts. */
export type AccountCountKind = 'agency' | 'federal_account' | 'object_class';

const ACCOUNT_COUNT_EXPRESSION: Record<AccountCountKind, FragmentSqlToken> = {
  agency: sql.fragment`count(DISTINCT t.funding_toptier_agency_id)`,
  federal_account: sql.fragment`count(DISTINCT t.federal_account_id)`,
  object_class: sql.fragment`count(DISTINCT oc.object_class)`,
};

/**
 * Counts agencies owning the accounts (the TAS's funding toptier agency), federal accounts or object classes of
 * the DEF codes' account rows with a non-zero obligation or outlay in a counted submission: the program activity /
 * object class (File B) rows, or with award types the award financial (File C) rows linked to awards of those types.
 */
export async function disasterAccountCount(
  db: CommonQueryMethods,
  defCodes: readonly string[],
  kind: AccountCountKind,
  awardTypeCodes?: readonly string[],
): Promise<number> {
  const codes = sql.array([...defCodes], 'text');
  const rows =
    awardTypeCodes === undefined
      ? sql.fragment`
          SELECT b.treasury_account_id, b.object_class_id
          FROM disaster_account_balance b
          WHERE b.def_code = ANY(${codes}) AND b.has_nonzero`
      : sql.fragment`
          SELECT r.treasury_account_id, r.object_class_id
          FROM disaster_award_row r
          WHERE r.def_code = ANY(${codes}) AND r.award_type = ANY(${sql.array([...awardTypeCodes], 'text')}) AND r.has_nonzero`;
  const row = await db.one(sql.type(CountRow)`
    WITH account_row AS (${rows})
    SELECT ${ACCOUNT_COUNT_EXPRESSION[kind]}::int AS count
    FROM account_row r
    LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
    LEFT JOIN object_class oc ON oc.id = r.object_class_id
  `);
  return row.count;
}

import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { disasterSubmissionCtes, FILE_C_OUTLAY } from '../disaster/disaster-scope';

/** The loan award types: face value of loans sums these only. */
export const LOAN_TYPES = ['07', '08'] as const;

export interface DisasterAwardFilter {
  defCodes: readonly string[];
  /** Only File C rows linked to awards (File D) of these types. */
  awardTypeCodes?: readonly string[];
  /** Only File C rows of procurement (PIID) or assistance (FAIN/URI) awards. */
  awardType?: 'procurement' | 'assistance';
}

/**
 * CTEs over the File C rows of a filter (after the submission CTEs):
 * - `disaster_award_row`: each counted row with its award key (internal award id, else the distinct award key,
 *   else PIID/FAIN/URI), obligation, and outlay when its submission holds the year's latest balances;
 * - `disaster_award`: one row per award whose obligations or outlays do not sum to zero (upstream counts those),
 *   with the linked award's id (null when File C is not linked to File D).
 */
export function awardCtes(f: DisasterAwardFilter): FragmentSqlToken {
  const conditions = [sql.fragment`b.disaster_emergency_fund_code = ANY(${sql.array([...f.defCodes], 'text')})`];
  if (f.awardTypeCodes !== undefined) conditions.push(sql.fragment`a.type = ANY(${sql.array([...f.awardTypeCodes], 'text')})`);
  if (f.awardType === 'procurement') conditions.push(sql.fragment`b.piid IS NOT NULL`);
  if (f.awardType === 'assistance') conditions.push(sql.fragment`(b.fain IS NOT NULL OR b.uri IS NOT NULL)`);
  const join = f.awardTypeCodes === undefined ? sql.fragment`LEFT JOIN` : sql.fragment`JOIN`;
  return sql.fragment`
    ${disasterSubmissionCtes()},
    disaster_award_row AS (
      SELECT coalesce('id:' || b.award_id, 'key:' || b.distinct_award_key,
          'piid:' || b.piid || '/' || coalesce(b.parent_award_id, ''), 'fain:' || b.fain, 'uri:' || b.uri) AS award_key,
        a.award_id, b.treasury_account_id, b.object_class_id, a.awarding_toptier_agency_code, a.awarding_subtier_agency_code,
        a.awarding_subtier_agency_name,
        coalesce(b.transaction_obligated_amount, 0) AS obligation,
        CASE WHEN s.is_latest THEN ${FILE_C_OUTLAY} ELSE 0 END AS outlay
      FROM financial_accounts_by_awards b
      JOIN disaster_submission s ON s.submission_id = b.submission_id
      ${join} award_search a ON a.award_id = b.award_id
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
 * (total loan value) of the loan awards among them.
 */
export async function disasterAwardAmount(db: CommonQueryMethods, f: DisasterAwardFilter): Promise<AmountRow> {
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
 * the DEF codes' account rows with a non-zero obligation or outlay: the program activity / object class (File B)
 * rows, or with award types the award financial (File C) rows linked to awards of those types.
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
          FROM financial_accounts_by_program_activity_object_class b
          JOIN disaster_submission s ON s.submission_id = b.submission_id
          WHERE b.disaster_emergency_fund_code = ANY(${codes})
            AND (coalesce(b.obligations_incurred_by_program_object_class_cpe, 0) <> 0
              OR coalesce(b.gross_outlay_amount_by_program_object_class_cpe, 0) <> 0)`
      : sql.fragment`
          SELECT b.treasury_account_id, b.object_class_id
          FROM financial_accounts_by_awards b
          JOIN disaster_submission s ON s.submission_id = b.submission_id
          JOIN award_search a ON a.award_id = b.award_id
          WHERE b.disaster_emergency_fund_code = ANY(${codes})
            AND a.type = ANY(${sql.array([...awardTypeCodes], 'text')})
            AND (coalesce(b.transaction_obligated_amount, 0) <> 0 OR coalesce(b.gross_outlay_amount_by_award_cpe, 0) <> 0)`;
  const row = await db.one(sql.type(CountRow)`
    WITH ${disasterSubmissionCtes()}, account_row AS (${rows})
    SELECT ${ACCOUNT_COUNT_EXPRESSION[kind]}::int AS count
    FROM account_row r
    LEFT JOIN treasury_appropriation_account t ON t.treasury_account_identifier = r.treasury_account_id
    LEFT JOIN object_class oc ON oc.id = r.object_class_id
  `);
  return row.count;
}

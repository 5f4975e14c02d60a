import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

export type AgencyType = 'awarding' | 'funding';

/** First and last day of a fiscal year. */
export function fiscalYearBounds(fy: number): { start: string; end: string } {
  return { start: `${fy - 1}-10-01`, end: `${fy}-09-30` };
}

/** The agency column of the awarding or funding side. */
const toptierColumn = (t: AgencyType): FragmentSqlToken =>
  t === 'funding' ? sql.fragment`funding_toptier_agency_id` : sql.fragment`awarding_toptier_agency_id`;

/** API award category of transaction_search/award_search categories (insurance counts as other). */
const CATEGORY = (column: FragmentSqlToken) => sql.fragment`CASE ${column} WHEN 'contract' THEN 'contracts' WHEN 'idv' THEN 'idvs'
  WHEN 'grant' THEN 'grants' WHEN 'loans' THEN 'loans' WHEN 'direct payment' THEN 'direct_payments' ELSE 'other' END`;

const CategoryRow = z.object({ category: z.enum(['contracts', 'direct_payments', 'idvs', 'grants', 'loans', 'other']), aggregated_amount: z.coerce.number() });

/** Obligations of the transactions the agency awarded in the fiscal year, by award category. */
export async function obligationsByCategory(db: CommonQueryMethods, toptierAgencyId: number, fy: number) {
  return db.any(sql.type(CategoryRow)`
    SELECT ${CATEGORY(sql.fragment`award_category`)} AS category, sum(generated_pragmatic_obligation)::text AS aggregated_amount
    FROM transaction_search
    WHERE awarding_toptier_agency_id = ${toptierAgencyId} AND fiscal_year = ${fy} AND award_category IS NOT NULL
    GROUP BY 1`);
}

const AwardsRow = z.object({ latest_action_date: z.string().nullable(), transaction_count: z.number(), obligations: z.coerce.number() });

/** Transactions of the agency (awarding or funding side) in the fiscal year, of the given award types. */
export async function agencyTransactions(db: CommonQueryMethods, toptierAgencyId: number, fy: number, t: AgencyType, types: string[]) {
  return db.one(sql.type(AwardsRow)`
    SELECT to_char(max(action_date), 'YYYY-MM-DD"T"00:00:00') AS latest_action_date, count(*)::int AS transaction_count,
      coalesce(sum(generated_pragmatic_obligation), 0)::text AS obligations
    FROM transaction_search
    WHERE ${toptierColumn(t)} = ${toptierAgencyId} AND fiscal_year = ${fy} AND type = ANY(${sql.array(types, 'text')})`);
}

/** Awards of the agency (awarding or funding side) first signed in the fiscal year, of the given award types. */
export async function newAwardCount(db: CommonQueryMethods, toptierAgencyId: number, fy: number, t: AgencyType, types: string[]): Promise<number> {
  const { start, end } = fiscalYearBounds(fy);
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM award_search
    WHERE ${toptierColumn(t)} = ${toptierAgencyId} AND date_signed BETWEEN ${start}::date AND ${end}::date
      AND type = ANY(${sql.array(types, 'text')})`);
}

const OfficeRow = z.object({
  subtier_name: z.string().nullable(),
  subtier_abbreviation: z.string().nullable(),
  subtier_code: z.string().nullable(),
  office_code: z.string().nullable(),
  office_name: z.string().nullable(),
  total_obligations: z.coerce.number(),
  transaction_count: z.number(),
  new_award_count: z.number(),
});
export type OfficeRow = z.infer<typeof OfficeRow>;

/**
 * Per subtier agency and office of the agency (awarding or funding side): obligations and transactions in the
 * fiscal year, and awards first signed in it.
 */
export async function subAgencyOffices(db: CommonQueryMethods, toptierAgencyId: number, fy: number, t: AgencyType, types: string[]) {
  const { start, end } = fiscalYearBounds(fy);
  const side = t === 'funding' ? 'funding' : 'awarding';
  const col = (c: string) => sql.identifier([`${side}_${c}`]);
  return db.any(sql.type(OfficeRow)`
    WITH tx AS (
      SELECT ${col('subtier_agency_name')} AS subtier_name, ${col('subtier_agency_abbreviation')} AS subtier_abbreviation,
        ${col('subtier_agency_code')} AS subtier_code, ${col('office_code')} AS office_code, max(${col('office_name')}) AS office_name,
        sum(generated_pragmatic_obligation) AS total_obligations, count(*)::int AS transaction_count
      FROM transaction_search
      WHERE ${toptierColumn(t)} = ${toptierAgencyId} AND fiscal_year = ${fy} AND type = ANY(${sql.array(types, 'text')})
      GROUP BY 1, 2, 3, 4
    ), aw AS (
      SELECT ${col('subtier_agency_code')} AS subtier_code, ${col('office_code')} AS office_code, count(*)::int AS n
      FROM award_search
      WHERE ${toptierColumn(t)} = ${toptierAgencyId} AND date_signed BETWEEN ${start}::date AND ${end}::date
        AND type = ANY(${sql.array(types, 'text')})
      GROUP BY 1, 2
    )
    SELECT tx.subtier_name, tx.subtier_abbreviation, tx.subtier_code, tx.office_code, tx.office_name,
      coalesce(tx.total_obligations, 0)::text AS total_obligations, tx.transaction_count, coalesce(aw.n, 0) AS new_award_count
    FROM tx LEFT JOIN aw ON aw.subtier_code IS NOT DISTINCT FROM tx.subtier_code AND aw.office_code IS NOT DISTINCT FROM tx.office_code`);
}

const CountRow = z.object({
  name: z.string(),
  code: z.string(),
  contracts: z.number(),
  idvs: z.number(),
  grants: z.number(),
  direct_payments: z.number(),
  loans: z.number(),
  other: z.number(),
  obligated_amount: z.coerce.number(),
  gross_outlay_amount: z.coerce.number(),
});
export type AgencyAwardCountRow = z.infer<typeof CountRow>;

/** Per awarding toptier agency: awards first signed in the fiscal year by category, their obligations and outlays. */
export async function awardCountsByAgency(db: CommonQueryMethods, fy: number, toptierCodes: readonly string[] | null) {
  const { start, end } = fiscalYearBounds(fy);
  const only = toptierCodes ? sql.fragment`AND t.toptier_code = ANY(${sql.array([...toptierCodes], 'text')})` : sql.fragment``;
  return db.any(sql.type(CountRow)`
    WITH a AS (
      SELECT awarding_toptier_agency_id AS id, ${CATEGORY(sql.fragment`category`)} AS cat, count(*)::int AS n,
        sum(total_obligation) AS obligated, sum(coalesce(total_outlays, 0)) AS outlay
      FROM award_search
      WHERE date_signed BETWEEN ${start}::date AND ${end}::date AND awarding_toptier_agency_id IS NOT NULL AND category IS NOT NULL
      GROUP BY 1, 2
    )
    SELECT t.name, t.toptier_code AS code,
      coalesce(sum(n) FILTER (WHERE cat = 'contracts'), 0)::int AS contracts, coalesce(sum(n) FILTER (WHERE cat = 'idvs'), 0)::int AS idvs,
      coalesce(sum(n) FILTER (WHERE cat = 'grants'), 0)::int AS grants,
      coalesce(sum(n) FILTER (WHERE cat = 'direct_payments'), 0)::int AS direct_payments,
      coalesce(sum(n) FILTER (WHERE cat = 'loans'), 0)::int AS loans, coalesce(sum(n) FILTER (WHERE cat = 'other'), 0)::int AS other,
      coalesce(sum(obligated), 0)::text AS obligated_amount, coalesce(sum(outlay), 0)::text AS gross_outlay_amount
    FROM a JOIN toptier_agency t ON t.toptier_agency_id = a.id
    WHERE TRUE ${only}
    GROUP BY t.name, t.toptier_code`);
}

const RecipientStats = z.object({
  count: z.number(),
  max: z.coerce.number(),
  min: z.coerce.number(),
  p25: z.coerce.number(),
  p50: z.coerce.number(),
  p75: z.coerce.number(),
});

/** Obligations per recipient of the agency's awarded transactions in the fiscal year: count, extremes and quartiles. */
export async function recipientDistribution(db: CommonQueryMethods, toptierAgencyId: number, fy: number) {
  return db.one(sql.type(RecipientStats)`
    WITH r AS (
      SELECT recipient_hash, sum(generated_pragmatic_obligation) AS amount FROM transaction_search
      WHERE awarding_toptier_agency_id = ${toptierAgencyId} AND fiscal_year = ${fy} AND recipient_hash IS NOT NULL
      GROUP BY recipient_hash
    )
    SELECT count(*)::int AS count, coalesce(max(amount), 0)::text AS max, coalesce(min(amount), 0)::text AS min,
      round(coalesce(percentile_cont(0.25) WITHIN GROUP (ORDER BY amount), 0)::numeric, 2)::text AS p25,
      round(coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY amount), 0)::numeric, 2)::text AS p50,
      round(coalesce(percentile_cont(0.75) WITHIN GROUP (ORDER BY amount), 0)::numeric, 2)::text AS p75
    FROM r`);
}

import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { direction, pageFragment, type Paging } from '../common/paging';
import { fileCRows } from './file-c-rows';

const DefcAmounts = z.array(z.object({ code: z.string(), amount: z.number() }));

const GroupRow = z.object({
  idv_count: z.number(),
  award_count: z.number(),
  total_obligation: z.coerce.number(),
  base_and_all_options_value: z.coerce.number(),
  base_exercised_options_val: z.coerce.number(),
  total_account_outlay: z.coerce.number(),
  total_account_obligation: z.coerce.number(),
  award_total_outlay: z.coerce.number().nullable(),
  outlays_by_defc: DefcAmounts,
  obligations_by_defc: DefcAmounts,
});
export type IdvGroupRow = z.infer<typeof GroupRow>;

/** Children of an IDV (depth 1) or the children of its child IDVs (depth 2). */
function generation(idvId: number, depth: 1 | 2): FragmentSqlToken {
  return depth === 1
    ? sql.fragment`SELECT c.* FROM award_search c WHERE c.parent_award_id = ${idvId}`
    : sql.fragment`SELECT g.* FROM award_search c JOIN award_search g ON g.parent_award_id = c.award_id
        WHERE c.parent_award_id = ${idvId} AND c.category = 'idv'`;
}

/**
 * Totals of one generation under an IDV: its IDVs, its other awards with their amounts (sums of the award
 * rows, which the derive keeps equal to the sums of their transactions), and the File C figures of those
 * other awards.
 */
export async function idvGenerationTotals(db: CommonQueryMethods, idvId: number, depth: 1 | 2): Promise<IdvGroupRow> {
  const gen = generation(idvId, depth);
  return db.one(sql.type(GroupRow)`
    WITH gen AS (${gen}), awards AS (SELECT * FROM gen WHERE category IS DISTINCT FROM 'idv'),
    fc AS (SELECT * FROM ${fileCRows(sql.fragment`SELECT award_id FROM awards`)} f),
    defc AS (
      SELECT disaster_emergency_fund_code AS code, coalesce(sum(transaction_obligated_amount), 0)::float8 AS obligation,
        coalesce(sum(outlay), 0)::float8 AS outlay
      FROM fc WHERE disaster_emergency_fund_code IS NOT NULL GROUP BY 1
    )
    SELECT (SELECT count(*) FROM gen WHERE category = 'idv')::int AS idv_count,
      (SELECT count(*) FROM awards)::int AS award_count,
      (SELECT coalesce(sum(total_obligation), 0) FROM awards) AS total_obligation,
      (SELECT coalesce(sum(base_and_all_options_value), 0) FROM awards) AS base_and_all_options_value,
      (SELECT coalesce(sum(base_exercised_options_val), 0) FROM awards) AS base_exercised_options_val,
      (SELECT coalesce(sum(outlay), 0) FROM fc) AS total_account_outlay,
      (SELECT coalesce(sum(transaction_obligated_amount), 0) FROM fc) AS total_account_obligation,
      (SELECT sum(total_outlays) FROM awards) AS award_total_outlay,
      (SELECT coalesce(json_agg(json_build_object('code', code, 'amount', outlay) ORDER BY code), '[]') FROM defc) AS outlays_by_defc,
      (SELECT coalesce(json_agg(json_build_object('code', code, 'amount', obligation) ORDER BY code), '[]') FROM defc) AS obligations_by_defc`);
}

const RelatedRow = z.object({
  award_id: z.number(),
  award_type: z.string(),
  description: z.string().nullable(),
  funding_agency: z.string().nullable(),
  awarding_agency: z.string().nullable(),
  funding_agency_id: z.number().nullable(),
  awarding_agency_id: z.number().nullable(),
  funding_agency_slug: z.string().nullable(),
  awarding_agency_slug: z.string().nullable(),
  generated_unique_award_id: z.string(),
  last_date_to_order: z.string().nullable(),
  obligated_amount: z.coerce.number(),
  period_of_performance_current_end_date: z.string().nullable(),
  period_of_performance_start_date: z.string().nullable(),
  piid: z.string(),
  total_count: z.number(),
});
export type RelatedRow = z.infer<typeof RelatedRow>;
export type RelatedKind = 'child_idvs' | 'child_awards' | 'grandchild_awards';
export type RelatedSort =
  | 'piid' | 'description' | 'period_of_performance_current_end_date' | 'last_date_to_order' | 'funding_agency'
  | 'awarding_agency' | 'award_type' | 'obligated_amount' | 'period_of_performance_start_date';

/** One page of an IDV's child IDVs, child awards or grandchild awards, with `total_count`. */
export async function listRelatedAwards(db: CommonQueryMethods, idvId: number, kind: RelatedKind, sort: RelatedSort, order: 'asc' | 'desc', p: Paging): Promise<readonly RelatedRow[]> {
  const gen = generation(idvId, kind === 'grandchild_awards' ? 2 : 1);
  const filter = kind === 'child_idvs' ? sql.fragment`category = 'idv'` : sql.fragment`category IS DISTINCT FROM 'idv'`;
  return db.any(sql.type(RelatedRow)`
    WITH rows AS (
      SELECT a.award_id, coalesce(a.type_description, a.type) AS award_type, a.description,
        a.funding_toptier_agency_name AS funding_agency, a.awarding_toptier_agency_name AS awarding_agency,
        a.funding_agency_id, a.awarding_agency_id, ft.slug AS funding_agency_slug, at.slug AS awarding_agency_slug,
        a.generated_unique_award_id, a.ordering_period_end_date::text AS last_date_to_order,
        a.total_obligation AS obligated_amount,
        a.period_of_performance_current_end_date::text AS period_of_performance_current_end_date,
        a.period_of_performance_start_date::text AS period_of_performance_start_date, coalesce(a.piid, '') AS piid
      FROM (${gen}) a
      LEFT JOIN toptier_agency ft ON ft.toptier_code = a.funding_toptier_agency_code
      LEFT JOIN toptier_agency at ON at.toptier_code = a.awarding_toptier_agency_code
      WHERE ${filter}
    )
    SELECT *, (count(*) OVER ())::int AS total_count FROM rows
    ORDER BY ${sql.identifier([sort])} ${direction(order)}, award_id ${direction(order)}
    ${pageFragment(p)}`);
}

const ActivityRow = z.object({
  award_id: z.number(),
  generated_unique_award_id: z.string(),
  awarding_agency: z.string().nullable(),
  awarding_agency_id: z.number().nullable(),
  awarding_agency_slug: z.string().nullable(),
  period_of_performance_potential_end_date: z.string().nullable(),
  parent_award_id: z.number().nullable(),
  parent_generated_unique_award_id: z.string().nullable(),
  parent_award_piid: z.string().nullable(),
  obligated_amount: z.coerce.number(),
  awarded_amount: z.coerce.number(),
  period_of_performance_start_date: z.string().nullable(),
  piid: z.string().nullable(),
  recipient_name: z.string().nullable(),
  recipient_id: z.string().nullable(),
  grandchild: z.boolean(),
  total_count: z.number(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

/**
 * One page of the contracts under an IDV (children, and children of its child IDVs) by obligated amount,
 * largest first. `hideEdgeCases` drops awards without a positive obligated and awarded amount or without a
 * potential end date, as upstream.
 */
export async function listIdvActivity(db: CommonQueryMethods, idvId: number, hideEdgeCases: boolean, p: Paging): Promise<readonly ActivityRow[]> {
  return db.any(sql.type(ActivityRow)`
    WITH rows AS (
      SELECT a.award_id, a.generated_unique_award_id, a.awarding_toptier_agency_name AS awarding_agency, a.awarding_agency_id,
        at.slug AS awarding_agency_slug, a.period_of_performance_potential_end_date::text AS period_of_performance_potential_end_date,
        a.parent_award_id, a.parent_generated_unique_award_id, a.parent_award_piid,
        a.total_obligation AS obligated_amount, coalesce(a.base_and_all_options_value, 0) AS awarded_amount,
        a.period_of_performance_start_date::text AS period_of_performance_start_date, a.piid, a.recipient_name,
        CASE WHEN a.recipient_hash IS NULL THEN NULL
          ELSE a.recipient_hash::text || CASE WHEN a.parent_recipient_hash IS NOT NULL THEN '-C' ELSE '-R' END END AS recipient_id,
        g.grandchild
      FROM (
        SELECT c.award_id, false AS grandchild FROM award_search c WHERE c.parent_award_id = ${idvId} AND c.category IS DISTINCT FROM 'idv'
        UNION ALL
        SELECT gc.award_id, true FROM award_search c JOIN award_search gc ON gc.parent_award_id = c.award_id
        WHERE c.parent_award_id = ${idvId} AND c.category = 'idv' AND gc.category IS DISTINCT FROM 'idv'
      ) g
      JOIN award_search a ON a.award_id = g.award_id
      LEFT JOIN toptier_agency at ON at.toptier_code = a.awarding_toptier_agency_code
      WHERE ${hideEdgeCases
        ? sql.fragment`a.total_obligation > 0 AND coalesce(a.base_and_all_options_value, 0) > 0 AND a.period_of_performance_potential_end_date IS NOT NULL`
        : sql.fragment`TRUE`}
    )
    SELECT *, (count(*) OVER ())::int AS total_count FROM rows
    ORDER BY obligated_amount DESC, award_id DESC
    ${pageFragment(p)}`);
}

import type pg from 'pg';

/** A deterministic number in [0, 1) from a text key (md5, so it is the same on every server). */
const unit = (key: string): string => `((('x' || substr(md5(${key}), 1, 6))::bit(24)::integer) / 16777216.0)`;

/**
 * File A (appropriation_account_balances), File B (financial_accounts_by_program_activity_object_class)
 * and GTAS (gtas_sf133_balances), built in SQL from the File C rows already loaded, first for every submission
 * that holds its fiscal year's final balances:
 * - File B per account, program activity, object class and DEF code: the year's File C obligations and
 *   final outlays of the group, raised by 0-40% (accounts also pay for things that are not awards), plus
 *   one salaries row (object class 111) per account worth a quarter of its award spending;
 * - File A per account: File B totals, with budget authority 5-35% above obligations, a brought-forward
 *   balance and the unobligated rest;
 * - GTAS per account, period and DEF code: the same figures split by DEF code.
 * - every earlier submission of the same agency and fiscal year gets the year's rows scaled to its share of the
 *   year (period / final period): balances are fiscal-year-to-date (CPE), so they grow period by period to the
 *   final figures. Budgetary resources (enacted at the start of the year) stay the year's; quarterly
 *   submissions (before DEF codes were reported) carry no DEF code.
 * So File B >= File C, and File A, File B and GTAS agree on obligations and outlays in every period.
 */
export async function buildAccountFiles(client: pg.Client, plainDefCode: string | null): Promise<Record<string, number>> {
  await client.query('TRUNCATE appropriation_account_balances, financial_accounts_by_program_activity_object_class, gtas_sf133_balances RESTART IDENTITY');
  const fileB = await client.query(`
    INSERT INTO financial_accounts_by_program_activity_object_class (treasury_account_id, submission_id, program_activity_id,
      object_class_id, disaster_emergency_fund_code, obligations_incurred_by_program_object_class_cpe,
      gross_outlay_amount_by_program_object_class_cpe, deobligations_recoveries_refund_pri_program_object_class_cpe,
      ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe,
      final_of_fy)
    WITH final AS (
      SELECT submission_id, toptier_code, reporting_fiscal_year, quarter_format_flag
      FROM submission_attributes WHERE is_final_balances_for_fy
    ), c AS (
      SELECT f.treasury_account_id, fin.submission_id, fin.quarter_format_flag, f.program_activity_id, f.object_class_id,
        f.disaster_emergency_fund_code AS defc,
        sum(f.transaction_obligated_amount) AS obligation,
        coalesce(sum(f.gross_outlay_amount_by_award_cpe) FILTER (WHERE s.is_final_balances_for_fy), 0) AS outlay,
        coalesce(sum(f.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe) FILTER (WHERE s.is_final_balances_for_fy), 0) AS a487,
        coalesce(sum(f.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe) FILTER (WHERE s.is_final_balances_for_fy), 0) AS a497
      FROM financial_accounts_by_awards f
      JOIN submission_attributes s ON s.submission_id = f.submission_id
      JOIN final fin ON fin.toptier_code = s.toptier_code AND fin.reporting_fiscal_year = s.reporting_fiscal_year
      GROUP BY 1, 2, 3, 4, 5, 6
    ), award_rows AS (
      SELECT c.*, 1 + 0.4 * ${unit(`c.treasury_account_id || '/' || c.submission_id || '/' || coalesce(c.program_activity_id, 0) || '/' || coalesce(c.object_class_id, 0) || '/' || coalesce(c.defc, '')`)} AS factor
      FROM c
    ), staff AS (
      SELECT treasury_account_id, submission_id, bool_and(quarter_format_flag) AS quarterly, min(program_activity_id) AS program_activity_id,
        sum(obligation) AS obligation, sum(outlay) AS outlay
      FROM c GROUP BY treasury_account_id, submission_id
    ), salaries AS (
      SELECT id FROM object_class WHERE object_class = '111'
      ORDER BY CASE WHEN direct_reimbursable = 'D' THEN 0 WHEN direct_reimbursable IS NULL THEN 1 ELSE 2 END, id LIMIT 1
    )
    SELECT * FROM (
      SELECT treasury_account_id, submission_id, program_activity_id, object_class_id, defc,
        round(obligation * factor, 2), round(outlay * factor, 2),
        CASE WHEN factor > 1.3 THEN round(abs(obligation) * 0.01, 2) ELSE 0 END, a487, a497, true
      FROM award_rows
      UNION ALL
      SELECT s.treasury_account_id, s.submission_id, s.program_activity_id, sal.id,
        CASE WHEN s.quarterly THEN NULL ELSE $1::text END,
        round(greatest(s.obligation, 0) * 0.25, 2), round(greatest(s.outlay, 0) * 0.25, 2), 0, 0, 0, true
      FROM staff s CROSS JOIN salaries sal
    ) rows
    ORDER BY 2, 1, 3 NULLS FIRST, 4 NULLS FIRST, 5 NULLS FIRST`, [plainDefCode]);

  const earlierB = await client.query(`
    INSERT INTO financial_accounts_by_program_activity_object_class (treasury_account_id, submission_id, program_activity_id,
      object_class_id, disaster_emergency_fund_code, obligations_incurred_by_program_object_class_cpe,
      gross_outlay_amount_by_program_object_class_cpe, deobligations_recoveries_refund_pri_program_object_class_cpe,
      ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe, ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe,
      final_of_fy)
    WITH pairs AS (
      SELECT fin.submission_id AS final_id, s.submission_id, s.quarter_format_flag AND NOT fin.quarter_format_flag AS drop_defc,
        s.reporting_fiscal_period::numeric / fin.reporting_fiscal_period AS share
      FROM submission_attributes fin
      JOIN submission_attributes s ON s.toptier_code = fin.toptier_code AND s.reporting_fiscal_year = fin.reporting_fiscal_year
        AND s.reporting_fiscal_period < fin.reporting_fiscal_period
      WHERE fin.is_final_balances_for_fy
    )
    SELECT b.treasury_account_id, p.submission_id, b.program_activity_id, b.object_class_id,
      CASE WHEN p.drop_defc THEN NULL ELSE b.disaster_emergency_fund_code END,
      round(b.obligations_incurred_by_program_object_class_cpe * p.share, 2),
      round(b.gross_outlay_amount_by_program_object_class_cpe * p.share, 2),
      round(b.deobligations_recoveries_refund_pri_program_object_class_cpe * p.share, 2),
      round(b.ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe * p.share, 2),
      round(b.ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe * p.share, 2), false
    FROM financial_accounts_by_program_activity_object_class b
    JOIN pairs p ON p.final_id = b.submission_id
    ORDER BY 2, 1, 3 NULLS FIRST, 4 NULLS FIRST, 5 NULLS FIRST`);

  const fileA = await client.query(`
    INSERT INTO appropriation_account_balances (treasury_account_identifier, submission_id,
      budget_authority_unobligated_balance_brought_forward_fyb, adjustments_to_unobligated_balance_brought_forward_cpe,
      budget_authority_appropriated_amount_cpe, borrowing_authority_amount_total_cpe, contract_authority_amount_total_cpe,
      spending_authority_from_offsetting_collections_amount_cpe, other_budgetary_resources_amount_cpe,
      total_budgetary_resources_amount_cpe, gross_outlay_amount_by_tas_cpe, deobligations_recoveries_refunds_by_tas_cpe,
      unobligated_balance_cpe, status_of_budgetary_resources_total_cpe, obligations_incurred_total_by_tas_cpe, final_of_fy)
    WITH b AS (
      SELECT treasury_account_id, submission_id,
        sum(obligations_incurred_by_program_object_class_cpe) AS obligation,
        sum(gross_outlay_amount_by_program_object_class_cpe) AS outlay,
        sum(deobligations_recoveries_refund_pri_program_object_class_cpe) AS deobligation
      FROM financial_accounts_by_program_activity_object_class WHERE final_of_fy GROUP BY 1, 2
    ), x AS (
      SELECT b.*,
        round(greatest(obligation, 0) * (1.05 + 0.3 * ${unit(`'ba/' || treasury_account_id || '/' || submission_id`)}), 2) AS authority,
        round(greatest(obligation, 0) * 0.1, 2) AS brought_forward
      FROM b
    )
    SELECT treasury_account_id, submission_id, brought_forward, 0, authority, 0, 0, 0, 0, authority + brought_forward, outlay,
      deobligation, authority + brought_forward - obligation, authority + brought_forward, obligation, true
    FROM x ORDER BY submission_id, treasury_account_id`);

  // Earlier periods: the year's resources, the period's cumulative obligations and outlays (File B sums).
  const earlierA = await client.query(`
    INSERT INTO appropriation_account_balances (treasury_account_identifier, submission_id,
      budget_authority_unobligated_balance_brought_forward_fyb, adjustments_to_unobligated_balance_brought_forward_cpe,
      budget_authority_appropriated_amount_cpe, borrowing_authority_amount_total_cpe, contract_authority_amount_total_cpe,
      spending_authority_from_offsetting_collections_amount_cpe, other_budgetary_resources_amount_cpe,
      total_budgetary_resources_amount_cpe, gross_outlay_amount_by_tas_cpe, deobligations_recoveries_refunds_by_tas_cpe,
      unobligated_balance_cpe, status_of_budgetary_resources_total_cpe, obligations_incurred_total_by_tas_cpe, final_of_fy)
    WITH b AS (
      SELECT treasury_account_id, submission_id,
        sum(obligations_incurred_by_program_object_class_cpe) AS obligation,
        sum(gross_outlay_amount_by_program_object_class_cpe) AS outlay,
        sum(deobligations_recoveries_refund_pri_program_object_class_cpe) AS deobligation
      FROM financial_accounts_by_program_activity_object_class WHERE NOT final_of_fy GROUP BY 1, 2
    )
    SELECT b.treasury_account_id, b.submission_id, a.budget_authority_unobligated_balance_brought_forward_fyb, 0,
      a.budget_authority_appropriated_amount_cpe, 0, 0, 0, 0, a.total_budgetary_resources_amount_cpe, b.outlay, b.deobligation,
      a.total_budgetary_resources_amount_cpe - b.obligation, a.total_budgetary_resources_amount_cpe, b.obligation, false
    FROM b
    JOIN submission_attributes s ON s.submission_id = b.submission_id
    JOIN submission_attributes fin ON fin.toptier_code = s.toptier_code AND fin.reporting_fiscal_year = s.reporting_fiscal_year
      AND fin.is_final_balances_for_fy
    JOIN appropriation_account_balances a ON a.submission_id = fin.submission_id AND a.treasury_account_identifier = b.treasury_account_id
    ORDER BY b.submission_id, b.treasury_account_id`);

  const gtas = await client.query(`
    INSERT INTO gtas_sf133_balances (fiscal_year, fiscal_period, treasury_account_identifier, disaster_emergency_fund_code,
      budget_authority_appropriation_amount_cpe, total_budgetary_resources_cpe, obligations_incurred_total_cpe,
      gross_outlay_amount_by_tas_cpe, unobligated_balance_cpe, deobligations_or_recoveries_or_refunds_from_prior_year_cpe,
      prior_year_paid_obligation_recoveries, anticipated_prior_year_obligation_recoveries)
    WITH b AS (
      SELECT s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period, f.treasury_account_id,
        f.disaster_emergency_fund_code AS defc,
        sum(f.obligations_incurred_by_program_object_class_cpe) AS obligation,
        sum(f.gross_outlay_amount_by_program_object_class_cpe) AS outlay,
        sum(f.deobligations_recoveries_refund_pri_program_object_class_cpe) AS deobligation
      FROM financial_accounts_by_program_activity_object_class f
      JOIN submission_attributes s ON s.submission_id = f.submission_id
      GROUP BY 1, 2, 3, 4
    ), x AS (
      -- The year's largest (final) obligation sets the resources, so they are the same in every period of the year.
      SELECT b.*, round(greatest(max(obligation) OVER (PARTITION BY fy, treasury_account_id, defc), 0)
        * (1.05 + 0.5 * ${unit(`'gtas/' || fy || '/' || treasury_account_id || '/' || coalesce(defc, '')`)}), 2) AS authority
      FROM b
    )
    SELECT fy, period, treasury_account_id, defc, authority, round(authority * 1.1, 2), obligation, outlay,
      round(authority * 1.1, 2) - obligation, deobligation, 0, 0
    FROM x ORDER BY fy, period, treasury_account_id, defc NULLS FIRST`);
  // The account endpoints read the fiscal-year summaries of these files (migration 0100).
  const summaries = await client.query<{ n: string }>('SELECT refresh_account_summaries() AS n');
  return {
    account_summaries: Number(summaries.rows[0]?.n ?? 0),
    financial_accounts_by_program_activity_object_class: (fileB.rowCount ?? 0) + (earlierB.rowCount ?? 0),
    appropriation_account_balances: (fileA.rowCount ?? 0) + (earlierA.rowCount ?? 0),
    gtas_sf133_balances: gtas.rowCount ?? 0,
  };
}

import type pg from 'pg';

/** The GTAS columns every generated balance row fills, in the order the generator's SELECTs give them. */
const GTAS_INSERT = `INSERT INTO gtas_sf133_balances (fiscal_year, fiscal_period, treasury_account_identifier, disaster_emergency_fund_code,
      budget_authority_appropriation_amount_cpe, total_budgetary_resources_cpe, obligations_incurred_total_cpe,
      gross_outlay_amount_by_tas_cpe, unobligated_balance_cpe, deobligations_or_recoveries_or_refunds_from_prior_year_cpe,
      prior_year_paid_obligation_recoveries, anticipated_prior_year_obligation_recoveries)`;

/** The tables of Files A and B and GTAS, which buildAccountFiles empties and fills. */
export const ACCOUNT_TABLES = ['financial_accounts_by_program_activity_object_class', 'appropriation_account_balances', 'gtas_sf133_balances'];

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
 * So File B >= File C. File A, File B and GTAS mostly agree, but, as in real submissions, a small deterministic
 * share disagrees, so the submission statistics (reporting/agencies/...) have something to show:
 * - about 1% of File C rows (of awards without disaster funding) are repeated as rows naming no award (a key no
 *   award has): unlinked award financial data; File B includes them like every File C row;
 * - for about 3% of Treasury accounts and years, File A reports more obligations than File B (0.5-2.5% + $100);
 * - for about 3% of accounts and years, GTAS reports 1-5% more obligations than the submissions (rows without a
 *   disaster DEF code only, so the disaster totals, which read GTAS by DEF code, are unchanged);
 * - about 1.5% of each submitting agency's accounts without File A data in a year have GTAS balances anyway
 *   (accounts missing from the submissions);
 * - the Department of Labor's DEF code O GTAS balances on its three accounts that upstream adds to the American
 *   Rescue Plan (016-X-0168, 016-X-1801, 016-X-8042) from FY2021 on, when the reference data has them.
 */
export async function buildAccountFiles(client: pg.Client, plainDefCode: string | null): Promise<Record<string, number>> {
  // The groupings and sorts below hold up to ~0.5 GB each at bench scale (8M File B rows): with the server's
  // work_mem they wrote 1.3 GB of temporary files and read them back.
  await client.query("SET work_mem = '1GB'");
  try {
    return await fillAccountFiles(client, plainDefCode);
  } finally {
    await client.query('RESET work_mem');
  }
}

async function fillAccountFiles(client: pg.Client, plainDefCode: string | null): Promise<Record<string, number>> {
  await client.query(`TRUNCATE ${ACCOUNT_TABLES.join(', ')} RESTART IDENTITY`);
  // Unlinked File C rows: copies of a few rows of awards without disaster funding, under award keys no award has
  // (explicit ids after the generator's, in a fixed order). A rebuild replaces the previous ones.
  await client.query("DELETE FROM financial_accounts_by_awards WHERE award_id IS NULL AND distinct_award_key LIKE 'UNLINKED-%'");
  const unlinked = await client.query(`
    INSERT INTO financial_accounts_by_awards (financial_accounts_by_awards_id, treasury_account_id, submission_id, award_id,
      distinct_award_key, piid, parent_award_id, fain, uri, program_activity_id, object_class_id, disaster_emergency_fund_code,
      transaction_obligated_amount, gross_outlay_amount_by_award_cpe, ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe,
      ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe)
    SELECT (SELECT coalesce(max(financial_accounts_by_awards_id), 0) FROM financial_accounts_by_awards)
        + row_number() OVER (ORDER BY f.financial_accounts_by_awards_id),
      f.treasury_account_id, f.submission_id, NULL, 'UNLINKED-' || f.financial_accounts_by_awards_id,
      CASE WHEN f.piid IS NOT NULL THEN 'UNLINKED' || f.financial_accounts_by_awards_id END, NULL,
      CASE WHEN f.piid IS NULL AND f.fain IS NOT NULL THEN 'UNLINKED' || f.financial_accounts_by_awards_id END,
      CASE WHEN f.piid IS NULL AND f.fain IS NULL THEN 'UNLINKED' || f.financial_accounts_by_awards_id END,
      f.program_activity_id, f.object_class_id, f.disaster_emergency_fund_code,
      round(f.transaction_obligated_amount * 0.5, 2), round(f.gross_outlay_amount_by_award_cpe * 0.5, 2), 0, 0
    FROM financial_accounts_by_awards f
    LEFT JOIN disaster_emergency_fund_code d ON d.code = f.disaster_emergency_fund_code
    WHERE f.award_id IS NOT NULL AND d.group_name IS NULL
      AND ${unit(`'unlinked/' || f.financial_accounts_by_awards_id`)} < 0.01
    ORDER BY f.financial_accounts_by_awards_id`);
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
  // Statistics after each fill: the table was emptied above, and the next statement joins or filters it. Without
  // them the planner counts one row, and at bench scale the earlier File A periods (a nested loop over 760k File B
  // groups that filtered 418M rows) took 66 s instead of 6 s.
  await client.query('ANALYZE financial_accounts_by_program_activity_object_class');

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
  await client.query('ANALYZE financial_accounts_by_program_activity_object_class');

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
  await client.query('ANALYZE appropriation_account_balances');

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
  await client.query('ANALYZE appropriation_account_balances');

  // File A above File B for a few accounts and years (every submission of the year), the rest unobligated.
  await client.query(`
    UPDATE appropriation_account_balances a
    SET obligations_incurred_total_by_tas_cpe = a.obligations_incurred_total_by_tas_cpe + d.delta,
      unobligated_balance_cpe = a.unobligated_balance_cpe - d.delta
    FROM (
      SELECT x.appropriation_account_balances_id AS id,
        round(abs(x.obligations_incurred_total_by_tas_cpe) * (0.005 + 0.02 * ${unit(`'ab-size/' || x.treasury_account_identifier || '/' || s.reporting_fiscal_year`)}), 2) + 100 AS delta
      FROM appropriation_account_balances x JOIN submission_attributes s ON s.submission_id = x.submission_id
      WHERE ${unit(`'ab/' || x.treasury_account_identifier || '/' || s.reporting_fiscal_year`)} < 0.03
    ) d
    WHERE a.appropriation_account_balances_id = d.id`);

  const gtas = await client.query(`
    ${GTAS_INSERT}
    WITH b AS (
      SELECT s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period, f.treasury_account_id,
        f.disaster_emergency_fund_code AS defc,
        sum(f.obligations_incurred_by_program_object_class_cpe) AS obligation,
        sum(f.gross_outlay_amount_by_program_object_class_cpe) AS outlay,
        sum(f.deobligations_recoveries_refund_pri_program_object_class_cpe) AS deobligation
      FROM financial_accounts_by_program_activity_object_class f
      JOIN submission_attributes s ON s.submission_id = f.submission_id
      GROUP BY 1, 2, 3, 4
    ), g AS (
      -- GTAS above the submissions for a few accounts and years (rows without a disaster DEF code).
      SELECT b.fy, b.period, b.treasury_account_id, b.defc, b.outlay, b.deobligation,
        CASE WHEN d.group_name IS NULL AND ${unit(`'gtas-diff/' || b.fy || '/' || b.treasury_account_id`)} < 0.03
          THEN round(b.obligation * (1.01 + 0.04 * ${unit(`'gtas-size/' || b.fy || '/' || b.treasury_account_id`)}), 2)
          ELSE b.obligation END AS obligation
      FROM b LEFT JOIN disaster_emergency_fund_code d ON d.code = b.defc
    ), x AS (
      -- The year's largest (final) obligation sets the resources, so they are the same in every period of the year.
      SELECT g.*, round(greatest(max(obligation) OVER (PARTITION BY fy, treasury_account_id, defc), 0)
        * (1.05 + 0.5 * ${unit(`'gtas/' || fy || '/' || treasury_account_id || '/' || coalesce(defc, '')`)}), 2) AS authority
      FROM g
    )
    SELECT fy, period, treasury_account_id, defc, authority, round(authority * 1.1, 2), obligation, outlay,
      round(authority * 1.1, 2) - obligation, deobligation, 0, 0
    FROM x ORDER BY fy, period, treasury_account_id, defc NULLS FIRST`);
  // Accounts missing from the submissions: GTAS balances of a few accounts of each submitting agency that have no
  // File A data in the year, growing period by period to a year's amount.
  const missing = await client.query(`
    ${GTAS_INSERT}
    WITH periods AS (
      SELECT DISTINCT fiscal_year AS fy, fiscal_period AS period, max(fiscal_period) OVER (PARTITION BY fiscal_year) AS last
      FROM gtas_sf133_balances
    ), reported AS (
      SELECT DISTINCT a.treasury_account_identifier AS tas, s.reporting_fiscal_year AS fy
      FROM appropriation_account_balances a JOIN submission_attributes s ON s.submission_id = a.submission_id
    ), picked AS (
      SELECT t.treasury_account_identifier AS tas, y.fy,
        round(5000 + 495000 * ${unit(`'gtas-only-size/' || t.treasury_account_identifier || '/' || y.fy`)}, 2) AS amount
      FROM treasury_appropriation_account t
      JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id
      JOIN (SELECT DISTINCT toptier_code, reporting_fiscal_year AS fy FROM submission_attributes) y ON y.toptier_code = ta.toptier_code
      WHERE ${unit(`'gtas-only/' || t.treasury_account_identifier || '/' || y.fy`)} < 0.015
        AND NOT EXISTS (SELECT 1 FROM reported r WHERE r.tas = t.treasury_account_identifier AND r.fy = y.fy)
    ), rows AS (
      SELECT p.fy, p.period, k.tas, k.amount, round(k.amount * 0.9 * p.period / p.last, 2) AS obligation
      FROM picked k JOIN periods p ON p.fy = k.fy
    )
    SELECT fy, period, tas, NULL, amount, amount, obligation, round(obligation * 0.8, 2), amount - obligation, 0, 0, 0
    FROM rows ORDER BY fy, period, tas`);

  // The Department of Labor's DEF code O balances that upstream adds to the American Rescue Plan (DEF code V).
  const dol = await client.query(`
    ${GTAS_INSERT}
    WITH periods AS (
      SELECT DISTINCT fiscal_year AS fy, fiscal_period AS period, max(fiscal_period) OVER (PARTITION BY fiscal_year) AS last
      FROM gtas_sf133_balances WHERE fiscal_year >= 2021
    ), accounts AS (
      SELECT t.treasury_account_identifier AS tas FROM treasury_appropriation_account t
      JOIN toptier_agency ta ON ta.toptier_agency_id = t.funding_toptier_agency_id
      WHERE ta.abbreviation = 'DOL' AND t.tas_rendering_label IN ('016-X-0168-000', '016-X-1801-000', '016-X-8042-000')
        AND EXISTS (SELECT 1 FROM disaster_emergency_fund_code WHERE code = 'O')
    ), rows AS (
      SELECT p.fy, p.period, a.tas, round(1000000 + 9000000 * ${unit(`'dol-o/' || a.tas || '/' || p.fy`)}, 2) AS amount,
        p.period::numeric / p.last AS share
      FROM accounts a CROSS JOIN periods p
    ), o AS (SELECT rows.*, round(amount * 0.85 * share, 2) AS obligation FROM rows)
    SELECT fy, period, tas, 'O', amount, amount, obligation, round(obligation * 0.75, 2), amount - obligation,
      round(obligation * 0.01, 2), 0, round(obligation * 0.005, 2)
    FROM o ORDER BY fy, period, tas`);

  // The account endpoints read the fiscal-year summaries of these files (migration 0100).
  const summaries = await client.query<{ n: string }>('SELECT refresh_account_summaries() AS n');
  return {
    account_summaries: Number(summaries.rows[0]?.n ?? 0),
    financial_accounts_by_program_activity_object_class: (fileB.rowCount ?? 0) + (earlierB.rowCount ?? 0),
    appropriation_account_balances: (fileA.rowCount ?? 0) + (earlierA.rowCount ?? 0),
    gtas_sf133_balances: (gtas.rowCount ?? 0) + (missing.rowCount ?? 0) + (dol.rowCount ?? 0),
    unlinked_file_c: unlinked.rowCount ?? 0,
  };
}

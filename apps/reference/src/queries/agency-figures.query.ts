import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AgencyFiguresRow = z.object({
  toptier_agency_id: z.number(),
  agency_id: z.number(),
  toptier_code: z.string(),
  abbreviation: z.string().nullable(),
  agency_name: z.string(),
  slug: z.string().nullable(),
  mission: z.string().nullable(),
  website: z.string().nullable(),
  icon_filename: z.string().nullable(),
  justification: z.string().nullable(),
  has_submission: z.boolean(),
  active_fy: z.number(),
  active_fq: z.number(),
  active_fp: z.number(),
  budget_authority_amount: z.string(),
  obligated_amount: z.string(),
  outlay_amount: z.string(),
  current_total_budget_authority_amount: z.string(),
});
export type AgencyFiguresRow = z.infer<typeof AgencyFiguresRow>;

/**
 * Budgetary figures of every toptier agency that has subtier agencies, following upstream's rules:
 * - the "active" period of an agency is its latest submission in the latest closed (revealed)
 *   quarterly or monthly submission window; an agency without one there takes the latest closed
 *   monthly window (then quarterly, then today's fiscal quarter) as a placeholder;
 * - budget authority, obligations and outlays sum File A balances of the agency's Treasury accounts
 *   from submissions marked final for their fiscal year, in the active fiscal year and quarter;
 * - the government total is the GTAS total budgetary resources of the active fiscal year and period.
 * `has_submission` tells agencies that ever had a revealed submission (the only ones upstream lists).
 * `agency_id` is the agency row that stands for the toptier agency (toptier_agency_row_id). Amounts are exact decimal strings.
 */
export async function listAgencyFigures(db: CommonQueryMethods): Promise<readonly AgencyFiguresRow[]> {
  return db.any(sql.type(AgencyFiguresRow)`
    WITH closed AS (
      SELECT id, is_quarter, submission_fiscal_year AS fy, submission_fiscal_quarter AS fq, submission_fiscal_month AS fp
      FROM dabs_submission_window_schedule
      WHERE submission_reveal_date <= now()
    ),
    latest_quarter AS (SELECT * FROM closed WHERE is_quarter ORDER BY fy DESC, fq DESC, fp DESC LIMIT 1),
    latest_period AS (SELECT * FROM closed WHERE NOT is_quarter ORDER BY fy DESC, fq DESC, fp DESC LIMIT 1),
    placeholder AS (
      SELECT coalesce(p.fy, q.fy, today.fy) AS fy, coalesce(p.fq, q.fq, today.fq) AS fq, coalesce(p.fp, q.fp, today.fp) AS fp
      FROM (SELECT extract(year FROM now() + interval '3 months')::int AS fy,
                   extract(quarter FROM now() + interval '3 months')::int AS fq,
                   extract(month FROM now() + interval '3 months')::int AS fp) today
      LEFT JOIN latest_period p ON TRUE
      LEFT JOIN latest_quarter q ON TRUE
    ),
    revealed AS (
      SELECT DISTINCT sa.toptier_code FROM submission_attributes sa JOIN closed w ON w.id = sa.submission_window_id
    ),
    latest AS (
      SELECT DISTINCT ON (sa.toptier_code) sa.toptier_code, sa.reporting_fiscal_year AS fy,
             sa.reporting_fiscal_quarter AS fq, sa.reporting_fiscal_period AS fp
      FROM submission_attributes sa
      WHERE sa.submission_window_id IN (SELECT id FROM latest_quarter UNION ALL SELECT id FROM latest_period)
      ORDER BY sa.toptier_code, sa.reporting_fiscal_year DESC, sa.reporting_fiscal_quarter DESC, sa.reporting_fiscal_period DESC
    ),
    agencies AS (
      SELECT t.toptier_agency_id, toptier_agency_row_id(t.toptier_agency_id) AS agency_id
      FROM toptier_agency t
      WHERE EXISTS (SELECT 1 FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id)
    ),
    active AS (
      SELECT t.toptier_agency_id, r.toptier_code IS NOT NULL AS has_submission,
             coalesce(l.fy, ph.fy) AS fy, coalesce(l.fq, ph.fq) AS fq, coalesce(l.fp, ph.fp) AS fp
      FROM agencies g
      JOIN toptier_agency t ON t.toptier_agency_id = g.toptier_agency_id
      LEFT JOIN revealed r ON r.toptier_code = t.toptier_code
      LEFT JOIN latest l ON l.toptier_code = t.toptier_code
      CROSS JOIN placeholder ph
    ),
    balances AS (
      SELECT taa.funding_toptier_agency_id AS toptier_agency_id, sa.reporting_fiscal_year AS fy, sa.reporting_fiscal_quarter AS fq,
             sum(aab.total_budgetary_resources_amount_cpe) AS budget_authority,
             sum(aab.obligations_incurred_total_by_tas_cpe) AS obligated,
             sum(aab.gross_outlay_amount_by_tas_cpe) AS outlay
      FROM appropriation_account_balances aab
      JOIN submission_attributes sa ON sa.submission_id = aab.submission_id AND sa.is_final_balances_for_fy
      JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = aab.treasury_account_identifier
      WHERE (sa.reporting_fiscal_year, sa.reporting_fiscal_quarter) IN (SELECT DISTINCT fy, fq FROM active)
      GROUP BY 1, 2, 3
    ),
    government AS (
      SELECT fiscal_year AS fy, fiscal_period AS fp, sum(total_budgetary_resources_cpe) AS total
      FROM gtas_sf133_balances
      WHERE (fiscal_year, fiscal_period) IN (SELECT DISTINCT fy, fp FROM active)
      GROUP BY 1, 2
    )
    SELECT t.toptier_agency_id, g.agency_id, t.toptier_code, t.abbreviation, t.name AS agency_name, t.slug,
           t.mission, t.website, t.icon_filename, t.justification,
           ac.has_submission, ac.fy AS active_fy, ac.fq AS active_fq, ac.fp AS active_fp,
           coalesce(b.budget_authority, 0)::numeric(23, 2)::text AS budget_authority_amount,
           coalesce(b.obligated, 0)::numeric(23, 2)::text AS obligated_amount,
           coalesce(b.outlay, 0)::numeric(23, 2)::text AS outlay_amount,
           coalesce(gv.total, 0)::numeric(23, 2)::text AS current_total_budget_authority_amount
    FROM agencies g
    JOIN toptier_agency t ON t.toptier_agency_id = g.toptier_agency_id
    JOIN active ac ON ac.toptier_agency_id = t.toptier_agency_id
    LEFT JOIN balances b ON b.toptier_agency_id = t.toptier_agency_id AND b.fy = ac.fy AND b.fq = ac.fq
    LEFT JOIN government gv ON gv.fy = ac.fy AND gv.fp = ac.fp
    ORDER BY t.toptier_agency_id
  `);
}

/** The toptier agency of an agency id, or null when the id is unknown. */
export async function findToptierOfAgency(db: CommonQueryMethods, agencyId: number): Promise<number | null> {
  return db.maybeOneFirst(sql.type(z.object({ toptier_agency_id: z.number() }))`
    SELECT toptier_agency_id FROM agency WHERE id = ${agencyId}
  `);
}

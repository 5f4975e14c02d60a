import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/**
 * The latest published submission of each agency, fiscal year and period, among those `where` selects
 * (alias `s` = submission_attributes). A submission counts once its window is revealed (or when it has no
 * window in the schedule). A quarterly submission carries its quarter's last period, so asking for a
 * period picks exactly one submission per agency: monthly and quarterly ones are never both counted.
 */
function latestSubmissions(where: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`
    SELECT DISTINCT ON (s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period)
      s.submission_id, s.toptier_code, s.reporting_fiscal_year AS fy, s.reporting_fiscal_period AS period,
      s.quarter_format_flag, s.published_date, s.certified_date
    FROM submission_attributes s
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE s.published_date IS NOT NULL AND (w.id IS NULL OR w.submission_reveal_date <= now()) AND ${where}
    ORDER BY s.toptier_code, s.reporting_fiscal_year, s.reporting_fiscal_period, s.published_date DESC, s.submission_id DESC`;
}

/**
 * Per submission (`sub`) and Treasury account: File A obligations and budgetary resources (`fa`), File B
 * obligations (`fb`), and the GTAS obligations of the agency's accounts in the submission's period (`g`).
 */
const ACCOUNT_CTES = sql.fragment`
  fa AS (
    SELECT sub.submission_id, aab.treasury_account_identifier AS tas_id,
      sum(aab.obligations_incurred_total_by_tas_cpe) AS obligation, sum(aab.total_budgetary_resources_amount_cpe) AS resources
    FROM sub JOIN appropriation_account_balances aab ON aab.submission_id = sub.submission_id
    GROUP BY 1, 2
  ),
  fb AS (
    SELECT sub.submission_id, b.treasury_account_id AS tas_id, sum(b.obligations_incurred_by_program_object_class_cpe) AS obligation
    FROM sub JOIN financial_accounts_by_program_activity_object_class b ON b.submission_id = sub.submission_id
    GROUP BY 1, 2
  ),
  g AS (
    -- From the agency's accounts to their GTAS rows of the period (an index lookup each); joining GTAS to the
    -- submissions first would pair every GTAS row of the period with every agency.
    SELECT sub.submission_id, taa.treasury_account_identifier AS tas_id, x.obligation
    FROM sub
    JOIN toptier_agency t ON t.toptier_code = sub.toptier_code
    JOIN treasury_appropriation_account taa ON taa.funding_toptier_agency_id = t.toptier_agency_id
    CROSS JOIN LATERAL (
      SELECT sum(gt.obligations_incurred_total_cpe) AS obligation FROM gtas_sf133_balances gt
      WHERE gt.fiscal_year = sub.fy AND gt.fiscal_period = sub.period AND gt.treasury_account_identifier = taa.treasury_account_identifier
    ) x
    WHERE x.obligation IS NOT NULL
  ),
  ab AS (
    SELECT coalesce(fa.submission_id, fb.submission_id) AS submission_id, coalesce(fa.tas_id, fb.tas_id) AS tas_id,
      coalesce(fa.obligation, 0) AS file_a, coalesce(fb.obligation, 0) AS file_b
    FROM fa FULL JOIN fb ON fb.submission_id = fa.submission_id AND fb.tas_id = fa.tas_id
  ),
  missing AS (
    SELECT g.* FROM g LEFT JOIN fa ON fa.submission_id = g.submission_id AND fa.tas_id = g.tas_id
    WHERE g.obligation <> 0 AND fa.tas_id IS NULL
  )`;

const FiguresRow = z.object({
  submission_id: z.number(),
  toptier_code: z.string(),
  agency_name: z.string(),
  abbreviation: z.string().nullable(),
  agency_id: z.number().nullable(),
  fiscal_year: z.number(),
  fiscal_period: z.number(),
  recent_publication_date: z.string().nullable(),
  recent_publication_date_certified: z.boolean(),
  current_total_budget_authority_amount: z.number().nullable(),
  total_budgetary_resources: z.number().nullable(),
  gtas_obligation_total: z.number().nullable(),
  tas_accounts_total: z.number().nullable(),
  tas_obligation_not_in_gtas_total: z.number(),
  missing_tas_accounts_count: z.number(),
  obligation_difference: z.number().nullable(),
  unlinked_contract_award_count: z.number(),
  unlinked_assistance_award_count: z.number(),
});
export type FiguresRow = z.infer<typeof FiguresRow>;

const ISO = (col: FragmentSqlToken) => sql.fragment`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Procurement File C rows carry a PIID; assistance rows a FAIN or URI. Awards: contracts and IDVs vs the rest. */
const C_IS_PROCUREMENT = sql.fragment`(f.piid IS NOT NULL)`;
const D_IS_PROCUREMENT = sql.fragment`(a.category IN ('contract', 'idv'))`;

/**
 * Linked and unlinked award counts of an agency for a fiscal year up to a period (see unlinkedAwards), as a
 * LATERAL subquery over `sub` (one row per procurement flag).
 */
const UNLINKED = sql.fragment`
  SELECT procurement,
    count(DISTINCT c_key) FILTER (WHERE linked_award IS NULL AND c_key IS NOT NULL)::int AS unlinked_c,
    count(DISTINCT linked_award)::int AS linked,
    coalesce(max(unlinked_d), 0)::int AS unlinked_d
  FROM (
    SELECT ${C_IS_PROCUREMENT} AS procurement, f.award_id AS linked_award,
      coalesce(f.distinct_award_key, concat_ws('|', f.piid, f.parent_award_id, f.fain, f.uri)) AS c_key, NULL::bigint AS unlinked_d
    FROM submission_attributes cs
    JOIN financial_accounts_by_awards f ON f.submission_id = cs.submission_id
    WHERE cs.toptier_code = sub.toptier_code AND cs.reporting_fiscal_year = sub.fy AND cs.reporting_fiscal_period <= sub.period
      AND cs.published_date IS NOT NULL
    UNION ALL
    SELECT ${D_IS_PROCUREMENT}, NULL, NULL, count(*)
    FROM award_search a
    WHERE a.awarding_toptier_agency_code = sub.toptier_code
      AND a.action_date >= make_date(sub.fy - 1, 10, 1)
      AND a.action_date < (make_date(sub.fy - 1, 10, 1) + make_interval(months => sub.period))::date
      AND NOT EXISTS (SELECT 1 FROM financial_accounts_by_awards fx WHERE fx.award_id = a.award_id)
    GROUP BY 1
  ) x
  GROUP BY procurement`;

/**
 * Submission statistics (the figures of the reporting overviews) of the latest published submissions that
 * `where` selects (alias `s` = submission_attributes): File A budgetary resources and obligations, GTAS
 * obligations of the agency's accounts, the GTAS obligations and count of the accounts missing from File A,
 * File A minus File B obligations, unlinked File C and File D award counts (contracts, assistance), and the
 * government-wide GTAS total budgetary resources of the period.
 */
export async function submissionFigures(db: CommonQueryMethods, where: FragmentSqlToken): Promise<readonly FiguresRow[]> {
  // Each CTE is summed per submission once and joined (correlated sums over CTEs would rescan them per row).
  return db.any(sql.type(FiguresRow)`
    WITH sub AS (${latestSubmissions(where)}),
    ${ACCOUNT_CTES},
    fa_t AS (SELECT submission_id, sum(resources) AS resources, sum(obligation) AS obligation FROM fa GROUP BY 1),
    g_t AS (SELECT submission_id, sum(obligation) AS obligation FROM g GROUP BY 1),
    m_t AS (SELECT submission_id, sum(obligation) AS obligation, count(*) AS n FROM missing GROUP BY 1),
    ab_t AS (SELECT submission_id, sum(file_a - file_b) AS difference FROM ab GROUP BY 1),
    u_t AS (
      SELECT sub.submission_id,
        sum(u.unlinked_c + u.unlinked_d) FILTER (WHERE u.procurement) AS contracts,
        sum(u.unlinked_c + u.unlinked_d) FILTER (WHERE NOT u.procurement) AS assistance
      FROM sub CROSS JOIN LATERAL (${UNLINKED}) u
      GROUP BY 1
    ),
    gov AS (
      SELECT fiscal_year, fiscal_period, sum(total_budgetary_resources_cpe) AS resources
      FROM gtas_sf133_balances
      WHERE (fiscal_year, fiscal_period) IN (SELECT fy, period FROM sub)
      GROUP BY 1, 2
    )
    SELECT sub.submission_id, sub.toptier_code, t.name AS agency_name, t.abbreviation,
      toptier_agency_row_id(t.toptier_agency_id) AS agency_id,
      sub.fy AS fiscal_year, sub.period AS fiscal_period,
      ${ISO(sql.fragment`sub.published_date`)} AS recent_publication_date,
      sub.certified_date IS NOT NULL AS recent_publication_date_certified,
      fa_t.resources::float8 AS current_total_budget_authority_amount,
      gov.resources::float8 AS total_budgetary_resources,
      g_t.obligation::float8 AS gtas_obligation_total,
      fa_t.obligation::float8 AS tas_accounts_total,
      coalesce(m_t.obligation, 0)::float8 AS tas_obligation_not_in_gtas_total,
      coalesce(m_t.n, 0)::int AS missing_tas_accounts_count,
      ab_t.difference::float8 AS obligation_difference,
      coalesce(u_t.contracts, 0)::int AS unlinked_contract_award_count,
      coalesce(u_t.assistance, 0)::int AS unlinked_assistance_award_count
    FROM sub
    JOIN toptier_agency t ON t.toptier_code = sub.toptier_code
    LEFT JOIN gov ON gov.fiscal_year = sub.fy AND gov.fiscal_period = sub.period
    LEFT JOIN fa_t ON fa_t.submission_id = sub.submission_id
    LEFT JOIN g_t ON g_t.submission_id = sub.submission_id
    LEFT JOIN m_t ON m_t.submission_id = sub.submission_id
    LEFT JOIN ab_t ON ab_t.submission_id = sub.submission_id
    LEFT JOIN u_t ON u_t.submission_id = sub.submission_id
  `);
}

/** Submissions of one fiscal year and period (agencies overview). */
export const ofPeriod = (fy: number, period: number): FragmentSqlToken =>
  sql.fragment`s.reporting_fiscal_year = ${fy} AND s.reporting_fiscal_period = ${period}`;

/** Submissions of one agency (agency overview). */
export const ofAgency = (toptierCode: string): FragmentSqlToken => sql.fragment`s.toptier_code = ${toptierCode}`;

/** Submissions of one agency, fiscal year and period. */
export const ofAgencyPeriod = (toptierCode: string, fy: number, period: number): FragmentSqlToken =>
  sql.fragment`s.toptier_code = ${toptierCode} AND ${ofPeriod(fy, period)}`;

const DifferenceRow = z.object({ tas: z.string(), file_a_obligation: z.number(), file_b_obligation: z.number(), difference: z.number() });

/** Per TAS of the agency's submission of the period: File A and File B obligations where they differ. */
export async function obligationDifferences(db: CommonQueryMethods, toptierCode: string, fy: number, period: number) {
  return db.any(sql.type(DifferenceRow)`
    WITH sub AS (${latestSubmissions(ofAgencyPeriod(toptierCode, fy, period))}),
    ${ACCOUNT_CTES}
    SELECT taa.tas_rendering_label AS tas, ab.file_a::float8 AS file_a_obligation, ab.file_b::float8 AS file_b_obligation,
      (ab.file_a - ab.file_b)::float8 AS difference
    FROM ab JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = ab.tas_id
    WHERE ab.file_a <> ab.file_b
  `);
}

const DiscrepancyRow = z.object({ tas: z.string(), amount: z.number() });

/** TAS of the agency with GTAS obligations in the period that its submission of the period leaves out of File A. */
export async function missingAccounts(db: CommonQueryMethods, toptierCode: string, fy: number, period: number) {
  return db.any(sql.type(DiscrepancyRow)`
    WITH sub AS (${latestSubmissions(ofAgencyPeriod(toptierCode, fy, period))}),
    ${ACCOUNT_CTES}
    SELECT taa.tas_rendering_label AS tas, missing.obligation::float8 AS amount
    FROM missing JOIN treasury_appropriation_account taa ON taa.treasury_account_identifier = missing.tas_id
  `);
}

const HistoryRow = z.object({ publication_date: z.string().nullable(), certification_date: z.string().nullable() });

/** Publication and certification dates of the agency's submissions for a fiscal year and period, latest first. */
export async function submissionHistory(db: CommonQueryMethods, toptierCode: string, fy: number, period: number) {
  return db.any(sql.type(HistoryRow)`
    SELECT ${ISO(sql.fragment`s.published_date`)} AS publication_date, ${ISO(sql.fragment`s.certified_date`)} AS certification_date
    FROM submission_attributes s
    LEFT JOIN dabs_submission_window_schedule w ON w.id = s.submission_window_id
    WHERE ${ofAgencyPeriod(toptierCode, fy, period)} AND (w.id IS NULL OR w.submission_reveal_date <= now())
      AND (s.published_date IS NOT NULL OR s.certified_date IS NOT NULL)
    ORDER BY s.published_date DESC NULLS LAST, s.certified_date DESC NULLS LAST, s.submission_id DESC
  `);
}

const UnlinkedRow = z.object({ unlinked_file_c_award_count: z.number(), unlinked_file_d_award_count: z.number(), total_linked_award_count: z.number() });

/**
 * Linked and unlinked awards of an agency in a fiscal year up to a period. File C: the rows of the agency's
 * published submissions of the year up to the period; an unlinked row names no award (counted by its award key).
 * File D: the awards the agency awarded with an action date from the start of the year to the end of the period
 * that no File C row links to. Linked: the distinct awards the File C rows link to.
 */
export async function unlinkedAwards(db: CommonQueryMethods, toptierCode: string, fy: number, period: number, procurement: boolean) {
  return db.one(sql.type(UnlinkedRow)`
    WITH sub AS (SELECT ${toptierCode}::text AS toptier_code, ${fy}::int AS fy, ${period}::int AS period)
    SELECT coalesce(sum(u.unlinked_c), 0)::int AS unlinked_file_c_award_count,
      coalesce(sum(u.unlinked_d), 0)::int AS unlinked_file_d_award_count,
      coalesce(sum(u.linked), 0)::int AS total_linked_award_count
    FROM sub LEFT JOIN LATERAL (${UNLINKED}) u ON u.procurement = ${procurement}
  `);
}

const PublishRow = z.object({
  toptier_code: z.string(),
  agency_name: z.string(),
  abbreviation: z.string().nullable(),
  current_total_budget_authority_amount: z.number(),
  periods: z.array(z.object({
    period: z.number(),
    quarter: z.number(),
    quarterly: z.boolean(),
    publication_date: z.string().nullable(),
    certification_date: z.string().nullable(),
  })),
});
export type PublishRow = z.infer<typeof PublishRow>;

/**
 * Agencies with published submissions in a fiscal year: each period's latest submission (dates, quarterly
 * flag) and the File A total budgetary resources of the agency's latest submission of the year.
 */
export async function publishDates(db: CommonQueryMethods, fy: number) {
  return db.any(sql.type(PublishRow)`
    WITH sub AS (${latestSubmissions(sql.fragment`s.reporting_fiscal_year = ${fy}`)}),
    latest AS (SELECT DISTINCT ON (toptier_code) toptier_code, submission_id FROM sub ORDER BY toptier_code, period DESC)
    SELECT sub.toptier_code, t.name AS agency_name, t.abbreviation,
      coalesce((SELECT sum(aab.total_budgetary_resources_amount_cpe) FROM latest l
        JOIN appropriation_account_balances aab ON aab.submission_id = l.submission_id WHERE l.toptier_code = sub.toptier_code), 0)::float8
        AS current_total_budget_authority_amount,
      json_agg(json_build_object('period', sub.period, 'quarter', (sub.period + 2) / 3, 'quarterly', sub.quarter_format_flag,
        'publication_date', ${ISO(sql.fragment`sub.published_date`)}, 'certification_date', ${ISO(sql.fragment`sub.certified_date`)})
        ORDER BY sub.period) AS periods
    FROM sub JOIN toptier_agency t ON t.toptier_code = sub.toptier_code
    GROUP BY sub.toptier_code, t.name, t.abbreviation
  `);
}

/** Whether a toptier agency has this code. */
export async function toptierExists(db: CommonQueryMethods, toptierCode: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM toptier_agency WHERE toptier_code = ${toptierCode}`);
}

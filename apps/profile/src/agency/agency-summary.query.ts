import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { latestSubmissionsFragment, REVEALED_SUBMISSIONS } from './latest-submissions.query';

const Agency = z.object({
  toptier_agency_id: z.number(),
  toptier_code: z.string(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  agency_id: z.number().nullable(),
  icon_filename: z.string().nullable(),
  mission: z.string().nullable(),
  website: z.string().nullable(),
  justification: z.string().nullable(),
  about_agency_data: z.string().nullable(),
  subtier_agency_count: z.number(),
});
export type AgencyRow = z.infer<typeof Agency>;

/** The toptier agency of a code with its smallest agency id and its number of subtier agencies, or null. */
export async function findToptierAgency(db: CommonQueryMethods, toptierCode: string): Promise<AgencyRow | null> {
  return db.maybeOne(sql.type(Agency)`
    SELECT t.toptier_agency_id, t.toptier_code, t.name, t.abbreviation, t.icon_filename, t.mission, t.website, t.justification,
      t.about_agency_data,
      (SELECT min(a.id) FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id) AS agency_id,
      (SELECT count(*)::int FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id AND a.subtier_agency_id IS NOT NULL) AS subtier_agency_count
    FROM toptier_agency t WHERE t.toptier_code = ${toptierCode}`);
}

/**
 * Rebuilds the agency summary tables when a source table changed since the last build (migration 0110's
 * triggers set the flag). Cheap when fresh: one primary-key read.
 */
export async function ensureAgencySummaries(db: CommonQueryMethods): Promise<void> {
  const stale = await db.oneFirst(sql.type(z.object({ stale: z.boolean() }))`SELECT stale FROM agency_summary_state WHERE id = 1`);
  if (stale) await db.query(sql.unsafe`SELECT refresh_agency_summaries()`);
}

const DefCode = z.object({
  code: z.string(),
  public_law: z.string(),
  title: z.string().nullable(),
  urls: z.array(z.string()).nullable(),
  disaster: z.enum(['covid_19', 'infrastructure']).nullable(),
});

/** DEF codes in the agency's File B data of the latest submissions of the fiscal year (from the summary). */
export async function agencyDefCodes(db: CommonQueryMethods, toptierAgencyId: number, fiscalYear: number) {
  return db.any(sql.type(DefCode)`
    SELECT d.code, d.public_law, d.title, CASE WHEN d.urls IS NULL OR d.urls = '' THEN NULL ELSE string_to_array(d.urls, '|') END AS urls,
      d.group_name AS disaster
    FROM disaster_emergency_fund_code d
    WHERE d.code IN (
      SELECT x.defc FROM agency_submission_defc x
      WHERE x.toptier_agency_id = ${toptierAgencyId} AND x.submission_id IN (SELECT submission_id FROM (${latestSubmissionsFragment(fiscalYear)}) l))
    ORDER BY d.code`);
}

const YearRow = z.object({
  fy: z.number(),
  agency_budgetary_resources: z.coerce.number().nullable(),
  agency_total_obligated: z.coerce.number().nullable(),
  agency_total_outlayed: z.coerce.number().nullable(),
  total_budgetary_resources: z.coerce.number().nullable(),
});
const PeriodRow = z.object({ fy: z.number(), period: z.number(), obligated: z.coerce.number() });

/**
 * Per fiscal year from `fromYear` to `toYear`: the agency's File A totals in the latest submissions of the
 * year, the GTAS government total of the year's latest period, and the agency's obligations per period.
 */
export async function agencyBudgetaryResources(db: CommonQueryMethods, toptierAgencyId: number, fromYear: number, toYear: number) {
  const years = await db.any(sql.type(YearRow)`
    WITH subs AS (${REVEALED_SUBMISSIONS}),
    agency AS (
      SELECT s.fy, sum(b.total_budgetary_resources) AS tbr, sum(b.obligated) AS obligated, sum(b.outlay) AS outlay
      FROM subs s JOIN agency_submission_balance b ON b.submission_id = s.submission_id AND b.toptier_agency_id = ${toptierAgencyId}
      WHERE s.is_latest GROUP BY s.fy
    ),
    gov AS (
      SELECT DISTINCT ON (fiscal_year) fiscal_year, total_budgetary_resources FROM gtas_period_total
      ORDER BY fiscal_year, fiscal_period DESC
    )
    SELECT y AS fy, a.tbr::text AS agency_budgetary_resources, a.obligated::text AS agency_total_obligated,
      a.outlay::text AS agency_total_outlayed, g.total_budgetary_resources::text AS total_budgetary_resources
    FROM generate_series(${fromYear}::int, ${toYear}::int) y
    LEFT JOIN agency a ON a.fy = y LEFT JOIN gov g ON g.fiscal_year = y
    ORDER BY y DESC`);
  const periods = await db.any(sql.type(PeriodRow)`
    SELECT s.fy, s.period, sum(b.obligated)::text AS obligated
    FROM (${REVEALED_SUBMISSIONS}) s
    JOIN agency_submission_balance b ON b.submission_id = s.submission_id AND b.toptier_agency_id = ${toptierAgencyId}
    WHERE s.fy BETWEEN ${fromYear} AND ${toYear}
    GROUP BY s.fy, s.period ORDER BY s.fy, s.period`);
  return { years, periods };
}

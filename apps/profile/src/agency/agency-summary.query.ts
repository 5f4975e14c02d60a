import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AGENCY_COLUMNS = sql.fragment`
  t.toptier_agency_id, t.toptier_code, t.name, t.abbreviation, t.icon_filename, t.mission, t.website, t.justification,
  t.about_agency_data,
  toptier_agency_row_id(t.toptier_agency_id) AS agency_id,
  (SELECT count(*)::int FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id AND a.subtier_agency_id IS NOT NULL) AS subtier_agency_count`;

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
  return db.maybeOne(sql.type(Agency)`SELECT ${AGENCY_COLUMNS} FROM toptier_agency t WHERE t.toptier_code = ${toptierCode}`);
}

const DefCode = z.object({
  code: z.string(),
  public_law: z.string(),
  title: z.string().nullable(),
  urls: z.array(z.string()).nullable(),
  disaster: z.enum(['covid_19', 'infrastructure']).nullable(),
});

const Overview = Agency.extend({ def_codes: z.array(DefCode) });

/**
 * The agency of a code (as findToptierAgency) with the DEF codes in its File B data of the latest submissions of
 * the fiscal year, in one statement; null for an unknown code. agency_def_codes() rebuilds the agency summaries
 * when they are stale and reads them with a cached plan.
 */
export async function agencyOverview(db: CommonQueryMethods, toptierCode: string, fiscalYear: number) {
  return db.maybeOne(sql.type(Overview)`
    SELECT ${AGENCY_COLUMNS}, agency_def_codes(t.toptier_agency_id, ${fiscalYear}::int) AS def_codes
    FROM toptier_agency t WHERE t.toptier_code = ${toptierCode}`);
}

const YearRow = z.object({
  fy: z.number(),
  agency_budgetary_resources: z.number().nullable(),
  agency_total_obligated: z.number().nullable(),
  agency_total_outlayed: z.number().nullable(),
  total_budgetary_resources: z.number().nullable(),
});
const PeriodRow = z.object({ fy: z.number(), period: z.number(), obligated: z.number() });
const BudgetaryResources = Agency.extend({ resources: z.object({ years: z.array(YearRow), periods: z.array(PeriodRow) }) });

/**
 * The agency of a code (as findToptierAgency) and, per fiscal year from `fromYear` to `toYear` (latest first):
 * its File A totals in the latest submissions of the year, the GTAS government total of the year's latest
 * period, and its obligations per period (agency_budgetary_resources(), which rebuilds stale summaries first);
 * in one statement, null for an unknown code.
 */
export async function agencyBudgetaryResources(db: CommonQueryMethods, toptierCode: string, fromYear: number, toYear: number) {
  return db.maybeOne(sql.type(BudgetaryResources)`
    SELECT ${AGENCY_COLUMNS}, agency_budgetary_resources(t.toptier_agency_id, ${fromYear}::int, ${toYear}::int) AS resources
    FROM toptier_agency t WHERE t.toptier_code = ${toptierCode}`);
}

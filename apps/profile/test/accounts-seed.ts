/**
 * Hand-made account data with known values for the account endpoint tests: one agency, two of its federal
 * accounts (the first with two Treasury accounts), submissions of one fiscal year for periods 9 and 12 (period 12
 * submitted twice: only the later certification counts) and an older fiscal year; File A and File B rows whose
 * amounts the tests sum themselves. The template's generated account rows of that agency are removed first. The
 * summaries are then rebuilt by the data layer's own function.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { insertRows } from './seed';

export const FY = 2023;
export const OLD_FY = 2022;

export interface SeedSubmission { id: number; fy: number; period: number; certified: string; counts: boolean }
export interface SeedFileA { tas: number; submission: number; tbr: number; obligated: number; outlay: number; appropriated: number; bf: number; other: number }
export interface SeedFileB { tas: number; submission: number; pa: number; oc: number; obligated: number; outlay: number }

export interface AccountSeed {
  toptierId: number;
  toptierCode: string;
  agencyId: number;
  /** federal account id -> code and TAS ids/labels */
  accounts: Array<{ id: number; code: string; title: string | null; tas: Array<{ id: number; label: string }> }>;
  submissions: SeedSubmission[];
  fileA: SeedFileA[];
  fileB: SeedFileB[];
  objectClasses: Array<{ id: number; code: string; major: string; name: string }>;
  programActivities: Array<{ id: number; code: string; name: string }>;
}

const TasRow = z.object({ tas: z.number(), label: z.string(), fa: z.number(), code: z.string(), title: z.string().nullable(), toptier: z.number() });

/** Writes the seed and refreshes the account summaries. */
export async function seedAccountData(db: CommonQueryMethods): Promise<AccountSeed> {
  // An agency with two federal accounts, the first of which has at least two Treasury accounts.
  const tasRows = await db.any(sql.type(TasRow)`
    WITH fa AS (
      SELECT t.funding_toptier_agency_id AS toptier, t.federal_account_id AS fa, count(*) AS n
      FROM treasury_appropriation_account t
      WHERE t.federal_account_id IS NOT NULL AND t.funding_toptier_agency_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM agency a WHERE a.toptier_agency_id = t.funding_toptier_agency_id AND a.toptier_flag)
      GROUP BY 1, 2
    ), pick AS (
      SELECT toptier FROM fa GROUP BY toptier HAVING count(*) >= 2 AND max(n) >= 2 ORDER BY toptier LIMIT 1
    ), accounts AS (
      SELECT fa.fa FROM fa JOIN pick USING (toptier) ORDER BY fa.n DESC, fa.fa LIMIT 2
    )
    SELECT t.treasury_account_identifier AS tas, t.tas_rendering_label AS label, f.id AS fa, f.federal_account_code AS code,
      f.account_title AS title, t.funding_toptier_agency_id AS toptier
    FROM treasury_appropriation_account t JOIN federal_account f ON f.id = t.federal_account_id
    WHERE t.federal_account_id IN (SELECT fa FROM accounts) AND t.funding_toptier_agency_id = (SELECT toptier FROM pick)
    ORDER BY f.id, t.treasury_account_identifier`);
  const toptierId = (tasRows[0] as z.infer<typeof TasRow>).toptier;
  const ag = await db.one(sql.type(z.object({ id: z.number(), code: z.string() }))`
    SELECT a.id, ta.toptier_code AS code FROM agency a JOIN toptier_agency ta USING (toptier_agency_id)
    WHERE a.toptier_agency_id = ${toptierId} AND a.toptier_flag ORDER BY a.id LIMIT 1`);
  const byFa = new Map<number, AccountSeed['accounts'][number]>();
  for (const r of tasRows) {
    const a = byFa.get(r.fa) ?? { id: r.fa, code: r.code, title: r.title, tas: [] };
    byFa.set(r.fa, a);
    if (a.tas.length < 2) a.tas.push({ id: r.tas, label: r.label });
  }
  const accounts = [...byFa.values()];
  const allTas = accounts.flatMap((a) => a.tas.map((t) => t.id));

  // The template's generated account data of this agency is replaced by the rows below.
  for (const table of ['appropriation_account_balances', 'financial_accounts_by_program_activity_object_class']) {
    const tas = sql.identifier([table === 'appropriation_account_balances' ? 'treasury_account_identifier' : 'treasury_account_id']);
    await db.query(sql.unsafe`
      DELETE FROM ${sql.identifier([table])}
      WHERE submission_id IN (SELECT submission_id FROM submission_attributes WHERE toptier_code = ${ag.code})
        OR ${tas} IN (SELECT treasury_account_identifier FROM treasury_appropriation_account WHERE funding_toptier_agency_id = ${toptierId})`);
  }

  const ocs = await db.any(sql.type(z.object({ id: z.number(), code: z.string(), major: z.string(), name: z.string() }))`
    SELECT DISTINCT ON (object_class) id, object_class AS code, major_object_class AS major, object_class_name AS name
    FROM object_class WHERE object_class IN ('111', '251', '410') ORDER BY object_class, id`);
  const pas = await db.any(sql.type(z.object({ id: z.number(), code: z.string(), name: z.string() }))`
    SELECT DISTINCT ON (program_activity_code) id, program_activity_code AS code, program_activity_name AS name
    FROM ref_program_activity ORDER BY program_activity_code, id LIMIT 2`);

  const submissions: SeedSubmission[] = [
    // Certified after anything the template's own rows hold for these periods, so these are the latest.
    { id: 880001, fy: FY, period: 9, certified: '2026-01-10T12:00:00Z', counts: false },
    { id: 880002, fy: FY, period: 12, certified: '2026-02-10T12:00:00Z', counts: false },
    { id: 880003, fy: FY, period: 12, certified: '2026-03-20T12:00:00Z', counts: true },
    { id: 880004, fy: OLD_FY, period: 12, certified: '2026-01-10T12:00:00Z', counts: true },
  ];
  // Revealed windows for the periods (the reference data has them; written only when missing).
  for (const s of submissions) {
    await db.query(sql.unsafe`
      INSERT INTO dabs_submission_window_schedule (id, period_start_date, period_end_date, submission_start_date, submission_due_date,
        certification_due_date, submission_reveal_date, submission_fiscal_year, submission_fiscal_quarter, submission_fiscal_month, is_quarter)
      VALUES (${s.fy * 1000 + s.period * 10}, now(), now(), now(), now(), now(), '2000-01-01', ${s.fy}, ${Math.ceil(s.period / 3)}, ${s.period}, false)
      ON CONFLICT (id) DO NOTHING`);
  }
  await insertRows(db, 'submission_attributes', submissions.map((s) => ({
    submission_id: s.id, toptier_code: ag.code, reporting_fiscal_year: s.fy, reporting_fiscal_quarter: Math.ceil(s.period / 3),
    reporting_fiscal_period: s.period, quarter_format_flag: false, is_final_balances_for_fy: s.counts && s.fy === FY,
    reporting_period_start: `${s.fy}-${String(((s.period + 8) % 12) + 1).padStart(2, '0')}-01`,
    reporting_period_end: `${s.fy}-${String(((s.period + 8) % 12) + 1).padStart(2, '0')}-28`,
    published_date: s.certified, certified_date: s.certified,
  })));

  const fileA: SeedFileA[] = [];
  const fileB: SeedFileB[] = [];
  allTas.forEach((tas, i) => {
    for (const [j, s] of submissions.entries()) {
      const scale = (s.period / 12) * (1 + j * 0.1);
      const ob: SeedFileB[] = ocs.flatMap((oc, k) => pas.map((pa, m) => ({
        tas, submission: s.id, pa: pa.id, oc: oc.id,
        obligated: Math.round((1000 * (i + 1) + 100 * k + 10 * m) * scale * 100) / 100,
        outlay: Math.round((500 * (i + 1) + 50 * k + 5 * m) * scale * 100) / 100,
      })));
      fileB.push(...ob);
      const obligated = Math.round(ob.reduce((x, r) => x + r.obligated, 0) * 100) / 100;
      const outlay = Math.round(ob.reduce((x, r) => x + r.outlay, 0) * 100) / 100;
      fileA.push({ tas, submission: s.id, tbr: 90000 + i * 1000 + j, obligated, outlay, appropriated: 70000 + i, bf: 5000 + i, other: 300 + i });
    }
  });
  await insertRows(db, 'appropriation_account_balances', fileA.map((a) => ({
    treasury_account_identifier: a.tas, submission_id: a.submission, total_budgetary_resources_amount_cpe: a.tbr,
    obligations_incurred_total_by_tas_cpe: a.obligated, gross_outlay_amount_by_tas_cpe: a.outlay,
    budget_authority_appropriated_amount_cpe: a.appropriated, budget_authority_unobligated_balance_brought_forward_fyb: a.bf,
    adjustments_to_unobligated_balance_brought_forward_cpe: 0, other_budgetary_resources_amount_cpe: a.other,
    unobligated_balance_cpe: Math.round((a.tbr - a.obligated) * 100) / 100,
  })));
  await insertRows(db, 'financial_accounts_by_program_activity_object_class', fileB.map((b) => ({
    treasury_account_id: b.tas, submission_id: b.submission, program_activity_id: b.pa, object_class_id: b.oc,
    obligations_incurred_by_program_object_class_cpe: b.obligated, gross_outlay_amount_by_program_object_class_cpe: b.outlay,
  })));
  await db.query(sql.unsafe`SELECT refresh_account_summaries()`);
  return { toptierId, toptierCode: ag.code, agencyId: ag.id, accounts, submissions, fileA, fileB, objectClasses: [...ocs], programActivities: [...pas] };
}

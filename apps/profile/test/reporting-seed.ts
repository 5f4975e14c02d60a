/**
 * Hand-made account rows of one test agency (toptier 9990) with known values, on top of the generated template
 * data: two federal accounts with four Treasury accounts (the fourth only in GTAS), three published submissions
 * of FY2024 (P6, and P7 twice: an older one that a later publication replaces), File A, File B, GTAS and File C
 * rows, two awards with File C rows, one award without, and transactions. Tests compute what the endpoints must
 * answer from the `ReportingSeed` this returns.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { insertRows } from './seed';

export const AGENCY = { code: '9990', name: 'REPORTING TEST AGENCY', abbreviation: 'RTAX' };
export const FY = 2024;

export interface SeedTas { id: number; label: string; federalAccount: number; budgetFunction: string; subfunction: string }
export interface SeedSubmission { id: number; period: number; published: string; certified: string | null; quarterly: boolean }
export interface FileARow { submission: number; tas: number; obligation: number; resources: number }
export interface FileBRow { submission: number; tas: number; objectClass: number; programActivity: number; obligation: number }
export interface GtasRow { period: number; tas: number; obligation: number; resources: number }
export interface FileCRow { submission: number; tas: number; awardId: number | null; piid: string | null; fain: string | null; objectClass: number; programActivity: number; obligation: number }
export interface SeedAwardRow { id: number; key: string; category: 'contract' | 'grant'; piid: string | null; fain: string | null; actionDate: string; recipient: string }

export interface ReportingSeed {
  toptierAgencyId: number;
  agencyId: number;
  federalAccounts: { id: number; code: string; title: string }[];
  tas: SeedTas[];
  objectClasses: { id: number; major: string; code: string }[];
  programActivities: { id: number; code: string; name: string }[];
  submissions: SeedSubmission[];
  fileA: FileARow[];
  fileB: FileBRow[];
  gtas: GtasRow[];
  fileC: FileCRow[];
  awards: SeedAwardRow[];
  transactions: { id: number; awardId: number; category: string; recipient: string; obligation: number; date: string }[];
}

const IdRow = z.object({ id: z.number() });
const OcRow = z.object({ id: z.number(), major: z.string(), code: z.string() });
const PaRow = z.object({ id: z.number(), code: z.string(), name: z.string() });

/** Writes the test agency's rows and returns them. */
export async function seedReportingData(db: CommonQueryMethods): Promise<ReportingSeed> {
  const toptierAgencyId = await db.oneFirst(sql.type(IdRow)`
    INSERT INTO toptier_agency (toptier_code, abbreviation, name) VALUES (${AGENCY.code}, ${AGENCY.abbreviation}, ${AGENCY.name})
    RETURNING toptier_agency_id AS id`);
  const agencyId = await db.oneFirst(sql.type(IdRow)`
    INSERT INTO agency (toptier_agency_id, toptier_flag, user_selectable) VALUES (${toptierAgencyId}, true, true) RETURNING id`);
  const federalAccounts: ReportingSeed['federalAccounts'] = [];
  for (const [main, title] of [['0001', 'TEST SALARIES'], ['0002', 'TEST GRANTS']] as const) {
    const id = await db.oneFirst(sql.type(IdRow)`
      INSERT INTO federal_account (agency_identifier, main_account_code, federal_account_code, account_title, parent_toptier_agency_id)
      VALUES (${AGENCY.code}, ${main}, ${`${AGENCY.code}-${main}`}, ${title}, ${toptierAgencyId}) RETURNING id`);
    federalAccounts.push({ id, code: `${AGENCY.code}-${main}`, title });
  }
  const [fa1, fa2] = federalAccounts as [ReportingSeed['federalAccounts'][number], ReportingSeed['federalAccounts'][number]];
  const tasSpec = [
    { label: `${AGENCY.code}-X-0001-001`, main: '0001', sub: '001', federalAccount: fa1.id, budgetFunction: '990', subfunction: '991' },
    { label: `${AGENCY.code}-X-0001-002`, main: '0001', sub: '002', federalAccount: fa1.id, budgetFunction: '990', subfunction: '992' },
    { label: `${AGENCY.code}-X-0002-000`, main: '0002', sub: '000', federalAccount: fa2.id, budgetFunction: '995', subfunction: '996' },
    { label: `${AGENCY.code}-X-0002-009`, main: '0002', sub: '009', federalAccount: fa2.id, budgetFunction: '995', subfunction: '996' },
  ];
  const tas: SeedTas[] = [];
  for (const t of tasSpec) {
    const id = await db.oneFirst(sql.type(IdRow)`
      INSERT INTO treasury_appropriation_account (tas_rendering_label, agency_id, availability_type_code, main_account_code, sub_account_code,
        account_title, budget_function_code, budget_function_title, budget_subfunction_code, budget_subfunction_title,
        federal_account_id, funding_toptier_agency_id)
      VALUES (${t.label}, ${AGENCY.code}, 'X', ${t.main}, ${t.sub}, ${`TEST ${t.label}`}, ${t.budgetFunction}, ${`TEST FUNCTION ${t.budgetFunction}`},
        ${t.subfunction}, ${`TEST SUBFUNCTION ${t.subfunction}`}, ${t.federalAccount}, ${toptierAgencyId})
      RETURNING treasury_account_identifier AS id`);
    tas.push({ id, label: t.label, federalAccount: t.federalAccount, budgetFunction: t.budgetFunction, subfunction: t.subfunction });
  }
  const [t1, t2, t3, t4] = tas.map((t) => t.id) as [number, number, number, number];
  const objectClasses = [...(await db.many(sql.type(OcRow)`
    SELECT DISTINCT ON (major_object_class) id, major_object_class AS major, object_class AS code
    FROM object_class ORDER BY major_object_class, id LIMIT 2`))];
  const programActivities = [...(await db.many(sql.type(PaRow)`
    SELECT DISTINCT ON (program_activity_code) id, program_activity_code AS code, program_activity_name AS name
    FROM ref_program_activity ORDER BY program_activity_code, id LIMIT 2`))];
  const [oc1, oc2] = objectClasses.map((o) => o.id) as [number, number];
  const [pa1, pa2] = programActivities.map((p) => p.id) as [number, number];

  const submissions: SeedSubmission[] = [
    { id: 9990601, period: 6, published: '2024-04-20T12:00:00.000000Z', certified: '2024-04-25T12:00:00.000000Z', quarterly: false },
    { id: 9990701, period: 7, published: '2024-05-15T12:00:00.000000Z', certified: null, quarterly: false },
    { id: 9990702, period: 7, published: '2024-05-20T08:30:00.000000Z', certified: '2024-05-21T09:00:00.000000Z', quarterly: false },
  ];
  await insertRows(db, 'submission_attributes', submissions.map((s) => ({
    submission_id: s.id, toptier_code: AGENCY.code, reporting_agency_name: AGENCY.name, reporting_fiscal_year: FY,
    reporting_fiscal_quarter: Math.ceil(s.period / 3), reporting_fiscal_period: s.period, quarter_format_flag: s.quarterly,
    published_date: s.published, certified_date: s.certified,
  })));
  const fileA: FileARow[] = [
    { submission: 9990601, tas: t1, obligation: 400, resources: 3000 },
    { submission: 9990601, tas: t3, obligation: 100, resources: 900 },
    // Replaced by the later publication of P7: never counted.
    { submission: 9990701, tas: t1, obligation: 999999, resources: 999999 },
    { submission: 9990702, tas: t1, obligation: 1000, resources: 5000 },
    { submission: 9990702, tas: t2, obligation: 500, resources: 2000 },
    { submission: 9990702, tas: t3, obligation: 300, resources: 1000 },
  ];
  const fileB: FileBRow[] = [
    { submission: 9990601, tas: t1, objectClass: oc1, programActivity: pa1, obligation: 400 },
    { submission: 9990601, tas: t3, objectClass: oc2, programActivity: pa2, obligation: 90 },
    { submission: 9990701, tas: t1, objectClass: oc1, programActivity: pa1, obligation: 999999 },
    { submission: 9990702, tas: t1, objectClass: oc1, programActivity: pa1, obligation: 600 },
    { submission: 9990702, tas: t1, objectClass: oc2, programActivity: pa2, obligation: 400 },
    { submission: 9990702, tas: t2, objectClass: oc1, programActivity: pa2, obligation: 480 },
    { submission: 9990702, tas: t3, objectClass: oc2, programActivity: pa1, obligation: 200 },
    { submission: 9990702, tas: t3, objectClass: oc2, programActivity: pa2, obligation: 150 },
  ];
  const gtas: GtasRow[] = [
    { period: 7, tas: t1, obligation: 1000, resources: 5100 },
    { period: 7, tas: t2, obligation: 520, resources: 2000 },
    { period: 7, tas: t3, obligation: 300, resources: 1000 },
    { period: 7, tas: t4, obligation: 77, resources: 80 },
    { period: 6, tas: t1, obligation: 400, resources: 3000 },
    { period: 6, tas: t3, obligation: 100, resources: 900 },
  ];
  const awards: SeedAwardRow[] = [
    { id: 9990001, key: 'CONT_AWD_RTA1_9990_-NONE-_-NONE-', category: 'contract', piid: 'RTA1', fain: null, actionDate: '2024-01-15', recipient: 'REPORTING RECIPIENT ONE' },
    { id: 9990002, key: 'ASST_NON_RTAG1_9990', category: 'grant', piid: null, fain: 'RTAG1', actionDate: '2024-02-15', recipient: 'REPORTING RECIPIENT TWO' },
    { id: 9990003, key: 'CONT_AWD_RTA2_9990_-NONE-_-NONE-', category: 'contract', piid: 'RTA2', fain: null, actionDate: '2024-03-10', recipient: 'REPORTING RECIPIENT ONE' },
  ];
  const fileC: FileCRow[] = [
    { submission: 9990601, tas: t1, awardId: 9990001, piid: 'RTA1', fain: null, objectClass: oc1, programActivity: pa1, obligation: 100 },
    { submission: 9990702, tas: t1, awardId: 9990001, piid: 'RTA1', fain: null, objectClass: oc1, programActivity: pa1, obligation: 50 },
    { submission: 9990702, tas: t3, awardId: 9990002, piid: null, fain: 'RTAG1', objectClass: oc2, programActivity: pa2, obligation: 200 },
    { submission: 9990702, tas: t2, awardId: null, piid: 'RTAUNLINKED', fain: null, objectClass: oc1, programActivity: pa2, obligation: 30 },
    { submission: 9990702, tas: t3, awardId: null, piid: null, fain: 'RTAGUNLINKED', objectClass: oc2, programActivity: pa1, obligation: 20 },
    // Replaced submission: never counted.
    { submission: 9990701, tas: t1, awardId: 9990001, piid: 'RTA1', fain: null, objectClass: oc1, programActivity: pa1, obligation: 5000 },
  ];
  await insertRows(db, 'appropriation_account_balances', fileA.map((r) => ({
    submission_id: r.submission, treasury_account_identifier: r.tas, obligations_incurred_total_by_tas_cpe: r.obligation,
    total_budgetary_resources_amount_cpe: r.resources,
  })));
  await insertRows(db, 'financial_accounts_by_program_activity_object_class', fileB.map((r) => ({
    submission_id: r.submission, treasury_account_id: r.tas, object_class_id: r.objectClass, program_activity_id: r.programActivity,
    obligations_incurred_by_program_object_class_cpe: r.obligation,
  })));
  await insertRows(db, 'gtas_sf133_balances', gtas.map((r) => ({
    fiscal_year: FY, fiscal_period: r.period, treasury_account_identifier: r.tas, obligations_incurred_total_cpe: r.obligation,
    total_budgetary_resources_cpe: r.resources,
  })));
  await insertRows(db, 'award_search', awards.map((a) => ({
    award_id: a.id, generated_unique_award_id: a.key, display_award_id: a.piid ?? a.fain, is_fpds: a.category === 'contract',
    category: a.category, type: a.category === 'contract' ? 'D' : '04', piid: a.piid, fain: a.fain, action_date: a.actionDate,
    date_signed: a.actionDate, fiscal_year: FY, awarding_toptier_agency_code: AGENCY.code, awarding_toptier_agency_name: AGENCY.name,
    awarding_toptier_agency_id: toptierAgencyId, awarding_agency_id: agencyId, recipient_name: a.recipient,
  })));
  await insertRows(db, 'financial_accounts_by_awards', fileC.map((r) => ({
    submission_id: r.submission, treasury_account_id: r.tas, award_id: r.awardId, piid: r.piid, fain: r.fain,
    object_class_id: r.objectClass, program_activity_id: r.programActivity, transaction_obligated_amount: r.obligation,
  })));
  const transactions = [
    { id: 99900011, awardId: 9990001, category: 'contract', recipient: 'REPORTING RECIPIENT ONE', obligation: 700, date: '2024-01-15' },
    { id: 99900012, awardId: 9990001, category: 'contract', recipient: 'REPORTING RECIPIENT ONE', obligation: -50.25, date: '2024-04-01' },
    { id: 99900031, awardId: 9990003, category: 'contract', recipient: 'REPORTING RECIPIENT ONE', obligation: 300, date: '2024-03-10' },
    { id: 99900021, awardId: 9990002, category: 'grant', recipient: 'REPORTING RECIPIENT TWO', obligation: 900, date: '2024-02-15' },
    // Another fiscal year: not in FY2024's list.
    { id: 99900022, awardId: 9990002, category: 'grant', recipient: 'REPORTING RECIPIENT TWO', obligation: 55, date: '2024-10-15' },
  ];
  await insertRows(db, 'transaction_search', transactions.map((t) => {
    const a = awards.find((x) => x.id === t.awardId) as SeedAwardRow;
    return {
      transaction_id: t.id, award_id: t.awardId, generated_unique_award_id: a.key, transaction_unique_id: `RTA_${t.id}`,
      is_fpds: a.category === 'contract', action_date: t.date, fiscal_year: Number(t.date.slice(0, 4)) + (Number(t.date.slice(5, 7)) >= 10 ? 1 : 0),
      type: a.category === 'contract' ? 'D' : '04', award_category: t.category, federal_action_obligation: t.obligation,
      awarding_toptier_agency_id: toptierAgencyId, awarding_toptier_agency_code: AGENCY.code, awarding_agency_id: agencyId, recipient_name: t.recipient,
    };
  }));
  return { toptierAgencyId, agencyId, federalAccounts, tas, objectClasses, programActivities, submissions, fileA, fileB, gtas, fileC, awards, transactions };
}

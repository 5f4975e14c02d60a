/**
 * Hand-made agency rows with known values: a new toptier agency (code 9990) with two subtier agencies, two
 * budget bureaus, three federal accounts and four Treasury accounts; submissions over three fiscal years
 * (an early period, a quarterly and a monthly submission of the same final period, one not yet revealed);
 * File A, File B and GTAS rows on them; and a few awards and transactions. Nothing else in the database
 * belongs to this agency, so the tests compute every expected value from these rows.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { insertRows } from './seed';

export const CODE = '9990';
export const FY = 2024;
export const RECIPIENTS = { R1: '99900000-0000-4000-8000-000000000001', R2: '99900000-0000-4000-8000-000000000002', R3: '99900000-0000-4000-8000-000000000003' };

export interface SeedTas { id: number; label: string; title: string; fa: string; bureau: string; bf: string; bfTitle: string; sbf: string; sbfTitle: string }
export interface SeedSubmission { id: number; fy: number; period: number; quarter: boolean; published: string }
export interface SeedFileA { tas: number; submission: number; tbr: number; obligated: number; outlay: number }
export interface SeedFileB { tas: number; submission: number; activityId: number; activity: string; objectClassId: number; defc: string | null; obligated: number; outlay: number }
export interface SeedTransaction { id: number; awardId: number; date: string; type: string; category: string; obligation: number; subtier: string; office: string; recipient: string }
export interface SeedAward { id: number; type: string; category: string; signed: string; subtier: string; office: string; obligation: number }

export interface AgencySeed {
  toptierId: number;
  agencyId: number;
  subtiers: { code: string; name: string }[];
  federalAccounts: { code: string; title: string }[];
  tas: SeedTas[];
  submissions: SeedSubmission[];
  fileA: SeedFileA[];
  fileB: SeedFileB[];
  gtas: { tas: number; fy: number; period: number; defc: string | null; tbr: number }[];
  objectClasses: { id: number; code: string; name: string; major: string }[];
  activities: { id: number; name: string }[];
  defc: { code: string; public_law: string; title: string | null }[];
  awards: SeedAward[];
  transactions: SeedTransaction[];
}

const Id = z.object({ id: z.number() });
const Oc = z.object({ id: z.number(), code: z.string(), name: z.string(), major: z.string() });
const Defc = z.object({ code: z.string(), public_law: z.string(), title: z.string().nullable() });

/** Writes the agency rows (see the file comment) and returns them. */
export async function seedAgencyData(db: CommonQueryMethods): Promise<AgencySeed> {
  const toptierId = await db.oneFirst(sql.type(z.object({ toptier_agency_id: z.number() }))`
    INSERT INTO toptier_agency (toptier_code, abbreviation, name, mission, website, justification, icon_filename, slug)
    VALUES (${CODE}, 'TAA', 'Test Agency of Accounts', 'Test the accounts.', 'https://example.gov/', 'https://example.gov/cj', 'TAA.jpg', 'test-agency-of-accounts')
    RETURNING toptier_agency_id`);
  const subtiers = [{ code: '99901', name: 'TEST BUREAU OF WIDGETS' }, { code: '99902', name: 'TEST OFFICE OF GADGETS' }];
  const agencyIds: number[] = [];
  for (const s of subtiers) {
    const subId = await db.oneFirst(sql.type(z.object({ subtier_agency_id: z.number() }))`
      INSERT INTO subtier_agency (subtier_code, abbreviation, name) VALUES (${s.code}, NULL, ${s.name}) RETURNING subtier_agency_id`);
    agencyIds.push(await db.oneFirst(sql.type(Id)`
      INSERT INTO agency (toptier_agency_id, subtier_agency_id, toptier_flag, user_selectable) VALUES (${toptierId}, ${subId}, false, true) RETURNING id`));
  }
  const federalAccounts = [
    { code: '999-0100', title: 'Widget Salaries' },
    { code: '999-0200', title: 'Gadget Construction' },
    { code: '999-0300', title: 'Emergency Widgets' },
  ];
  const faIds = new Map<string, number>();
  for (const fa of federalAccounts) {
    const [aid, main] = fa.code.split('-') as [string, string];
    faIds.set(fa.code, await db.oneFirst(sql.type(Id)`
      INSERT INTO federal_account (agency_identifier, main_account_code, federal_account_code, account_title, parent_toptier_agency_id)
      VALUES (${aid}, ${main}, ${fa.code}, ${fa.title}, ${toptierId}) RETURNING id`));
  }
  const tasDefs = [
    { label: '999-X-0100-000', fa: '999-0100', bureau: 'Bureau of Widgets', bf: '050', bfTitle: 'National Defense', sbf: '051', sbfTitle: 'Department of Defense-Military' },
    { label: '999-2024/2024-0100-000', fa: '999-0100', bureau: 'Bureau of Widgets', bf: '050', bfTitle: 'National Defense', sbf: '053', sbfTitle: 'Atomic energy defense activities' },
    { label: '999-X-0200-000', fa: '999-0200', bureau: 'Office of Gadgets', bf: '300', bfTitle: 'Natural Resources and Environment', sbf: '301', sbfTitle: 'Water resources' },
    { label: '999-X-0300-000', fa: '999-0300', bureau: 'Office of Gadgets', bf: '300', bfTitle: 'Natural Resources and Environment', sbf: '301', sbfTitle: 'Water resources' },
  ];
  const tas: SeedTas[] = [];
  for (const t of tasDefs) {
    const [aid, , main, sub] = t.label.split('-') as [string, string, string, string];
    const title = `${federalAccounts.find((f) => f.code === t.fa)?.title ?? ''} (${t.label})`;
    const id = await db.oneFirst(sql.type(z.object({ treasury_account_identifier: z.number() }))`
      INSERT INTO treasury_appropriation_account (tas_rendering_label, agency_id, main_account_code, sub_account_code, account_title,
        budget_bureau_name, budget_function_code, budget_function_title, budget_subfunction_code, budget_subfunction_title,
        federal_account_id, funding_toptier_agency_id)
      VALUES (${t.label}, ${aid}, ${main}, ${sub}, ${title}, ${t.bureau}, ${t.bf}, ${t.bfTitle}, ${t.sbf}, ${t.sbfTitle},
        ${faIds.get(t.fa) ?? null}, ${toptierId})
      RETURNING treasury_account_identifier`);
    tas.push({ id, title, ...t });
  }
  const objectClasses = [...await db.any(sql.type(Oc)`
    SELECT DISTINCT ON (major_object_class) id, object_class AS code, object_class_name AS name, major_object_class_name AS major
    FROM object_class WHERE major_object_class IN ('10', '20', '30') ORDER BY major_object_class, id`)];
  const activities: { id: number; name: string }[] = [];
  for (const [code, name] of [['0001', 'TEST WIDGET OPERATIONS'], ['0002', 'TEST GADGET BUILDING'], ['0003', 'TEST WIDGET OPERATIONS']] as const) {
    activities.push({ id: await db.oneFirst(sql.type(Id)`
      INSERT INTO ref_program_activity (program_activity_code, program_activity_name, budget_year, responsible_agency_id, main_account_code)
      VALUES (${code}, ${name}, '2024', '999', ${code === '0002' ? '0200' : '0100'}) RETURNING id`), name });
  }
  const defc = [...await db.any(sql.type(Defc)`SELECT code, public_law, title FROM disaster_emergency_fund_code ORDER BY code LIMIT 2`)];
  const d1 = defc[0]?.code ?? null;
  const d2 = defc[1]?.code ?? null;

  const past = '2020-01-01 00:00:00+00';
  const submissions: SeedSubmission[] = [
    { id: 999001, fy: 2023, period: 12, quarter: true, published: past },
    { id: 999002, fy: FY, period: 6, quarter: false, published: past },
    { id: 999003, fy: FY, period: 12, quarter: true, published: past },
    { id: 999004, fy: FY, period: 12, quarter: false, published: past },
    { id: 999005, fy: 2025, period: 3, quarter: false, published: '2999-01-01 00:00:00+00' },
  ];
  await insertRows(db, 'submission_attributes', submissions.map((s) => ({
    submission_id: s.id, toptier_code: CODE, reporting_agency_name: 'Test Agency of Accounts', reporting_fiscal_year: s.fy,
    reporting_fiscal_quarter: Math.ceil(s.period / 3), reporting_fiscal_period: s.period, quarter_format_flag: s.quarter,
    is_final_balances_for_fy: s.period === 12, submission_window_id: null, published_date: s.published, certified_date: s.published,
  })));
  const [t1, t2, t3, t4] = tas.map((t) => t.id) as [number, number, number, number];
  const fileA: SeedFileA[] = [];
  const addA = (submission: number, rows: [number, number, number, number][]) => {
    for (const [t, tbr, obligated, outlay] of rows) fileA.push({ tas: t, submission, tbr, obligated, outlay });
  };
  addA(999001, [[t1, 500, 300, 100], [t3, 200, 150, 75.5]]);
  addA(999002, [[t1, 1000, 400, 150], [t2, 300, 100, 50], [t3, 800, 200, 90]]);
  addA(999003, [[t1, 1100, 700, 300], [t2, 320, 250, 120], [t3, 900, 600.25, 400]]);
  addA(999004, [[t1, 1200, 800.5, 350.25], [t2, 330, 260, 125], [t3, 950, 650, 410], [t4, 75.75, 40, 10]]);
  addA(999005, [[t1, 99999, 99999, 99999]]);
  await insertRows(db, 'appropriation_account_balances', fileA.map((a) => ({
    treasury_account_identifier: a.tas, submission_id: a.submission, total_budgetary_resources_amount_cpe: a.tbr,
    obligations_incurred_total_by_tas_cpe: a.obligated, gross_outlay_amount_by_tas_cpe: a.outlay,
  })));
  const [oc1, oc2, oc3] = objectClasses as [typeof objectClasses[0], typeof objectClasses[0], typeof objectClasses[0]];
  const [pa1, pa2, pa3] = activities as [typeof activities[0], typeof activities[0], typeof activities[0]];
  const fileB: SeedFileB[] = [];
  const addB = (submission: number, rows: [number, { id: number; name: string }, { id: number }, string | null, number, number][]) => {
    for (const [t, pa, oc, d, obligated, outlay] of rows) {
      fileB.push({ tas: t, submission, activityId: pa.id, activity: pa.name, objectClassId: oc.id, defc: d, obligated, outlay });
    }
  };
  addB(999002, [[t1, pa1, oc1, null, 400, 150]]);
  addB(999003, [[t1, pa1, oc1, null, 700, 300], [t3, pa2, oc2, d1, 600.25, 400]]);
  addB(999004, [
    [t1, pa1, oc1, null, 500.5, 200.25], [t1, pa3, oc2, d1, 300, 150], [t2, pa1, oc3, null, 260, 125],
    [t3, pa2, oc2, d1, 450, 300], [t3, pa2, oc3, d2, 200, 110], [t4, pa3, oc1, d2, 40, 10],
  ]);
  addB(999005, [[t1, pa1, oc1, null, 99999, 99999]]);
  await insertRows(db, 'financial_accounts_by_program_activity_object_class', fileB.map((b) => ({
    treasury_account_id: b.tas, submission_id: b.submission, program_activity_id: b.activityId, object_class_id: b.objectClassId,
    disaster_emergency_fund_code: b.defc, obligations_incurred_by_program_object_class_cpe: b.obligated,
    gross_outlay_amount_by_program_object_class_cpe: b.outlay,
  })));
  const gtas = [
    { tas: t1, fy: FY, period: 12, defc: null, tbr: 1200 },
    { tas: t3, fy: FY, period: 12, defc: d1, tbr: 700 },
    { tas: t3, fy: FY, period: 12, defc: d2, tbr: 250.5 },
    { tas: t3, fy: FY, period: 9, defc: d1, tbr: 5000 },
  ];
  await db.query(sql.unsafe`DELETE FROM gtas_sf133_balances WHERE fiscal_year = ${FY}`);
  await insertRows(db, 'gtas_sf133_balances', gtas.map((g) => ({
    fiscal_year: g.fy, fiscal_period: g.period, treasury_account_identifier: g.tas, disaster_emergency_fund_code: g.defc, total_budgetary_resources_cpe: g.tbr,
  })));
  const awards: SeedAward[] = [
    { id: 9990001, type: 'A', category: 'contract', signed: '2023-11-02', subtier: '99901', office: '999AA1', obligation: 0 },
    { id: 9990002, type: 'IDV_B', category: 'idv', signed: '2024-03-15', subtier: '99901', office: '999AA2', obligation: 0 },
    { id: 9990003, type: '04', category: 'grant', signed: '2022-05-01', subtier: '99902', office: '999BB1', obligation: 0 },
    { id: 9990004, type: '07', category: 'loans', signed: '2024-09-30', subtier: '99902', office: '999BB1', obligation: 0 },
    { id: 9990005, type: '10', category: 'direct payment', signed: '2024-10-01', subtier: '99902', office: '999BB1', obligation: 0 },
  ];
  const transactions: SeedTransaction[] = [
    { id: 99900011, recipient: RECIPIENTS.R1, awardId: 9990001, date: '2023-11-02', obligation: 1000.5 },
    { id: 99900012, recipient: RECIPIENTS.R1, awardId: 9990001, date: '2024-06-30', obligation: -200 },
    { id: 99900021, recipient: RECIPIENTS.R2, awardId: 9990002, date: '2024-03-15', obligation: 50 },
    { id: 99900031, recipient: RECIPIENTS.R3, awardId: 9990003, date: '2022-05-01', obligation: 700 },
    { id: 99900032, recipient: RECIPIENTS.R3, awardId: 9990003, date: '2024-01-20', obligation: 300.25 },
    { id: 99900041, recipient: RECIPIENTS.R2, awardId: 9990004, date: '2024-09-30', obligation: 80 },
    { id: 99900051, recipient: RECIPIENTS.R1, awardId: 9990005, date: '2024-10-01', obligation: 999 },
  ].map((t) => {
    const a = awards.find((x) => x.id === t.awardId) as SeedAward;
    return { ...t, type: a.type, category: a.category, subtier: a.subtier, office: a.office };
  });
  for (const a of awards) a.obligation = transactions.filter((t) => t.awardId === a.id).reduce((x, t) => x + t.obligation, 0);
  const subtierName = (code: string) => subtiers.find((x) => x.code === code)?.name ?? null;
  const agencyColumns = (side: string, subtier: string, office: string) => ({
    [`${side}_toptier_agency_id`]: toptierId, [`${side}_toptier_agency_code`]: CODE, [`${side}_toptier_agency_name`]: 'Test Agency of Accounts',
    [`${side}_subtier_agency_code`]: subtier, [`${side}_subtier_agency_name`]: subtierName(subtier), [`${side}_office_code`]: office,
    [`${side}_office_name`]: `OFFICE ${office}`,
  });
  const fyOf = (d: string) => Number(d.slice(0, 4)) + (Number(d.slice(5, 7)) >= 10 ? 1 : 0);
  await insertRows(db, 'award_search', awards.map((a) => ({
    award_id: a.id, generated_unique_award_id: `TEST_AGENCY_${a.id}`, is_fpds: a.category === 'contract' || a.category === 'idv', type: a.type,
    category: a.category, date_signed: a.signed, fiscal_year: fyOf(a.signed), total_obligation: a.obligation, total_outlays: 0,
    ...agencyColumns('awarding', a.subtier, a.office),
  })));
  await insertRows(db, 'transaction_search', transactions.map((t) => ({
    transaction_id: t.id, award_id: t.awardId, generated_unique_award_id: `TEST_AGENCY_${t.awardId}`, transaction_unique_id: `TEST_AGENCY_T${t.id}`,
    is_fpds: t.category === 'contract' || t.category === 'idv', action_date: t.date, fiscal_year: fyOf(t.date), type: t.type, award_category: t.category,
    federal_action_obligation: t.obligation, generated_pragmatic_obligation: t.obligation, recipient_hash: t.recipient, ...agencyColumns('awarding', t.subtier, t.office),
  })));
  return { toptierId, agencyId: Math.min(...agencyIds), subtiers, federalAccounts, tas, submissions, fileA, fileB, gtas, objectClasses, activities, defc,
    awards, transactions };
}

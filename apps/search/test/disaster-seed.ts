/**
 * Hand-made account data for the disaster suites: submission windows, submissions of two agencies (one
 * resubmission, one before the reporting start, one in an unrevealed window, one quarterly), File C and GTAS rows.
 * Which submissions count, and which hold the year's latest balances, is written down here by hand
 * (`counted`, `latest`) so the suites compute expected values from the rows independently of the SQL.
 */
import { sql, type CommonQueryMethods } from 'slonik';
import { insertRows } from './seed';

const PAST = '2021-06-01T00:00:00Z';
const FUTURE = '2999-01-01T00:00:00Z';

function window(fy: number, period: number, isQuarter: boolean, reveal: string) {
  return {
    id: fy * 1000 + period * 10 + (isQuarter ? 1 : 0),
    period_start_date: PAST,
    period_end_date: PAST,
    submission_start_date: PAST,
    submission_due_date: PAST,
    certification_due_date: PAST,
    submission_reveal_date: reveal,
    submission_fiscal_year: fy,
    submission_fiscal_quarter: Math.ceil(period / 3),
    submission_fiscal_month: period,
    is_quarter: isQuarter,
  };
}

export interface Submission {
  submission_id: number;
  toptier_code: string;
  fy: number;
  period: number;
  quarter: boolean;
  certified: string;
  /** Counted by the disaster endpoints (from FY2020 P7, revealed, latest of its agency and period). */
  counted: boolean;
  /** Holds its fiscal year's latest (fiscal-year-to-date) balances. */
  latest: boolean;
}

export const SUBMISSIONS: Submission[] = [
  { submission_id: 1, toptier_code: 'Z01', fy: 2020, period: 6, quarter: false, certified: '2020-04-10', counted: false, latest: false },
  { submission_id: 2, toptier_code: 'Z01', fy: 2020, period: 7, quarter: false, certified: '2020-05-10', counted: true, latest: false },
  { submission_id: 3, toptier_code: 'Z01', fy: 2020, period: 12, quarter: false, certified: '2020-10-10', counted: false, latest: false },
  { submission_id: 4, toptier_code: 'Z01', fy: 2020, period: 12, quarter: false, certified: '2020-11-20', counted: true, latest: true },
  { submission_id: 5, toptier_code: 'Z01', fy: 2021, period: 3, quarter: false, certified: '2021-01-20', counted: true, latest: true },
  { submission_id: 6, toptier_code: 'Z01', fy: 2021, period: 4, quarter: false, certified: '2021-02-20', counted: false, latest: false },
  { submission_id: 7, toptier_code: 'Z02', fy: 2021, period: 3, quarter: true, certified: '2021-01-25', counted: true, latest: true },
];

export interface FileCRow {
  submission_id: number;
  treasury_account_id: number;
  object_class_id?: number;
  award_id: number | null;
  piid?: string;
  fain?: string;
  disaster_emergency_fund_code: string | null;
  transaction_obligated_amount: number;
  gross_outlay_amount_by_award_cpe: number;
  ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe?: number;
  ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe?: number;
}

const FILE_C_ROWS: FileCRow[] = [
  { submission_id: 1, treasury_account_id: 900001, award_id: 9000001, piid: 'P1', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 8000, gross_outlay_amount_by_award_cpe: 800 },
  { submission_id: 2, treasury_account_id: 900001, award_id: 9000001, piid: 'P1', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 100.25, gross_outlay_amount_by_award_cpe: 10 },
  { submission_id: 3, treasury_account_id: 900001, award_id: 9000001, piid: 'P1', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 999, gross_outlay_amount_by_award_cpe: 999 },
  { submission_id: 4, treasury_account_id: 900002, award_id: 9000002, fain: 'F2', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 200, gross_outlay_amount_by_award_cpe: 50, ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe: 5 },
  { submission_id: 4, treasury_account_id: 900003, award_id: 9000003, fain: 'F3', disaster_emergency_fund_code: 'M', transaction_obligated_amount: 40, gross_outlay_amount_by_award_cpe: 4 },
  { submission_id: 4, treasury_account_id: 900001, award_id: 9000001, piid: 'P1', disaster_emergency_fund_code: null, transaction_obligated_amount: 11, gross_outlay_amount_by_award_cpe: 1 },
  { submission_id: 5, treasury_account_id: 900003, award_id: 9000003, fain: 'F3', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 300, gross_outlay_amount_by_award_cpe: 30 },
  { submission_id: 5, treasury_account_id: 900003, award_id: 9000004, fain: 'F4', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 25, gross_outlay_amount_by_award_cpe: 0 },
  { submission_id: 5, treasury_account_id: 900002, award_id: 9000004, fain: 'F4', disaster_emergency_fund_code: 'L', transaction_obligated_amount: -25, gross_outlay_amount_by_award_cpe: 0 },
  { submission_id: 5, treasury_account_id: 900003, award_id: 9000005, fain: 'F5', disaster_emergency_fund_code: 'Z9', transaction_obligated_amount: 7000, gross_outlay_amount_by_award_cpe: 700 },
  { submission_id: 6, treasury_account_id: 900002, award_id: 9000002, fain: 'F2', disaster_emergency_fund_code: 'L', transaction_obligated_amount: 5000, gross_outlay_amount_by_award_cpe: 500 },
  { submission_id: 7, treasury_account_id: 900003, award_id: null, piid: 'P9', disaster_emergency_fund_code: 'M', transaction_obligated_amount: 60, gross_outlay_amount_by_award_cpe: 6, ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe: -1 },
];

/** The File C rows; object class by the row's position (X91, X92, X93 in turn). */
export const FILE_C: FileCRow[] = FILE_C_ROWS.map((r, i) => ({ ...r, object_class_id: 9001 + (i % 3) }));

export interface Award {
  award_id: number;
  type: string;
  awarding_toptier_agency_code: string;
  awarding_subtier_agency_code: string;
  recipient_hash: string;
  cfda_number: string | null;
  total_loan_value: number | null;
}

/** Recipients of the awards: name, UEI and profile levels. */
export const RECIPIENTS: Record<string, { name: string; uei: string | null; levels: string[] }> = {};

/** Where an award's recipient is and where it is performed: state code, county code, district. */
export interface Place {
  state: string;
  county: string;
  district: string;
}

/** Test states (codes and FIPS outside the real ones) with county and district populations. */
export const STATES = [
  { code: 'ZA', fips: '97', name: 'ZETA ALPHA', population: 1000 },
  { code: 'ZB', fips: '98', name: 'ZETA BETA', population: 3000 },
];
export const COUNTY_POPULATION = [
  { state: 'ZA', county: '001', name: 'NORTH COUNTY', population: 400 },
  { state: 'ZA', county: '002', name: 'SOUTH COUNTY', population: 600 },
  { state: 'ZB', county: '001', name: 'EAST COUNTY', population: 3000 },
];
export const DISTRICT_POPULATION = [
  { state: 'ZA', district: '01', population: 1000 },
  { state: 'ZB', district: '01', population: 1000 },
  { state: 'ZB', district: '02', population: 2000 },
];

const R1 = '91111111-1111-4111-8111-111111111111';
const R2 = '92222222-2222-4222-8222-222222222222';
RECIPIENTS[R1] = { name: 'ALPHA RELIEF INC', uei: 'ZZALPHA00001', levels: ['C', 'R'] };
RECIPIENTS[R2] = { name: 'BETA LENDING LLC', uei: null, levels: [] };

/** Recipient location and place of performance of each award. */
export const PLACES: Record<number, { recipient: Place; pop: Place }> = {
  9000001: { recipient: { state: 'ZA', county: '001', district: '01' }, pop: { state: 'ZB', county: '001', district: '02' } },
  9000002: { recipient: { state: 'ZB', county: '001', district: '01' }, pop: { state: 'ZB', county: '001', district: '01' } },
  9000003: { recipient: { state: 'ZA', county: '002', district: '01' }, pop: { state: 'ZA', county: '002', district: '01' } },
  9000004: { recipient: { state: 'ZB', county: '001', district: '02' }, pop: { state: 'ZA', county: '001', district: '01' } },
  9000005: { recipient: { state: 'ZA', county: '001', district: '01' }, pop: { state: 'ZA', county: '001', district: '01' } },
};

/** Assistance listings in the reference table (10.004 is left out: found on an award only). */
export const CFDA_PROGRAMS = [
  { id: 99001, program_number: '10.001', program_title: 'Disaster Grants', federal_agency: 'Disaster Test Agency', objectives: 'Grants', applicant_eligibility: 'Anyone', beneficiary_eligibility: 'Everyone', website_address: 'https://example.test/10.001', url: 'https://example.test/l/10.001' },
  { id: 99002, program_number: '10.002', program_title: 'Disaster Loans', federal_agency: 'Disaster Test Agency', objectives: 'Loans', applicant_eligibility: 'Firms', beneficiary_eligibility: 'Firms', website_address: null, url: null },
  { id: 99003, program_number: '10.003', program_title: 'Recovery Loans', federal_agency: 'Disaster Test Department', objectives: 'Loans', applicant_eligibility: 'Firms', beneficiary_eligibility: 'Firms', website_address: null, url: null },
];

export const AWARDS: Award[] = [
  { award_id: 9000001, awarding_subtier_agency_code: 'Z911', type: 'A', awarding_toptier_agency_code: 'Z91', recipient_hash: R1, cfda_number: null, total_loan_value: null },
  { award_id: 9000002, awarding_subtier_agency_code: 'Z921', type: '02', awarding_toptier_agency_code: 'Z92', recipient_hash: R2, cfda_number: '10.001', total_loan_value: null },
  { award_id: 9000003, awarding_subtier_agency_code: 'Z922', type: '07', awarding_toptier_agency_code: 'Z92', recipient_hash: R1, cfda_number: '10.002', total_loan_value: 5000 },
  { award_id: 9000004, awarding_subtier_agency_code: 'Z911', type: '08', awarding_toptier_agency_code: 'Z91', recipient_hash: R2, cfda_number: '10.003', total_loan_value: 777 },
  { award_id: 9000005, awarding_subtier_agency_code: 'Z911', type: '07', awarding_toptier_agency_code: 'Z91', recipient_hash: R2, cfda_number: '10.004', total_loan_value: 333 },
];

/** Awarding subtier agencies of the awards (Z911 under Z91, Z921 and Z922 under Z92). */
export const SUBTIERS = [
  { subtier_agency_id: 9101, subtier_code: 'Z911', name: 'Disaster Test Bureau' },
  { subtier_agency_id: 9201, subtier_code: 'Z921', name: 'Disaster Grants Office' },
  { subtier_agency_id: 9202, subtier_code: 'Z922', name: 'Disaster Loans Office' },
];

/** Treasury accounts: their federal account and the toptier agency owning them. */
export const ACCOUNTS = [
  { treasury_account_identifier: 900001, federal_account_id: 90001, funding_toptier_agency_id: 9001 },
  { treasury_account_identifier: 900002, federal_account_id: 90002, funding_toptier_agency_id: 9002 },
  { treasury_account_identifier: 900003, federal_account_id: 90003, funding_toptier_agency_id: 9002 },
];

/** Object classes by id: their code. */
export const OBJECT_CLASSES: Record<number, string> = { 9001: 'X91', 9002: 'X92', 9003: 'X93' };
/** Major object class of each object class id (X91 and X92 under 9Y, X93 under 9Z). */
export const MAJOR_CLASSES: Record<number, { code: string; name: string }> = {
  9001: { code: '9Y', name: 'Test major Y' },
  9002: { code: '9Y', name: 'Test major Y' },
  9003: { code: '9Z', name: 'Test major Z' },
};

export interface FileBRow {
  submission_id: number;
  treasury_account_id: number;
  object_class_id: number;
  disaster_emergency_fund_code: string;
  obligations_incurred_by_program_object_class_cpe: number;
  gross_outlay_amount_by_program_object_class_cpe: number;
}

const b = (submission: number, tas: number, oc: number, defc: string, obl: number, out: number): FileBRow => ({
  submission_id: submission,
  treasury_account_id: tas,
  object_class_id: oc,
  disaster_emergency_fund_code: defc,
  obligations_incurred_by_program_object_class_cpe: obl,
  gross_outlay_amount_by_program_object_class_cpe: out,
});

export const FILE_B: FileBRow[] = [
  b(4, 900001, 9001, 'L', 500, 100),
  b(4, 900002, 9002, 'M', 0, 0),
  b(5, 900003, 9001, 'L', 50, 0),
  b(2, 900003, 9002, 'M', 0, 3),
  b(6, 900002, 9003, 'L', 9, 9),
  b(1, 900002, 9003, 'L', 9, 9),
  b(5, 900002, 9003, 'Z9', 9, 9),
];

export interface GtasRow {
  fiscal_year: number;
  fiscal_period: number;
  treasury_account_identifier: number;
  disaster_emergency_fund_code: string;
  total_budgetary_resources_cpe: number;
  obligations_incurred_total_cpe: number;
  deobligations_or_recoveries_or_refunds_from_prior_year_cpe: number;
  gross_outlay_amount_by_tas_cpe: number;
  prior_year_paid_obligation_recoveries: number;
  /** The latest GTAS period of its fiscal year (from FY2020 P7 on), so counted. */
  counted: boolean;
}

const g = (fy: number, period: number, tas: number, defc: string, tbr: number, obl: number, deob: number, out: number, paid: number, counted: boolean): GtasRow => ({
  fiscal_year: fy,
  fiscal_period: period,
  treasury_account_identifier: tas,
  disaster_emergency_fund_code: defc,
  total_budgetary_resources_cpe: tbr,
  obligations_incurred_total_cpe: obl,
  deobligations_or_recoveries_or_refunds_from_prior_year_cpe: deob,
  gross_outlay_amount_by_tas_cpe: out,
  prior_year_paid_obligation_recoveries: paid,
  counted,
});

export const GTAS: GtasRow[] = [
  g(2020, 9, 900001, 'L', 1000, 400, 0, 100, 0, false),
  g(2020, 12, 900001, 'L', 1500.5, 800, 20, 300, 5, true),
  g(2020, 12, 900002, 'M', 400, 100, 0, 50, 0, true),
  g(2021, 2, 900001, 'L', 12345, 1, 1, 1, 1, false),
  g(2021, 3, 900001, 'L', 700, 200, 10, 90, 1, true),
  g(2021, 3, 900003, 'Z9', 9999, 5, 0, 5, 0, true),
];

/** Replaces the template's account data and submission windows with the rows above; DEF codes L, M, N (COVID-19) and Z9. */
export async function seedDisasterData(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    TRUNCATE financial_accounts_by_awards, financial_accounts_by_program_activity_object_class,
      appropriation_account_balances, submission_attributes, gtas_sf133_balances, dabs_submission_window_schedule
  `);
  await db.query(sql.unsafe`
    INSERT INTO disaster_emergency_fund_code (code, public_law, title, group_name, earliest_public_law_enactment_date)
    VALUES ('L', 'PL 116-136', 'CARES', 'covid_19', '2020-03-27'), ('M', 'PL 116-136', 'CARES', 'covid_19', '2020-03-27'),
      ('N', 'PL 116-136', 'CARES', 'covid_19', '2020-03-27'), ('Z9', 'PL 0-0', 'Test code', NULL, NULL)
    ON CONFLICT (code) DO UPDATE SET group_name = excluded.group_name
  `);
  await insertRows(db, 'dabs_submission_window_schedule', [
    window(2020, 6, false, PAST),
    window(2020, 7, false, PAST),
    window(2020, 12, false, PAST),
    window(2021, 3, false, PAST),
    window(2021, 4, false, FUTURE),
    window(2021, 3, true, PAST),
  ]);
  await insertRows(
    db,
    'submission_attributes',
    SUBMISSIONS.map((s) => ({
      submission_id: s.submission_id,
      toptier_code: s.toptier_code,
      reporting_fiscal_year: s.fy,
      reporting_fiscal_quarter: Math.ceil(s.period / 3),
      reporting_fiscal_period: s.period,
      quarter_format_flag: s.quarter,
      submission_window_id: s.fy * 1000 + s.period * 10 + (s.quarter ? 1 : 0),
      certified_date: s.certified,
    })),
  );
  await insertRows(db, 'financial_accounts_by_awards', FILE_C.map((r) => ({ ...r })));
  await insertRows(db, 'financial_accounts_by_program_activity_object_class', FILE_B.map((r) => ({ ...r })));
  await insertRows(db, 'toptier_agency', [
    { toptier_agency_id: 9001, toptier_code: 'Z91', name: 'Disaster Test Department', slug: 'disaster-test-department' },
    { toptier_agency_id: 9002, toptier_code: 'Z92', name: 'Disaster Test Agency', slug: 'disaster-test-agency' },
  ]);
  await insertRows(db, 'subtier_agency', SUBTIERS);
  await insertRows(db, 'federal_account', [
    { id: 90001, agency_identifier: '991', main_account_code: '0001', federal_account_code: '991-0001', account_title: 'Relief', parent_toptier_agency_id: 9001 },
    { id: 90002, agency_identifier: '992', main_account_code: '0002', federal_account_code: '992-0002', account_title: 'Loans', parent_toptier_agency_id: 9002 },
    { id: 90003, agency_identifier: '992', main_account_code: '0003', federal_account_code: '992-0003', account_title: 'Grants', parent_toptier_agency_id: 9002 },
  ]);
  await insertRows(
    db,
    'treasury_appropriation_account',
    ACCOUNTS.map((a) => ({ ...a, tas_rendering_label: `DISASTER-TEST-${a.treasury_account_identifier}`, agency_id: '991', main_account_code: '0001', sub_account_code: '000' })),
  );
  await insertRows(
    db,
    'object_class',
    Object.entries(OBJECT_CLASSES).map(([id, code]) => ({
      id: Number(id),
      major_object_class: MAJOR_CLASSES[Number(id)]!.code,
      major_object_class_name: MAJOR_CLASSES[Number(id)]!.name,
      object_class: code,
      object_class_name: `Test ${code}`,
    })),
  );
  const place = (side: 'recipient_location' | 'pop', p: Place) => {
    const st = STATES.find((x) => x.code === p.state)!;
    return {
      [`${side}_state_code`]: p.state,
      [`${side}_state_fips`]: st.fips,
      [`${side}_state_name`]: st.name,
      [`${side}_county_code`]: p.county,
      [`${side}_congressional_code`]: p.district,
      [`${side}_country_code`]: 'USA',
    };
  };
  await insertRows(
    db,
    'award_search',
    AWARDS.map((a) => ({
      ...a,
      generated_unique_award_id: `DISASTER_TEST_${a.award_id}`,
      is_fpds: a.type === 'A',
      recipient_name: RECIPIENTS[a.recipient_hash]!.name,
      recipient_uei: RECIPIENTS[a.recipient_hash]!.uei,
      recipient_levels: RECIPIENTS[a.recipient_hash]!.levels,
      ...place('recipient_location', PLACES[a.award_id]!.recipient),
      ...place('pop', PLACES[a.award_id]!.pop),
    })),
  );
  await db.query(sql.unsafe`DELETE FROM references_cfda WHERE program_number LIKE '10.00_' OR id >= 99001`);
  await insertRows(db, 'references_cfda', CFDA_PROGRAMS);
  await insertRows(
    db,
    'ref_population_county',
    [
      ...STATES.map((st) => ({ state_code: st.fips, county_number: '000', state_name: st.name, county_name: null, latest_population: st.population })),
      ...COUNTY_POPULATION.map((c) => ({ state_code: STATES.find((x) => x.code === c.state)!.fips, county_number: c.county, state_name: null, county_name: c.name, latest_population: c.population })),
    ],
  );
  await insertRows(
    db,
    'ref_population_cong_district',
    DISTRICT_POPULATION.map((d) => ({ state_code: STATES.find((x) => x.code === d.state)!.fips, state_abbreviation: d.state, congressional_district: d.district, latest_population: d.population })),
  );
  await insertRows(db, 'gtas_sf133_balances', GTAS.map(({ counted: _counted, ...r }) => r));
}

/**
 * Hand-made profile rows with known values: an IDV with two child contracts, a child IDV with two grandchild
 * contracts, a grant and a loan; a parent recipient with two children and a recipient without parent; three
 * subawards; File C rows on two Treasury accounts over two submissions. The rows are written like a loader
 * writes them (base columns only) and then derived by the data layer's own functions, so the tests check the
 * profile endpoints against numbers computed here from these rows.
 */
import { createHash } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

type Row = Record<string, unknown>;

/** Inserts rows given as objects; columns not given keep their defaults. */
export async function insertRows(db: CommonQueryMethods, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => sql.identifier([c]));
  const list = sql.join(columns, sql.fragment`, `);
  await db.query(sql.unsafe`
    INSERT INTO ${sql.identifier([table])} (${list})
    SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier([table])}, ${sql.json(rows as never)})
  `);
}

/** The data layer's recipient hash of a UEI: md5 of upper('uei-' || uei) as a UUID. */
export function recipientHash(uei: string): string {
  const h = createHash('md5').update(`uei-${uei}`.toUpperCase()).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An ISO day `days` before today (UTC). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export const PARENT = { uei: 'PRNTUEI00001', duns: '990000001', name: 'PROFILE PARENT HOLDINGS' };
export const CHILD1 = { uei: 'CHLDUEI00001', duns: '990000002', name: 'PROFILE CHILD ONE LLC' };
export const CHILD2 = { uei: 'CHLDUEI00002', duns: '990000003', name: 'PROFILE CHILD TWO INC' };
export const LONE = { uei: 'LONEUEI00001', duns: '990000004', name: 'PROFILE LONE CORP' };
type Recipient = typeof PARENT;

export interface SeedTransaction {
  id: number;
  mod: string;
  date: string;
  obligation: number;
  exercised?: number;
  allOptions?: number;
  face?: number;
  subsidy?: number;
  nonFederal?: number;
  totalFunding?: number;
  cfda?: string;
  description: string;
  detail?: Row;
}

export interface SeedAward {
  id: number;
  key: string;
  piid?: string;
  fain?: string;
  type: string;
  typeDescription: string;
  category: string;
  parentKey?: string;
  parentPiid?: string;
  recipient: Recipient;
  parent: Recipient | null;
  transactions: SeedTransaction[];
}

export interface ProfileSeed {
  sub: { code: string; name: string; toptierCode: string; toptierName: string; agencyId: number };
  state: { code: string; fips: string; name: string };
  awards: SeedAward[];
  subawards: Array<{ id: number; awardId: number; number: string; amount: number; date: string; name: string }>;
  fileC: Array<{ awardId: number; tas: number; federalAccountId: number; submission: number; obligation: number; outlay: number; defc: string | null }>;
  submissions: Array<{ id: number; fy: number; period: number; final: boolean }>;
}

const AgencyRow = z.object({ agency_id: z.number(), subtier_code: z.string(), subtier_name: z.string(), toptier_code: z.string(), toptier_name: z.string() });
const TasRow = z.object({ tas: z.number(), federal_account_id: z.number() });
const StateRow = z.object({ code: z.string(), fips: z.string(), name: z.string() });

/** Writes the profile rows, derives them and refreshes the search summaries. */
export async function seedProfileData(db: CommonQueryMethods): Promise<ProfileSeed> {
  const ag = await db.one(sql.type(AgencyRow)`
    SELECT a.id AS agency_id, s.subtier_code, s.name AS subtier_name, t.toptier_code, t.name AS toptier_name
    FROM agency a JOIN subtier_agency s ON s.subtier_agency_id = a.subtier_agency_id
    JOIN toptier_agency t ON t.toptier_agency_id = a.toptier_agency_id
    ORDER BY a.id LIMIT 1`);
  const tas = await db.many(sql.type(TasRow)`
    SELECT treasury_account_identifier AS tas, federal_account_id FROM treasury_appropriation_account
    WHERE federal_account_id IS NOT NULL ORDER BY federal_account_id, treasury_account_identifier`);
  const tas1 = tas[0] as z.infer<typeof TasRow>;
  const tas2 = tas.find((t) => t.federal_account_id !== tas1.federal_account_id) as z.infer<typeof TasRow>;
  // One state whose generated transactions are moved out of it (to no state), so its totals are this seed's alone.
  const state = await db.one(sql.type(StateRow)`
    SELECT code, fips, name FROM state_data WHERE type = 'state' ORDER BY fips DESC, year DESC LIMIT 1`);
  await db.query(sql.unsafe`UPDATE transaction_search SET pop_state_code = NULL WHERE pop_state_code = ${state.code}`);
  await db.query(sql.unsafe`UPDATE award_search SET pop_state_code = NULL WHERE pop_state_code = ${state.code}`);
  const sub = ag.subtier_code;
  const seed: ProfileSeed = {
    sub: { code: sub, name: ag.subtier_name, toptierCode: ag.toptier_code, toptierName: ag.toptier_name, agencyId: ag.agency_id },
    state,
    awards: [
      { id: 990010, key: `CONT_IDV_TIDV1_${sub}`, piid: 'TIDV1', type: 'IDV_B', typeDescription: 'IDC', category: 'idv', recipient: CHILD1, parent: PARENT,
        transactions: [{ id: 9900101, mod: '0', date: '2023-10-20', obligation: 100, description: 'IDV ONE' }] },
      { id: 990011, key: `CONT_IDV_TIDV2_${sub}`, piid: 'TIDV2', type: 'IDV_B', typeDescription: 'IDC', category: 'idv', parentKey: `CONT_IDV_TIDV1_${sub}`, parentPiid: 'TIDV1',
        recipient: CHILD1, parent: PARENT, transactions: [{ id: 9900111, mod: '0', date: '2023-10-21', obligation: 50, description: 'IDV TWO' }] },
      { id: 990001, key: `CONT_AWD_TAWD1_${sub}_TIDV1_${sub}`, piid: 'TAWD1', type: 'C', typeDescription: 'DELIVERY ORDER', category: 'contract',
        parentKey: `CONT_IDV_TIDV1_${sub}`, parentPiid: 'TIDV1', recipient: CHILD1, parent: PARENT,
        transactions: [
          { id: 9900011, mod: '0', date: '2023-11-15', obligation: 1000, exercised: 1000, allOptions: 2000, description: 'BASE AWARD',
            detail: { solicitation_procedures_code: 'NP', solicitation_procedures: 'NEGOTIATED PROPOSAL/QUOTE', number_of_offers_received: '3' } },
          { id: 9900012, mod: 'P0001', date: '2024-12-01', obligation: 250, exercised: 250, allOptions: 500, description: 'FIRST MOD',
            detail: { solicitation_procedures_code: 'SP1', solicitation_procedures: 'SIMPLIFIED ACQUISITION', number_of_offers_received: '4' } },
          { id: 9900013, mod: 'P0002', date: daysAgo(20), obligation: -100, exercised: 0, allOptions: 0, description: 'DEOBLIGATION',
            detail: { solicitation_procedures_code: 'MAFO', solicitation_procedures: 'SUBJECT TO MULTIPLE AWARD FAIR OPPORTUNITY', number_of_offers_received: '5' } },
        ] },
      { id: 990002, key: `CONT_AWD_TAWD2_${sub}_TIDV1_${sub}`, piid: 'TAWD2', type: 'D', typeDescription: 'DEFINITIVE CONTRACT', category: 'contract',
        parentKey: `CONT_IDV_TIDV1_${sub}`, parentPiid: 'TIDV1', recipient: CHILD2, parent: PARENT,
        transactions: [{ id: 9900021, mod: '0', date: '2024-02-10', obligation: 500, exercised: 500, allOptions: 800, description: 'CONTRACT TWO' }] },
      { id: 990003, key: `CONT_AWD_TAWD3_${sub}_TIDV2_${sub}`, piid: 'TAWD3', type: 'C', typeDescription: 'DELIVERY ORDER', category: 'contract',
        parentKey: `CONT_IDV_TIDV2_${sub}`, parentPiid: 'TIDV2', recipient: LONE, parent: null,
        transactions: [
          { id: 9900031, mod: '0', date: '2024-03-01', obligation: 300, exercised: 300, allOptions: 300, description: 'GRANDCHILD ONE' },
          { id: 9900032, mod: 'P0001', date: daysAgo(10), obligation: 200, exercised: 200, allOptions: 400, description: 'GRANDCHILD ONE MOD' },
        ] },
      { id: 990004, key: `CONT_AWD_TAWD4_${sub}_TIDV2_${sub}`, piid: 'TAWD4', type: 'C', typeDescription: 'DELIVERY ORDER', category: 'contract',
        parentKey: `CONT_IDV_TIDV2_${sub}`, parentPiid: 'TIDV2', recipient: CHILD2, parent: PARENT,
        transactions: [{ id: 9900041, mod: '0', date: '2024-05-05', obligation: 700, exercised: 700, allOptions: 700, description: 'GRANDCHILD TWO' }] },
      { id: 990005, key: `ASST_NON_TFAIN1_${sub}`, fain: 'TFAIN1', type: '04', typeDescription: 'PROJECT GRANT (B)', category: 'grant', recipient: LONE, parent: null,
        transactions: [
          { id: 9900051, mod: '0', date: '2024-01-10', obligation: 400, nonFederal: 10, totalFunding: 410, cfda: '10.001', description: 'GRANT',
            detail: { record_type_code: '2', funding_opportunity_number: 'FON-1' } },
          { id: 9900052, mod: '1', date: daysAgo(5), obligation: 600, nonFederal: 20, totalFunding: 620, cfda: '10.001', description: 'GRANT AMENDMENT',
            detail: { record_type_code: '2', funding_opportunity_number: 'FON-2' } },
        ] },
      { id: 990006, key: `ASST_NON_TFAIN2_${sub}`, fain: 'TFAIN2', type: '07', typeDescription: 'DIRECT LOAN (E)', category: 'loans', recipient: CHILD1, parent: PARENT,
        transactions: [
          { id: 9900061, mod: '0', date: '2024-06-01', obligation: 0, face: 10000, subsidy: 500, description: 'LOAN' },
          { id: 9900062, mod: '1', date: daysAgo(3), obligation: 0, face: 5000, subsidy: 200, description: 'LOAN INCREASE' },
        ] },
    ],
    subawards: [
      { id: 9900001, awardId: 990001, number: 'SUB-1', amount: 120, date: '2024-01-05', name: 'SUB ONE' },
      { id: 9900002, awardId: 990001, number: 'SUB-2', amount: 80, date: '2024-02-05', name: 'SUB TWO' },
      { id: 9900003, awardId: 990002, number: 'SUB-3', amount: 60, date: '2024-03-05', name: 'SUB THREE' },
    ],
    submissions: [
      { id: 990001, fy: 2024, period: 12, final: true },
      { id: 990002, fy: 2025, period: 3, final: false },
    ],
    fileC: [
      { awardId: 990001, tas: tas1.tas, federalAccountId: tas1.federal_account_id, submission: 990001, obligation: 900, outlay: 300, defc: null },
      { awardId: 990001, tas: tas2.tas, federalAccountId: tas2.federal_account_id, submission: 990002, obligation: 100, outlay: 40, defc: 'L' },
      { awardId: 990003, tas: tas1.tas, federalAccountId: tas1.federal_account_id, submission: 990001, obligation: 300, outlay: 150, defc: 'L' },
      { awardId: 990004, tas: tas2.tas, federalAccountId: tas2.federal_account_id, submission: 990001, obligation: 700, outlay: 70, defc: null },
    ],
  };

  const agencyColumns = (side: string): Row => ({
    [`${side}_agency_id`]: ag.agency_id,
    [`${side}_toptier_agency_code`]: ag.toptier_code,
    [`${side}_toptier_agency_name`]: ag.toptier_name,
    [`${side}_subtier_agency_code`]: ag.subtier_code,
    [`${side}_subtier_agency_name`]: ag.subtier_name,
  });
  const recipientColumns = (a: SeedAward): Row => ({
    recipient_hash: recipientHash(a.recipient.uei),
    recipient_name: a.recipient.name,
    recipient_uei: a.recipient.uei,
    recipient_unique_id: a.recipient.duns,
    parent_recipient_hash: a.parent ? recipientHash(a.parent.uei) : null,
    parent_recipient_name: a.parent?.name ?? null,
    parent_uei: a.parent?.uei ?? null,
    parent_recipient_unique_id: a.parent?.duns ?? null,
    recipient_location_state_code: 'VA',
    recipient_location_country_code: 'USA',
    pop_country_code: 'USA',
    pop_state_code: state.code,
    pop_state_name: state.name,
    pop_state_fips: state.fips,
  });
  const fy = (d: string) => Number(d.slice(0, 4)) + (Number(d.slice(5, 7)) >= 10 ? 1 : 0);
  await insertRows(db, 'award_search', seed.awards.map((a) => {
    const first = a.transactions[0] as SeedTransaction;
    return {
      award_id: a.id, generated_unique_award_id: a.key, display_award_id: a.piid ?? a.fain, is_fpds: a.category === 'contract' || a.category === 'idv',
      category: a.category, type: a.type, type_description: a.typeDescription, piid: a.piid ?? null, fain: a.fain ?? null,
      parent_award_piid: a.parentPiid ?? null, parent_generated_unique_award_id: a.parentKey ?? null, description: first.description,
      date_signed: first.date, period_of_performance_start_date: first.date, period_of_performance_current_end_date: '2026-09-30',
      ...agencyColumns('awarding'), ...agencyColumns('funding'), ...recipientColumns(a),
    };
  }));
  await insertRows(db, 'transaction_search', seed.awards.flatMap((a) => a.transactions.map((t) => ({
    transaction_id: t.id, award_id: a.id, generated_unique_award_id: a.key, transaction_unique_id: `${a.key}_${t.mod}`,
    is_fpds: a.category === 'contract' || a.category === 'idv', modification_number: t.mod, action_date: t.date, fiscal_year: fy(t.date),
    award_date_signed: (a.transactions[0] as SeedTransaction).date, type: a.type, type_description: a.typeDescription, award_category: a.category,
    action_type: 'A', action_type_description: 'NEW', transaction_description: t.description,
    federal_action_obligation: t.obligation, original_loan_subsidy_cost: t.subsidy ?? null, face_value_loan_guarantee: t.face ?? null,
    generated_pragmatic_obligation: a.category === 'loans' ? (t.subsidy ?? 0) : t.obligation,
    non_federal_funding_amount: t.nonFederal ?? null, total_funding_amount: t.totalFunding ?? null,
    base_exercised_options_val: t.exercised ?? null, base_and_all_options_value: t.allOptions ?? null,
    piid: a.piid ?? null, fain: a.fain ?? null, parent_award_piid: a.parentPiid ?? null, display_award_id: a.piid ?? a.fain,
    cfda_number: t.cfda ?? null, cfda_title: t.cfda ? 'TEST PROGRAM' : null,
    ...agencyColumns('awarding'), ...agencyColumns('funding'), ...recipientColumns(a),
  }))));
  await insertRows(db, 'transaction_detail', seed.awards.flatMap((a) => a.transactions.map((t) => ({ transaction_id: t.id, detail: t.detail ?? {} }))));
  await insertRows(db, 'subaward_search', seed.subawards.map((s) => {
    const prime = seed.awards.find((a) => a.id === s.awardId) as SeedAward;
    return {
      broker_subaward_id: s.id, award_id: s.awardId, unique_award_key: prime.key, subaward_type: 'sub-contract', subaward_number: s.number,
      subaward_amount: s.amount, sub_action_date: s.date, sub_fiscal_year: fy(s.date), subaward_description: `${s.number} WORK`,
      sub_awardee_or_recipient_legal: s.name, prime_award_group: 'procurement', subaward_key: `TEST-${s.id}`,
    };
  }));
  await insertRows(db, 'submission_attributes', seed.submissions.map((s) => ({
    submission_id: s.id, toptier_code: ag.toptier_code, reporting_fiscal_year: s.fy, reporting_fiscal_quarter: Math.ceil(s.period / 3),
    reporting_fiscal_period: s.period, quarter_format_flag: false, is_final_balances_for_fy: s.final, submission_window_id: null,
  })));
  await insertRows(db, 'financial_accounts_by_awards', seed.fileC.map((f) => ({
    treasury_account_id: f.tas, submission_id: f.submission, award_id: f.awardId, transaction_obligated_amount: f.obligation,
    gross_outlay_amount_by_award_cpe: f.outlay, disaster_emergency_fund_code: f.defc,
  })));
  // The derive steps as the generator and loader run them unscoped (tools/datagen/src/derive.ts).
  await db.query(sql.unsafe`SELECT derive_award_links(false)`);
  await db.query(sql.unsafe`SELECT derive_award_rollups(false)`);
  await db.query(sql.unsafe`SELECT derive_award_keyword_text(false)`);
  await db.query(sql.unsafe`SELECT derive_award_file_c(false, current_date)`);
  await db.query(sql.unsafe`SELECT derive_award_subawards(false)`);
  await db.query(sql.unsafe`SELECT derive_recipients(current_date, true)`);
  await db.query(sql.unsafe`SELECT derive_parent_award()`);
  await db.query(sql.unsafe`SELECT refresh_search_summaries()`);
  return seed;
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { fileCRows, oneAward } from './file-c-rows';

const money = z.coerce.number();
const moneyOrNull = z.coerce.number().nullable();
const text = z.string().nullable();

const AgencyRow = z
  .object({
    id: z.number(),
    has_agency_page: z.boolean(),
    toptier_name: text,
    toptier_code: text,
    toptier_abbreviation: text,
    toptier_slug: text,
    subtier_name: text,
    subtier_code: text,
    subtier_abbreviation: text,
    office_agency_name: text,
  })
  .nullable();

const AwardProfileRow = z.object({
  id: z.number(),
  generated_unique_award_id: z.string(),
  category: text,
  type: z.string(),
  type_description: text,
  description: text,
  piid: text,
  fain: text,
  uri: text,
  date_signed: text,
  subaward_count: z.number(),
  total_subaward_amount: moneyOrNull,
  transaction_count: z.number(),
  total_obligation: moneyOrNull,
  base_exercised_options: moneyOrNull,
  base_and_all_options: moneyOrNull,
  total_subsidy_cost: moneyOrNull,
  total_loan_value: moneyOrNull,
  non_federal_funding: moneyOrNull,
  total_funding: moneyOrNull,
  awarding_agency: AgencyRow,
  funding_agency: AgencyRow,
  recipient_name: text,
  recipient_hash: text,
  recipient_uei: text,
  recipient_unique_id: text,
  parent_recipient_name: text,
  parent_recipient_hash: text,
  parent_recipient_uei: text,
  parent_recipient_unique_id: text,
  business_categories: z.array(z.string()).nullable(),
  recipient_location: z.record(z.string().nullable()),
  place_of_performance: z.record(z.string().nullable()),
  start_date: text,
  end_date: text,
  last_modified_date: text,
  potential_end_date: text,
  officers: z.array(z.object({ name: z.string().nullable(), amount: z.number().nullable() })).nullable(),
  parent_award: z
    .object({
      agency_id: z.number().nullable(),
      agency_name: text,
      agency_slug: text,
      sub_agency_id: text,
      sub_agency_name: text,
      award_id: z.number().nullable(),
      generated_unique_award_id: z.string(),
      idv_type_description: text,
      multiple_or_single_aw_desc: text,
      piid: text,
      type_of_idc_description: text,
    })
    .nullable(),
  latest_detail: z.record(z.unknown()).nullable(),
  latest_codes: z.record(z.string().nullable()).nullable(),
  idv_type_description: text,
  type_of_idc_description: text,
  multiple_or_single_award_idv_description: text,
  naics_code: text,
  psc_code: text,
  total_account_obligation: money,
  total_account_outlay: money,
  has_file_c: z.boolean(),
  account_obligations_by_defc: z.array(z.object({ code: z.string(), amount: z.number() })),
  account_outlays_by_defc: z.array(z.object({ code: z.string(), amount: z.number() })),
});
export type AwardProfileRow = z.infer<typeof AwardProfileRow>;

const agencyJson = (side: 'awarding' | 'funding') => {
  const id = sql.identifier(['a', `${side}_agency_id`]);
  const code = sql.identifier(['a', `${side}_toptier_agency_code`]);
  return sql.fragment`CASE WHEN ${id} IS NULL THEN NULL ELSE (
    SELECT json_build_object(
      'id', ${id},
      'has_agency_page', EXISTS (SELECT 1 FROM submission_attributes sa WHERE sa.toptier_code = ${code}),
      'toptier_name', coalesce(ta.name, ${sql.identifier(['a', `${side}_toptier_agency_name`])}),
      'toptier_code', ${code},
      'toptier_abbreviation', coalesce(ta.abbreviation, ${sql.identifier(['a', `${side}_toptier_agency_abbreviation`])}),
      'toptier_slug', ta.slug,
      'subtier_name', ${sql.identifier(['a', `${side}_subtier_agency_name`])},
      'subtier_code', ${sql.identifier(['a', `${side}_subtier_agency_code`])},
      'subtier_abbreviation', ${sql.identifier(['a', `${side}_subtier_agency_abbreviation`])},
      'office_agency_name', ${sql.identifier(['a', `${side}_office_name`])})
    FROM (SELECT 1) one LEFT JOIN toptier_agency ta ON ta.toptier_code = ${code}) END`;
};

/**
 * Everything the award profile shows, in one round trip. Amounts are the sums of the award's transactions
 * (so they always agree with the transaction history), the subaward figures count its subawards, the
 * latest-transaction fields come from its latest transaction (action date, then modification number, then
 * transaction key, as upstream orders them), and the account figures sum its File C rows (see fileCRows).
 */
export async function getAwardProfile(db: CommonQueryMethods, awardId: number): Promise<AwardProfileRow | null> {
  return db.maybeOne(sql.type(AwardProfileRow)`
    WITH tx AS (
      SELECT count(*)::int AS n,
        sum(federal_action_obligation) AS total_obligation,
        sum(base_exercised_options_val) AS base_exercised_options,
        sum(base_and_all_options_value) AS base_and_all_options,
        sum(original_loan_subsidy_cost) AS total_subsidy_cost,
        sum(face_value_loan_guarantee) AS total_loan_value,
        sum(non_federal_funding_amount) AS non_federal_funding,
        sum(total_funding_amount) AS total_funding
      FROM transaction_search WHERE award_id = ${awardId}
    ), latest AS (
      SELECT d.detail, l.codes FROM (
        SELECT transaction_id, json_build_object('extent_competed', extent_competed, 'type_set_aside', type_set_aside,
            'type_of_contract_pricing', type_of_contract_pricing, 'naics', naics_code, 'naics_description', naics_description,
            'product_or_service_code', product_or_service_code, 'product_or_service_description', product_or_service_description) AS codes
        FROM transaction_search WHERE award_id = ${awardId}
        ORDER BY action_date DESC, modification_number DESC NULLS LAST, transaction_unique_id DESC LIMIT 1
      ) l LEFT JOIN transaction_detail d ON d.transaction_id = l.transaction_id
    ), subs AS (
      SELECT count(*)::int AS n, sum(subaward_amount) AS amount FROM subaward_search WHERE award_id = ${awardId}
    ), fc AS (
      SELECT * FROM ${fileCRows(oneAward(awardId))} f
    ), fc_total AS (
      SELECT count(*) > 0 AS has_rows, coalesce(sum(transaction_obligated_amount), 0) AS obligation, coalesce(sum(outlay), 0) AS outlay FROM fc
    ), fc_defc AS (
      SELECT coalesce(json_agg(json_build_object('code', code, 'amount', obligation) ORDER BY code), '[]') AS obligations,
        coalesce(json_agg(json_build_object('code', code, 'amount', outlay) ORDER BY code), '[]') AS outlays
      FROM (SELECT disaster_emergency_fund_code AS code, coalesce(sum(transaction_obligated_amount), 0)::float8 AS obligation,
              coalesce(sum(outlay), 0)::float8 AS outlay
            FROM fc WHERE disaster_emergency_fund_code IS NOT NULL GROUP BY disaster_emergency_fund_code) d
    )
    SELECT a.award_id AS id, a.generated_unique_award_id, a.category, a.type, a.type_description, a.description,
      a.piid, a.fain, a.uri, a.date_signed::text AS date_signed,
      subs.n AS subaward_count, subs.amount AS total_subaward_amount, tx.n AS transaction_count,
      tx.total_obligation, tx.base_exercised_options, tx.base_and_all_options, tx.total_subsidy_cost, tx.total_loan_value,
      tx.non_federal_funding, tx.total_funding,
      ${agencyJson('awarding')} AS awarding_agency,
      ${agencyJson('funding')} AS funding_agency,
      a.recipient_name,
      CASE WHEN a.recipient_hash IS NULL THEN NULL
        ELSE a.recipient_hash::text || CASE WHEN a.parent_recipient_hash IS NOT NULL THEN '-C' ELSE '-R' END END AS recipient_hash,
      a.recipient_uei, a.recipient_unique_id, a.parent_recipient_name,
      CASE WHEN a.parent_recipient_hash IS NULL THEN NULL ELSE a.parent_recipient_hash::text || '-P' END AS parent_recipient_hash,
      a.parent_uei AS parent_recipient_uei, a.parent_recipient_unique_id, a.business_categories,
      json_build_object('address_line1', a.recipient_location_address_line1, 'city_name', a.recipient_location_city_name,
        'county_code', a.recipient_location_county_code, 'county_name', a.recipient_location_county_name,
        'state_code', a.recipient_location_state_code, 'state_name', a.recipient_location_state_name,
        'zip5', a.recipient_location_zip5, 'country_name', a.recipient_location_country_name,
        'location_country_code', a.recipient_location_country_code, 'congressional_code', a.recipient_location_congressional_code,
        'foreign_province', a.recipient_location_foreign_province) AS recipient_location,
      json_build_object('city_name', a.pop_city_name, 'county_code', a.pop_county_code, 'county_name', a.pop_county_name,
        'state_code', a.pop_state_code, 'state_name', a.pop_state_name, 'zip5', a.pop_zip5, 'country_name', a.pop_country_name,
        'location_country_code', a.pop_country_code, 'congressional_code', a.pop_congressional_code) AS place_of_performance,
      a.period_of_performance_start_date::text AS start_date,
      (CASE WHEN a.category = 'idv' THEN coalesce(a.ordering_period_end_date, a.period_of_performance_current_end_date)
        ELSE a.period_of_performance_current_end_date END)::text AS end_date,
      a.last_modified_date::text AS last_modified_date,
      a.period_of_performance_potential_end_date::text AS potential_end_date,
      a.officers,
      (SELECT json_build_object('agency_id', p.awarding_agency_id, 'agency_name', p.awarding_toptier_agency_name,
          'agency_slug', pt.slug, 'sub_agency_id', p.awarding_subtier_agency_code, 'sub_agency_name', p.awarding_subtier_agency_name,
          'award_id', p.award_id, 'generated_unique_award_id', p.generated_unique_award_id,
          'idv_type_description', p.idv_type_description, 'multiple_or_single_aw_desc', p.multiple_or_single_award_idv_description,
          'piid', p.piid, 'type_of_idc_description', p.type_of_idc_description)
        FROM award_search p LEFT JOIN toptier_agency pt ON pt.toptier_code = p.awarding_toptier_agency_code
        WHERE p.award_id = a.parent_award_id) AS parent_award,
      (SELECT detail FROM latest) AS latest_detail,
      (SELECT codes FROM latest) AS latest_codes,
      a.idv_type_description, a.type_of_idc_description, a.multiple_or_single_award_idv_description,
      a.naics_code, a.product_or_service_code AS psc_code,
      fc_total.obligation AS total_account_obligation, fc_total.outlay AS total_account_outlay, fc_total.has_rows AS has_file_c,
      fc_defc.obligations AS account_obligations_by_defc, fc_defc.outlays AS account_outlays_by_defc
    FROM award_search a CROSS JOIN tx CROSS JOIN subs CROSS JOIN fc_total CROSS JOIN fc_defc
    WHERE a.award_id = ${awardId}`);
}

const CodeRow = z.object({ code: z.string(), description: z.string().nullable() });
export type CodeRow = z.infer<typeof CodeRow>;

/** NAICS rows whose codes are the given prefixes (the award's code and its 2- and 4-digit parents). */
export async function findNaicsCodes(db: CommonQueryMethods, codes: string[]): Promise<readonly CodeRow[]> {
  return db.any(sql.type(CodeRow)`SELECT code, description FROM naics WHERE code = ANY (${sql.array(codes, 'text')})`);
}

/** PSC rows whose codes are the given prefixes. */
export async function findPscCodes(db: CommonQueryMethods, codes: string[]): Promise<readonly CodeRow[]> {
  return db.any(sql.type(CodeRow)`SELECT code, description FROM psc WHERE code = ANY (${sql.array(codes, 'text')})`);
}

const CfdaRow = z.object({
  cfda_number: z.string(),
  cfda_title: text,
  cfda_objectives: text,
  applicant_eligibility: text,
  beneficiary_eligibility: text,
  cfda_federal_agency: text,
  cfda_website: text,
  sam_website: text,
  cfda_popular_name: text,
  federal_action_obligation_amount: money,
  non_federal_funding_amount: moneyOrNull,
  total_funding_amount: moneyOrNull,
});
export type CfdaRow = z.infer<typeof CfdaRow>;

/** The assistance listings of an award's transactions with the amounts of those transactions, largest first. */
export async function listAwardCfdas(db: CommonQueryMethods, awardId: number): Promise<readonly CfdaRow[]> {
  return db.any(sql.type(CfdaRow)`
    SELECT t.cfda_number, coalesce(c.program_title, max(t.cfda_title)) AS cfda_title, c.objectives AS cfda_objectives,
      c.applicant_eligibility, c.beneficiary_eligibility, c.federal_agency AS cfda_federal_agency,
      c.website_address AS cfda_website, c.url AS sam_website, c.popular_name AS cfda_popular_name,
      coalesce(sum(t.federal_action_obligation), 0) AS federal_action_obligation_amount,
      sum(t.non_federal_funding_amount) AS non_federal_funding_amount, sum(t.total_funding_amount) AS total_funding_amount
    FROM transaction_search t LEFT JOIN references_cfda c ON c.program_number = t.cfda_number
    WHERE t.award_id = ${awardId} AND t.cfda_number IS NOT NULL
    GROUP BY t.cfda_number, c.id
    ORDER BY federal_action_obligation_amount DESC, t.cfda_number
    LIMIT 50`);
}

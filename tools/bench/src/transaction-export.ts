import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * Columns of the prime transaction download layouts (transaction_search.d1 / .d2, a large subset) as SQL
 * over transaction_search `t`, its transaction_detail row `d` and its award `a`. The benchmark writes generated
 * transactions in these layouts to have realistic files for the importer; the downloads app owns the real writer.
 */
const shared: Array<[string, string]> = [
  ['federal_action_obligation', 't.federal_action_obligation'],
  ['total_outlayed_amount_for_overall_award', 'a.total_outlays'],
  ['disaster_emergency_fund_codes_for_overall_award', `array_to_string(a.disaster_emergency_fund_codes, ';')`],
  ['outlayed_amount_from_COVID-19_supplementals_for_overall_award', 'a.total_covid_outlay'],
  ['obligated_amount_from_COVID-19_supplementals_for_overall_award', 'a.total_covid_obligation'],
  ['outlayed_amount_from_IIJA_supplemental_for_overall_award', 'a.total_iija_outlay'],
  ['obligated_amount_from_IIJA_supplemental_for_overall_award', 'a.total_iija_obligation'],
  ['action_date', 't.action_date'],
  ['action_date_fiscal_year', 't.fiscal_year'],
  ['period_of_performance_start_date', `d.detail->>'period_of_performance_start_date'`],
  ['period_of_performance_current_end_date', `d.detail->>'period_of_performance_current_end_date'`],
  ['awarding_agency_code', 't.awarding_toptier_agency_code'],
  ['awarding_agency_name', 't.awarding_toptier_agency_name'],
  ['awarding_sub_agency_code', 't.awarding_subtier_agency_code'],
  ['awarding_sub_agency_name', 't.awarding_subtier_agency_name'],
  ['awarding_office_code', 't.awarding_office_code'],
  ['awarding_office_name', 't.awarding_office_name'],
  ['funding_agency_code', 't.funding_toptier_agency_code'],
  ['funding_agency_name', 't.funding_toptier_agency_name'],
  ['funding_sub_agency_code', 't.funding_subtier_agency_code'],
  ['funding_sub_agency_name', 't.funding_subtier_agency_name'],
  ['funding_office_code', 't.funding_office_code'],
  ['funding_office_name', 't.funding_office_name'],
  ['treasury_accounts_funding_this_award', `(SELECT string_agg(x.tas_rendering_label, ';' ORDER BY x.tas_rendering_label) FROM treasury_appropriation_account x WHERE x.treasury_account_identifier = ANY (a.treasury_account_identifiers))`],
  ['federal_accounts_funding_this_award', `(SELECT string_agg(x.federal_account_code, ';' ORDER BY x.federal_account_code) FROM federal_account x WHERE x.id = ANY (a.federal_account_ids))`],
  ['recipient_uei', 't.recipient_uei'],
  ['recipient_duns', 't.recipient_unique_id'],
  ['recipient_name', 't.recipient_name'],
  ['recipient_parent_uei', 't.parent_uei'],
  ['recipient_parent_duns', 't.parent_recipient_unique_id'],
  ['recipient_parent_name', 't.parent_recipient_name'],
  ['recipient_country_code', 't.recipient_location_country_code'],
  ['recipient_country_name', 't.recipient_location_country_name'],
  ['recipient_address_line_1', 't.recipient_location_address_line1'],
  ['recipient_city_name', 't.recipient_location_city_name'],
  ['prime_award_transaction_recipient_county_fips_code', 't.recipient_location_state_fips || t.recipient_location_county_code'],
  ['recipient_county_name', 't.recipient_location_county_name'],
  ['prime_award_transaction_recipient_state_fips_code', 't.recipient_location_state_fips'],
  ['recipient_state_code', 't.recipient_location_state_code'],
  ['recipient_state_name', 't.recipient_location_state_name'],
  ['prime_award_transaction_recipient_cd_original', `t.recipient_location_state_code || '-' || t.recipient_location_congressional_code`],
  ['prime_award_transaction_recipient_cd_current', `t.recipient_location_state_code || '-' || t.recipient_location_congressional_code_current`],
  ['primary_place_of_performance_country_code', 't.pop_country_code'],
  ['primary_place_of_performance_country_name', 't.pop_country_name'],
  ['primary_place_of_performance_city_name', 't.pop_city_name'],
  ['prime_award_transaction_place_of_performance_county_fips_code', 't.pop_state_fips || t.pop_county_code'],
  ['primary_place_of_performance_county_name', 't.pop_county_name'],
  ['prime_award_transaction_place_of_performance_state_fips_code', 't.pop_state_fips'],
  ['primary_place_of_performance_state_name', 't.pop_state_name'],
  ['primary_place_of_performance_zip_4', 't.pop_zip5'],
  ['prime_award_transaction_place_of_performance_cd_original', `t.pop_state_code || '-' || t.pop_congressional_code`],
  ['prime_award_transaction_place_of_performance_cd_current', `t.pop_state_code || '-' || t.pop_congressional_code_current`],
  ['transaction_description', 't.transaction_description'],
  ['prime_award_base_transaction_description', 'a.description'],
  ['action_type_code', 't.action_type'],
  ['last_modified_date', 't.last_modified_date'],
  ['initial_report_date', `d.detail->>'initial_report_date'`],
];

const CONTRACTS: Array<[string, string]> = [
  ['contract_transaction_unique_key', 't.transaction_unique_id'],
  ['contract_award_unique_key', 't.generated_unique_award_id'],
  ['award_id_piid', 't.piid'],
  ['modification_number', 't.modification_number'],
  ['transaction_number', `d.detail->>'transaction_number'`],
  ['parent_award_agency_id', `d.detail->>'parent_award_agency_id'`],
  ['parent_award_agency_name', `d.detail->>'parent_award_agency_name'`],
  ['parent_award_id_piid', 't.parent_award_piid'],
  ['total_dollars_obligated', 'a.total_obligation'],
  ['base_and_exercised_options_value', 't.base_exercised_options_val'],
  ['base_and_all_options_value', 't.base_and_all_options_value'],
  ['period_of_performance_potential_end_date', `d.detail->>'period_of_performance_potential_end_date'`],
  ['ordering_period_end_date', 'a.ordering_period_end_date'],
  ...shared,
  ['primary_place_of_performance_state_code', 't.pop_state_code'],
  ['recipient_zip_4_code', 't.recipient_location_zip5'],
  ['cage_code', `d.detail->>'cage_code'`],
  ['recipient_phone_number', `d.detail->>'recipient_phone_number'`],
  ['award_type_code', `CASE WHEN t.type IN ('A', 'B', 'C', 'D') THEN t.type END`],
  ['award_type', `CASE WHEN t.type IN ('A', 'B', 'C', 'D') THEN t.type_description END`],
  ['idv_type_code', 'a.idv_type'],
  ['idv_type', 'a.idv_type_description'],
  ['type_of_idc_code', 'a.type_of_idc'],
  ['type_of_idc', 'a.type_of_idc_description'],
  ['type_of_contract_pricing_code', 't.type_of_contract_pricing'],
  ['type_of_contract_pricing', `d.detail->>'type_of_contract_pricing'`],
  ['action_type', 't.action_type_description'],
  ['solicitation_identifier', `d.detail->>'solicitation_identifier'`],
  ['product_or_service_code', 't.product_or_service_code'],
  ['product_or_service_code_description', 't.product_or_service_description'],
  ['naics_code', 't.naics_code'],
  ['naics_description', 't.naics_description'],
  ['extent_competed_code', 't.extent_competed'],
  ['extent_competed', `d.detail->>'extent_competed'`],
  ['type_of_set_aside_code', 't.type_set_aside'],
  ['type_of_set_aside', `d.detail->>'type_of_set_aside'`],
  ['number_of_offers_received', `d.detail->>'number_of_offers_received'`],
];

const ASSISTANCE: Array<[string, string]> = [
  ['assistance_transaction_unique_key', 't.transaction_unique_id'],
  ['assistance_award_unique_key', 't.generated_unique_award_id'],
  ['award_id_fain', 't.fain'],
  ['modification_number', 't.modification_number'],
  ['award_id_uri', 't.uri'],
  ['sai_number', `d.detail->>'sai_number'`],
  ['total_obligated_amount', 'a.total_obligation'],
  ['indirect_cost_federal_share_amount', 't.indirect_federal_sharing'],
  ['non_federal_funding_amount', 't.non_federal_funding_amount'],
  ['total_non_federal_funding_amount', 'a.non_federal_funding_amount'],
  ['face_value_of_loan', 't.face_value_loan_guarantee'],
  ['original_loan_subsidy_cost', 't.original_loan_subsidy_cost'],
  ['total_face_value_of_loan', 'a.total_loan_value'],
  ['total_loan_subsidy_cost', 'a.total_subsidy_cost'],
  ['generated_pragmatic_obligations', 't.generated_pragmatic_obligation'],
  ...shared,
  ['recipient_zip_code', 't.recipient_location_zip5'],
  ['primary_place_of_performance_scope', `d.detail->>'primary_place_of_performance_scope'`],
  ['primary_place_of_performance_code', `d.detail->>'primary_place_of_performance_code'`],
  ['cfda_number', 't.cfda_number'],
  ['cfda_title', 't.cfda_title'],
  ['funding_opportunity_number', `d.detail->>'funding_opportunity_number'`],
  ['assistance_type_code', 't.type'],
  ['assistance_type_description', 't.type_description'],
  ['business_funds_indicator_code', `d.detail->>'business_funds_indicator_code'`],
  ['business_types_code', `d.detail->>'business_types_code'`],
  ['action_type_description', 't.action_type_description'],
  ['record_type_code', `d.detail->>'record_type_code'`],
  ['record_type_description', `d.detail->>'record_type_description'`],
];

/** Writes up to `limit` generated transactions of one kind to a CSV file in its download layout; returns rows written. */
/** A slice of transactions, and changes to it that make an update file for a database that holds it. */
export interface ExportSlice {
  /** Condition on transaction_search `t`. */
  where?: string;
  /**
   * Every other row gets `variant` x 1.25 added to its amount (a changed transaction); the others get
   * `_U<variant>` appended to their transaction key (a new transaction of the same award).
   */
  variant?: number;
}

export async function exportTransactions(url: string, kind: 'contracts' | 'assistance', file: string, limit: number, slice: ExportSlice = {}): Promise<number> {
  const columns = (kind === 'contracts' ? CONTRACTS : ASSISTANCE).map(([name, expr]): [string, string] => {
    if (slice.variant === undefined) return [name, expr];
    if (name === 'federal_action_obligation') return [name, `${expr} + CASE WHEN t.bench_row % 2 = 0 THEN ${1.25 * slice.variant} ELSE 0 END`];
    if (name.endsWith('_transaction_unique_key')) return [name, `${expr} || CASE WHEN t.bench_row % 2 = 1 THEN '_U${slice.variant}' ELSE '' END`];
    return [name, expr];
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const select = columns.map(([name, expr]) => `${expr} AS "${name}"`).join(', ');
    const stream = client.query(copyTo(`COPY (
      SELECT ${select}
      FROM (SELECT t.*, row_number() OVER (ORDER BY t.transaction_id) AS bench_row FROM transaction_search t
            WHERE t.is_fpds = ${kind === 'contracts'} AND (${slice.where ?? 'true'}) ORDER BY t.transaction_id LIMIT ${Math.floor(limit)}) t
      JOIN award_search a USING (award_id)
      LEFT JOIN transaction_detail d ON d.transaction_id = t.transaction_id
      ORDER BY t.transaction_id
    ) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    await pipeline(stream, createWriteStream(file));
    return Number(stream.rowCount ?? 0);
  } finally {
    await client.end();
  }
}

/** The header of an exported layout (for the raw COPY baseline table). */
export function exportColumns(kind: 'contracts' | 'assistance'): string[] {
  return (kind === 'contracts' ? CONTRACTS : ASSISTANCE).map(([name]) => name);
}

import { sql, type FragmentSqlToken, type IdentifierSqlToken } from 'slonik';
import { DOWNLOAD_LAYOUTS } from './download-layouts';

/**
 * The file layouts of the upstream downloads (download/v2/download_column_historical_lookups.py
 * `query_paths`): `download-layouts.ts` holds the column names of each layout in file order.
 */
export type LayoutKey = keyof typeof DOWNLOAD_LAYOUTS;

/** Column names of a layout, in upstream file order. */
export function layoutColumns(layout: LayoutKey): readonly string[] {
  return DOWNLOAD_LAYOUTS[layout];
}

type Expr = FragmentSqlToken | IdentifierSqlToken;

/** A column of the source row (`src` alias). */
const c = (name: string): IdentifierSqlToken => sql.identifier(['src', name]);
/** A column of the row's award (`aw` alias; transaction files). */
const aw = (name: string): IdentifierSqlToken => sql.identifier(['aw', name]);

const agencies = (prefix: 'awarding' | 'funding'): Record<string, Expr> => ({
  [`${prefix}_agency_code`]: c(`${prefix}_toptier_agency_code`),
  [`${prefix}_agency_name`]: c(`${prefix}_toptier_agency_name`),
  [`${prefix}_sub_agency_code`]: c(`${prefix}_subtier_agency_code`),
  [`${prefix}_sub_agency_name`]: c(`${prefix}_subtier_agency_name`),
  [`${prefix}_office_code`]: c(`${prefix}_office_code`),
  [`${prefix}_office_name`]: c(`${prefix}_office_name`),
});

const recipientAndPlaces = (level: 'summary' | 'transaction'): Record<string, Expr> => {
  const p = `prime_award_${level}`;
  return {
    recipient_uei: c('recipient_uei'),
    recipient_duns: c('recipient_unique_id'),
    recipient_name: c('recipient_name'),
    recipient_name_raw: c('recipient_name'),
    recipient_parent_uei: c('parent_uei'),
    recipient_parent_duns: c('parent_recipient_unique_id'),
    recipient_parent_name: c('parent_recipient_name'),
    recipient_parent_name_raw: c('parent_recipient_name'),
    recipient_address_line_1: c('recipient_location_address_line1'),
    recipient_country_code: c('recipient_location_country_code'),
    recipient_country_name: c('recipient_location_country_name'),
    recipient_state_code: c('recipient_location_state_code'),
    recipient_state_name: c('recipient_location_state_name'),
    [`${p}_recipient_state_fips_code`]: c('recipient_location_state_fips'),
    recipient_county_name: c('recipient_location_county_name'),
    [`${p}_recipient_county_fips_code`]: sql.fragment`src.recipient_location_state_fips || src.recipient_location_county_code`,
    [`${p}_recipient_cd_original`]: sql.fragment`src.recipient_location_state_code || '-' || src.recipient_location_congressional_code`,
    [`${p}_recipient_cd_current`]: sql.fragment`src.recipient_location_state_code || '-' || src.recipient_location_congressional_code_current`,
    recipient_city_name: c('recipient_location_city_name'),
    recipient_zip_4_code: c('recipient_location_zip5'),
    recipient_foreign_province_name: c('recipient_location_foreign_province'),
    primary_place_of_performance_country_code: c('pop_country_code'),
    primary_place_of_performance_country_name: c('pop_country_name'),
    primary_place_of_performance_state_code: c('pop_state_code'),
    primary_place_of_performance_state_name: c('pop_state_name'),
    [`${p}_place_of_performance_state_fips_code`]: c('pop_state_fips'),
    primary_place_of_performance_county_name: c('pop_county_name'),
    [`${p}_place_of_performance_county_fips_code`]: sql.fragment`src.pop_state_fips || src.pop_county_code`,
    [`${p}_place_of_performance_cd_original`]: sql.fragment`src.pop_state_code || '-' || src.pop_congressional_code`,
    [`${p}_place_of_performance_cd_current`]: sql.fragment`src.pop_state_code || '-' || src.pop_congressional_code_current`,
    primary_place_of_performance_city_name: c('pop_city_name'),
    primary_place_of_performance_zip_4: c('pop_zip5'),
  };
};

/** File C lists as the files write them ("a;b;c"), from the row's resolved ids and codes. */
const fileC = (row: 'src' | 'aw'): Record<string, Expr> => {
  const r = (name: string) => sql.identifier([row, name]);
  return {
    treasury_accounts_funding_this_award: sql.fragment`(SELECT string_agg(p.tas_rendering_label, ';' ORDER BY p.tas_rendering_label) FROM treasury_appropriation_account p WHERE p.treasury_account_identifier = ANY(${r('treasury_account_identifiers')}))`,
    federal_accounts_funding_this_award: sql.fragment`(SELECT string_agg(f.federal_account_code, ';' ORDER BY f.federal_account_code) FROM federal_account f WHERE f.id = ANY(${r('federal_account_ids')}))`,
    object_classes_funding_this_award: sql.fragment`array_to_string(${r('object_classes')}, ';')`,
    program_activities_funding_this_award: sql.fragment`(SELECT string_agg((x->>'code') || ': ' || (x->>'name'), ';') FROM jsonb_array_elements(${r('program_activities')}) x)`,
  };
};

const contractCodes: Record<string, Expr> = {
  naics_code: c('naics_code'),
  naics_description: c('naics_description'),
  product_or_service_code: c('product_or_service_code'),
  product_or_service_code_description: c('product_or_service_description'),
  type_of_contract_pricing_code: c('type_of_contract_pricing'),
  type_of_set_aside_code: c('type_set_aside'),
  extent_competed_code: c('extent_competed'),
};

const awardIdentity = (fpds: boolean): Record<string, Expr> => ({
  [fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key']: c('generated_unique_award_id'),
  award_id_piid: c('piid'),
  award_id_fain: c('fain'),
  award_id_uri: c('uri'),
  parent_award_id_piid: c('parent_award_piid'),
});

/** Prime award summary files (award.d1 contracts and IDVs, award.d2 assistance) over award_search. */
const AWARD_COLUMNS = (fpds: boolean): Record<string, Expr> => ({
  ...awardIdentity(fpds),
  disaster_emergency_fund_codes: sql.fragment`array_to_string(src.disaster_emergency_fund_codes, ';')`,
  'outlayed_amount_from_COVID-19_supplementals': c('total_covid_outlay'),
  'obligated_amount_from_COVID-19_supplementals': c('total_covid_obligation'),
  outlayed_amount_from_IIJA_supplemental: c('total_iija_outlay'),
  obligated_amount_from_IIJA_supplemental: c('total_iija_obligation'),
  total_obligated_amount: c('total_obligation'),
  total_outlayed_amount: c('total_outlays'),
  current_total_value_of_award: c('base_exercised_options_val'),
  potential_total_value_of_award: c('base_and_all_options_value'),
  indirect_cost_federal_share_amount: c('total_indirect_federal_sharing'),
  total_non_federal_funding_amount: c('non_federal_funding_amount'),
  total_funding_amount: c('total_funding_amount'),
  total_face_value_of_loan: c('total_loan_value'),
  total_loan_subsidy_cost: c('total_subsidy_cost'),
  award_base_action_date: c('date_signed'),
  award_base_action_date_fiscal_year: sql.fragment`fiscal_year_of(src.date_signed)`,
  award_latest_action_date: c('action_date'),
  award_latest_action_date_fiscal_year: c('fiscal_year'),
  period_of_performance_start_date: c('period_of_performance_start_date'),
  period_of_performance_current_end_date: c('period_of_performance_current_end_date'),
  period_of_performance_potential_end_date: c('period_of_performance_potential_end_date'),
  ordering_period_end_date: c('ordering_period_end_date'),
  ...agencies('awarding'),
  ...agencies('funding'),
  ...recipientAndPlaces('summary'),
  ...fileC('src'),
  ...contractCodes,
  cfda_numbers_and_titles: sql.fragment`src.cfda_number || ': ' || src.cfda_program_title`,
  prime_award_base_transaction_description: c('description'),
  award_type_code: sql.fragment`CASE WHEN src.type IN ('A', 'B', 'C', 'D') THEN src.type END`,
  award_type: sql.fragment`CASE WHEN src.type IN ('A', 'B', 'C', 'D') THEN src.type_description END`,
  assistance_type_code: sql.fragment`CASE WHEN NOT src.is_fpds THEN src.type END`,
  assistance_type_description: sql.fragment`CASE WHEN NOT src.is_fpds THEN src.type_description END`,
  type_of_contract_pricing: c('type_of_contract_pricing_description'),
  type_of_set_aside: c('type_set_aside_description'),
  extent_competed: c('extent_competed_description'),
  idv_type_code: c('idv_type'),
  idv_type: c('idv_type_description'),
  multiple_or_single_award_idv_code: c('multiple_or_single_award_idv'),
  multiple_or_single_award_idv: c('multiple_or_single_award_idv_description'),
  type_of_idc_code: c('type_of_idc'),
  type_of_idc: c('type_of_idc_description'),
  last_modified_date: c('last_modified_date'),
});

/** Prime transaction files (transaction_search.d1 / .d2); the "overall award" columns come from the award (`aw`). */
const TRANSACTION_COLUMNS = (fpds: boolean): Record<string, Expr> => ({
  [fpds ? 'contract_transaction_unique_key' : 'assistance_transaction_unique_key']: c('transaction_unique_id'),
  ...awardIdentity(fpds),
  modification_number: c('modification_number'),
  federal_action_obligation: c('federal_action_obligation'),
  total_dollars_obligated: aw('total_obligation'),
  total_obligated_amount: aw('total_obligation'),
  total_outlayed_amount_for_overall_award: aw('total_outlays'),
  base_and_exercised_options_value: c('base_exercised_options_val'),
  current_total_value_of_award: aw('base_exercised_options_val'),
  base_and_all_options_value: c('base_and_all_options_value'),
  potential_total_value_of_award: aw('base_and_all_options_value'),
  indirect_cost_federal_share_amount: c('indirect_federal_sharing'),
  non_federal_funding_amount: c('non_federal_funding_amount'),
  total_non_federal_funding_amount: aw('non_federal_funding_amount'),
  face_value_of_loan: c('face_value_loan_guarantee'),
  original_loan_subsidy_cost: c('original_loan_subsidy_cost'),
  total_face_value_of_loan: aw('total_loan_value'),
  total_loan_subsidy_cost: aw('total_subsidy_cost'),
  generated_pragmatic_obligations: c('generated_pragmatic_obligation'),
  disaster_emergency_fund_codes_for_overall_award: sql.fragment`array_to_string(aw.disaster_emergency_fund_codes, ';')`,
  'outlayed_amount_from_COVID-19_supplementals_for_overall_award': aw('total_covid_outlay'),
  'obligated_amount_from_COVID-19_supplementals_for_overall_award': aw('total_covid_obligation'),
  outlayed_amount_from_IIJA_supplemental_for_overall_award: aw('total_iija_outlay'),
  obligated_amount_from_IIJA_supplemental_for_overall_award: aw('total_iija_obligation'),
  action_date: c('action_date'),
  action_date_fiscal_year: c('fiscal_year'),
  period_of_performance_start_date: aw('period_of_performance_start_date'),
  period_of_performance_current_end_date: aw('period_of_performance_current_end_date'),
  period_of_performance_potential_end_date: aw('period_of_performance_potential_end_date'),
  ordering_period_end_date: aw('ordering_period_end_date'),
  ...agencies('awarding'),
  ...agencies('funding'),
  ...recipientAndPlaces('transaction'),
  ...fileC('aw'),
  ...contractCodes,
  cfda_number: c('cfda_number'),
  cfda_title: c('cfda_title'),
  transaction_description: c('transaction_description'),
  prime_award_base_transaction_description: aw('description'),
  action_type_code: c('action_type'),
  action_type_description: c('action_type_description'),
  award_type_code: sql.fragment`CASE WHEN src.type IN ('A', 'B', 'C', 'D') THEN src.type END`,
  award_type: sql.fragment`CASE WHEN src.type IN ('A', 'B', 'C', 'D') THEN src.type_description END`,
  assistance_type_code: sql.fragment`CASE WHEN NOT src.is_fpds THEN src.type END`,
  assistance_type_description: sql.fragment`CASE WHEN NOT src.is_fpds THEN src.type_description END`,
  type_of_contract_pricing: aw('type_of_contract_pricing_description'),
  type_of_set_aside: aw('type_set_aside_description'),
  extent_competed: aw('extent_competed_description'),
  idv_type_code: aw('idv_type'),
  idv_type: aw('idv_type_description'),
  multiple_or_single_award_idv_code: aw('multiple_or_single_award_idv'),
  multiple_or_single_award_idv: aw('multiple_or_single_award_idv_description'),
  type_of_idc_code: aw('type_of_idc'),
  type_of_idc: aw('type_of_idc_description'),
  last_modified_date: c('last_modified_date'),
});

/** Subaward files (subaward_search.d1 / .d2). */
const SUBAWARD_COLUMNS: Record<string, Expr> = {
  prime_award_unique_key: c('unique_award_key'),
  prime_award_piid: sql.fragment`CASE WHEN src.prime_award_group = 'procurement' THEN src.award_piid_fain END`,
  prime_award_fain: sql.fragment`CASE WHEN src.prime_award_group = 'grant' THEN src.award_piid_fain END`,
  prime_award_amount: c('prime_award_amount'),
  prime_award_latest_action_date: c('action_date'),
  prime_awardee_uei: c('prime_recipient_uei'),
  prime_awardee_name: c('prime_recipient_name'),
  prime_award_awarding_agency_code: c('awarding_toptier_agency_code'),
  prime_award_awarding_agency_name: c('awarding_toptier_agency_name'),
  prime_award_awarding_sub_agency_code: c('awarding_subtier_agency_code'),
  prime_award_awarding_sub_agency_name: c('awarding_subtier_agency_name'),
  prime_award_funding_agency_code: c('funding_toptier_agency_code'),
  prime_award_funding_agency_name: c('funding_toptier_agency_name'),
  prime_award_funding_sub_agency_code: c('funding_subtier_agency_code'),
  prime_award_funding_sub_agency_name: c('funding_subtier_agency_name'),
  prime_award_naics_code: c('naics_code'),
  prime_award_naics_description: c('naics_description'),
  prime_award_cfda_numbers_and_titles: c('cfda_titles'),
  subaward_type: c('subaward_type'),
  subaward_number: c('subaward_number'),
  subaward_amount: c('subaward_amount'),
  subaward_action_date: c('sub_action_date'),
  subaward_action_date_fiscal_year: c('sub_fiscal_year'),
  subaward_description: c('subaward_description'),
  subawardee_uei: c('sub_awardee_or_recipient_uei'),
  subawardee_duns: c('sub_awardee_or_recipient_uniqu'),
  subawardee_name: c('sub_awardee_or_recipient_legal'),
  subawardee_parent_uei: c('sub_ultimate_parent_uei'),
  subawardee_parent_name: c('sub_ultimate_parent_legal_enti'),
  subawardee_country_code: c('sub_legal_entity_country_code'),
  subawardee_country_name: c('sub_legal_entity_country_name'),
  subawardee_state_code: c('sub_legal_entity_state_code'),
  subawardee_state_name: c('sub_legal_entity_state_name'),
  subawardee_city_name: c('sub_legal_entity_city_name'),
  subawardee_zip_code: c('sub_legal_entity_zip5'),
  subaward_recipient_cd_original: c('sub_legal_entity_congressional'),
  subaward_recipient_cd_current: c('sub_legal_entity_congressional_current'),
  subaward_primary_place_of_performance_country_code: c('sub_place_of_perform_country_code'),
  subaward_primary_place_of_performance_country_name: c('sub_place_of_perform_country_name'),
  subaward_primary_place_of_performance_state_code: c('sub_place_of_perform_state_code'),
  subaward_primary_place_of_performance_state_name: c('sub_place_of_perform_state_name'),
  subaward_primary_place_of_performance_city_name: c('sub_place_of_perform_city_name'),
  subaward_primary_place_of_performance_address_zip_code: c('sub_place_of_perform_zip5'),
  subaward_place_of_performance_cd_original: c('sub_place_of_perform_congressio'),
  subaward_place_of_performance_cd_current: c('sub_place_of_perform_congressional_current'),
};

/** Source table of each download level. */
export type DownloadSource = 'award_search' | 'transaction_search' | 'subaward_search';

/**
 * The SQL expression of one column of a layout: a typed column of the source row when the database keeps the
 * value in one (the importer's mapping, read backwards), else the value kept under the column's name in the
 * row's `detail` JSON (every file column the importer did not map; `null` when the row has none).
 */
export function columnExpression(source: DownloadSource, fpds: boolean, column: string): Expr {
  const map = source === 'award_search' ? AWARD_COLUMNS(fpds) : source === 'transaction_search' ? TRANSACTION_COLUMNS(fpds) : SUBAWARD_COLUMNS;
  return map[column] ?? sql.fragment`src.detail_value->>${column}`;
}

/** Every typed column map, for the test that checks each named table column exists. */
export function typedColumnNames(source: DownloadSource, fpds: boolean): string[] {
  const map = source === 'award_search' ? AWARD_COLUMNS(fpds) : source === 'transaction_search' ? TRANSACTION_COLUMNS(fpds) : SUBAWARD_COLUMNS;
  return Object.keys(map);
}

/**
 * The rows of `source` that `where` keeps (unqualified column names of the source; it may end in a LIMIT) as the
 * subquery `src`, with `detail_value`: the row's detail JSON read once (`detail || '{}'`, a fresh in-memory value)
 * for the hundred or more columns taken from it. A transaction's detail is a row of transaction_detail (migration
 * 0196), joined after the filter so that `where` sees transaction_search's columns alone. `OFFSET 0` keeps each
 * subquery from being merged into the query around it, which would evaluate `detail_value` once per column.
 */
export function sourceRows(source: DownloadSource, where: FragmentSqlToken): FragmentSqlToken {
  const table = sql.identifier([source]);
  return source === 'transaction_search'
    ? sql.fragment`(SELECT f.*, d.detail || '{}'::jsonb AS detail_value FROM (SELECT * FROM ${table} WHERE ${where} OFFSET 0) AS f
        LEFT JOIN transaction_detail AS d ON d.transaction_id = f.transaction_id OFFSET 0) AS src`
    : sql.fragment`(SELECT *, detail || '{}'::jsonb AS detail_value FROM ${table} WHERE ${where} OFFSET 0) AS src`;
}

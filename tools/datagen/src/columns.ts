/**
 * COPY column lists of the generated tables, grouped in the blocks the row builders fill (a block such as
 * the awarding agency is encoded once per award and reused for each of its transactions).
 */
export const agencyColumns = (p: 'awarding' | 'funding'): string[] => [
  `${p}_agency_id`, `${p}_toptier_agency_id`, `${p}_toptier_agency_name`, `${p}_toptier_agency_code`,
  `${p}_toptier_agency_abbreviation`, `${p}_subtier_agency_name`, `${p}_subtier_agency_code`,
  `${p}_subtier_agency_abbreviation`, `${p}_office_code`, `${p}_office_name`,
];

export const RECIPIENT_COLUMNS = [
  'recipient_hash', 'recipient_levels', 'recipient_name', 'recipient_uei', 'recipient_unique_id', 'parent_recipient_hash',
  'parent_recipient_name', 'parent_uei', 'parent_recipient_unique_id', 'business_categories',
];

export const RECIPIENT_LOCATION_COLUMNS = [
  'recipient_location_address_line1', 'recipient_location_country_code', 'recipient_location_country_name',
  'recipient_location_state_code', 'recipient_location_state_name', 'recipient_location_state_fips',
  'recipient_location_county_code', 'recipient_location_county_name', 'recipient_location_congressional_code',
  'recipient_location_congressional_code_current', 'recipient_location_city_name', 'recipient_location_zip5',
  'recipient_location_foreign_province',
];

export const POP_COLUMNS = [
  'pop_country_code', 'pop_country_name', 'pop_state_code', 'pop_state_name', 'pop_state_fips', 'pop_county_code',
  'pop_county_name', 'pop_congressional_code', 'pop_congressional_code_current', 'pop_city_name', 'pop_zip5',
];

export const AWARD_COLUMNS = [
  'award_id', 'generated_unique_award_id', 'display_award_id', 'is_fpds', 'category', 'type', 'type_description',
  'piid', 'fain', 'uri', 'parent_award_piid', 'parent_award_id', 'parent_generated_unique_award_id', 'description',
  'total_obligation', 'total_outlays', 'total_subsidy_cost', 'total_loan_value', 'award_amount',
  'generated_pragmatic_obligation', 'base_and_all_options_value', 'base_exercised_options_val', 'total_funding_amount',
  'non_federal_funding_amount', 'total_indirect_federal_sharing', 'subaward_count', 'total_subaward_amount',
  'transaction_count', 'date_signed', 'action_date', 'fiscal_year', 'period_of_performance_start_date',
  'period_of_performance_current_end_date', 'period_of_performance_potential_end_date', 'ordering_period_end_date',
  'last_modified_date', 'update_date',
  ...agencyColumns('awarding'), ...agencyColumns('funding'), ...RECIPIENT_COLUMNS, ...RECIPIENT_LOCATION_COLUMNS, ...POP_COLUMNS,
  'cfda_number', 'cfda_program_title', 'naics_code', 'naics_description', 'product_or_service_code',
  'product_or_service_description', 'type_of_contract_pricing', 'type_of_contract_pricing_description', 'type_set_aside',
  'type_set_aside_description', 'extent_competed', 'extent_competed_description', 'idv_type', 'idv_type_description',
  'multiple_or_single_award_idv', 'multiple_or_single_award_idv_description', 'type_of_idc', 'type_of_idc_description',
  'treasury_account_identifiers', 'federal_account_ids', 'tas_paths', 'tas_components', 'disaster_emergency_fund_codes',
  'spending_by_defc', 'total_covid_obligation', 'total_covid_outlay', 'total_iija_obligation', 'total_iija_outlay',
  'object_classes', 'program_activity_ids', 'program_activities', 'officers', 'latest_transaction_id',
  'earliest_transaction_id', 'transaction_keyword_text',
];

export const TRANSACTION_COLUMNS = [
  'transaction_id', 'award_id', 'generated_unique_award_id', 'transaction_unique_id', 'is_fpds', 'modification_number',
  'action_date', 'fiscal_action_date', 'fiscal_year', 'award_date_signed', 'last_modified_date', 'type',
  'type_description', 'action_type', 'action_type_description', 'award_category', 'transaction_description',
  'federal_action_obligation', 'original_loan_subsidy_cost', 'face_value_loan_guarantee', 'generated_pragmatic_obligation',
  'non_federal_funding_amount', 'total_funding_amount', 'indirect_federal_sharing', 'base_and_all_options_value',
  'base_exercised_options_val',
  // from here on the values are the same for every transaction of an award
  'piid', 'fain', 'uri', 'parent_award_piid', 'display_award_id',
  ...agencyColumns('awarding'), ...agencyColumns('funding'), ...RECIPIENT_COLUMNS, ...RECIPIENT_LOCATION_COLUMNS, ...POP_COLUMNS,
  'cfda_number', 'cfda_title', 'naics_code', 'naics_description', 'product_or_service_code',
  'product_or_service_description', 'type_of_contract_pricing', 'type_set_aside', 'extent_competed',
  'treasury_account_identifiers', 'federal_account_ids', 'tas_paths', 'tas_components', 'disaster_emergency_fund_codes',
  'object_classes', 'program_activity_ids', 'program_activities',
];

/** transaction_detail: each transaction's download columns without a typed column (migration 0196). */
export const TRANSACTION_DETAIL_COLUMNS = ['transaction_id', 'detail'];

const subAgencyColumns = (p: 'awarding' | 'funding'): string[] => [
  `${p}_agency_id`, `${p}_toptier_agency_name`, `${p}_toptier_agency_code`, `${p}_toptier_agency_abbreviation`,
  `${p}_subtier_agency_name`, `${p}_subtier_agency_code`, `${p}_subtier_agency_abbreviation`,
];

export const SUBAWARD_COLUMNS = [
  'broker_subaward_id', 'award_id', 'unique_award_key', 'prime_award_group', 'prime_award_type', 'subaward_type',
  'subaward_number', 'subaward_amount', 'sub_action_date', 'sub_fiscal_year', 'sub_fiscal_action_date',
  'subaward_description', 'award_piid_fain', 'prime_award_amount', 'action_date', 'sub_awardee_or_recipient_legal',
  'sub_awardee_or_recipient_uei', 'sub_awardee_or_recipient_uniqu', 'sub_ultimate_parent_legal_enti',
  'sub_ultimate_parent_uei', 'subaward_recipient_hash', 'subaward_recipient_level', 'prime_award_recipient_id',
  'prime_recipient_name', 'prime_recipient_uei',
  ...subAgencyColumns('awarding'), ...subAgencyColumns('funding'),
  'sub_legal_entity_country_code', 'sub_legal_entity_country_name', 'sub_legal_entity_state_code',
  'sub_legal_entity_state_name', 'sub_legal_entity_state_fips', 'sub_legal_entity_county_code',
  'sub_legal_entity_county_name', 'sub_legal_entity_city_name', 'sub_legal_entity_zip5', 'sub_legal_entity_congressional',
  'sub_legal_entity_congressional_current',
  'sub_place_of_perform_country_code', 'sub_place_of_perform_country_name', 'sub_place_of_perform_state_code',
  'sub_place_of_perform_state_name', 'sub_place_of_perform_state_fips', 'sub_place_of_perform_county_code',
  'sub_place_of_perform_county_name', 'sub_place_of_perform_city_name', 'sub_place_of_perform_zip5',
  'sub_place_of_perform_congressio', 'sub_place_of_perform_congressional_current',
  'cfda_numbers', 'cfda_titles', 'naics_code', 'naics_description', 'product_or_service_code',
  'product_or_service_description', 'business_categories',
  'treasury_account_identifiers', 'tas_paths', 'tas_components', 'disaster_emergency_fund_codes', 'object_classes',
  'program_activity_ids', 'program_activities', 'subaward_key', 'detail',
];

export const FABA_COLUMNS = [
  'financial_accounts_by_awards_id', 'treasury_account_id', 'submission_id', 'award_id', 'distinct_award_key', 'piid',
  'parent_award_id', 'fain', 'uri', 'program_activity_id', 'object_class_id', 'disaster_emergency_fund_code',
  'transaction_obligated_amount', 'gross_outlay_amount_by_award_cpe',
  'ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe', 'ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe',
];

export const SUBMISSION_COLUMNS = [
  'submission_id', 'toptier_code', 'reporting_agency_name', 'reporting_fiscal_year', 'reporting_fiscal_quarter',
  'reporting_fiscal_period', 'quarter_format_flag', 'is_final_balances_for_fy', 'submission_window_id',
  'reporting_period_start', 'reporting_period_end', 'published_date', 'certified_date',
];

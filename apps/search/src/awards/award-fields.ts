import type { AwardTypeGroup } from '@usas/filters';

/**
 * Field labels of spending_by_award and the award_search columns behind them, per award type group
 * (upstream's contracts/idv/loan/non-loan assistance mappings). `null` = the label exists but the read
 * model has no such value (always null). Labels not in a group's map are returned as null and cannot be
 * sorted on.
 */
export type FieldMap = Record<string, string | null>;

const BASE: FieldMap = {
  'Award ID': 'display_award_id',
  'Recipient Name': 'recipient_name',
  'Recipient DUNS Number': 'recipient_unique_id',
  recipient_id: 'recipient_unique_id',
  'Awarding Agency': 'awarding_toptier_agency_name',
  'Awarding Agency Code': 'awarding_toptier_agency_code',
  'Awarding Sub Agency': 'awarding_subtier_agency_name',
  'Awarding Sub Agency Code': 'awarding_subtier_agency_code',
  'Funding Agency': 'funding_toptier_agency_name',
  'Funding Agency Code': 'funding_toptier_agency_code',
  'Funding Sub Agency': 'funding_subtier_agency_name',
  'Funding Sub Agency Code': 'funding_subtier_agency_code',
  'Place of Performance City Code': null,
  'Place of Performance State Code': 'pop_state_code',
  'Place of Performance Country Code': 'pop_country_code',
  'Place of Performance Zip5': 'pop_zip5',
  Description: 'description',
  'Last Modified Date': 'last_modified_date',
  'Base Obligation Date': 'date_signed',
  prime_award_recipient_id: null,
  generated_internal_id: 'generated_unique_award_id',
  def_codes: 'disaster_emergency_fund_codes',
  'COVID-19 Obligations': 'spending_by_defc',
  'COVID-19 Outlays': 'spending_by_defc',
  'Infrastructure Obligations': 'spending_by_defc',
  'Infrastructure Outlays': 'spending_by_defc',
  'Recipient UEI': 'recipient_uei',
};

const CONTRACTS: FieldMap = {
  ...BASE,
  'Start Date': 'period_of_performance_start_date',
  'End Date': 'period_of_performance_current_end_date',
  'Award Amount': 'total_obligation',
  'Total Outlays': 'total_outlays',
  'Contract Award Type': 'type_description',
};

const IDVS: FieldMap = {
  ...BASE,
  'Start Date': 'period_of_performance_start_date',
  'Award Amount': 'total_obligation',
  'Total Outlays': 'total_outlays',
  'Contract Award Type': 'type_description',
  'Last Date to Order': 'ordering_period_end_date',
};

const LOANS: FieldMap = {
  ...BASE,
  'Issued Date': 'action_date',
  'Loan Value': 'total_loan_value',
  'Subsidy Cost': 'total_subsidy_cost',
  'SAI Number': null,
  'CFDA Number': 'cfda_number',
  'Assistance Listings': 'cfda_number',
};

const NON_LOAN_ASSISTANCE: FieldMap = {
  ...BASE,
  'Start Date': 'period_of_performance_start_date',
  'End Date': 'period_of_performance_current_end_date',
  'Award Amount': 'total_obligation',
  'Total Outlays': 'total_outlays',
  'Award Type': 'type_description',
  'SAI Number': null,
  'CFDA Number': 'cfda_number',
  'Assistance Listings': 'cfda_number',
};

/** Field map of each award type group. */
export const AWARD_FIELD_MAPS: Record<AwardTypeGroup, FieldMap> = {
  contracts: CONTRACTS,
  idvs: IDVS,
  loans: LOANS,
  grants: NON_LOAN_ASSISTANCE,
  direct_payments: NON_LOAN_ASSISTANCE,
  other_financial_assistance: NON_LOAN_ASSISTANCE,
};

/** Upstream's name of each group's mapping, used in the "sort value not found" message. */
export const AWARD_GROUP_LABELS: Record<AwardTypeGroup, string> = {
  contracts: 'Contract Award',
  idvs: 'IDV Award',
  loans: 'Loan Award',
  grants: 'Non-Loan Assistance Award',
  direct_payments: 'Non-Loan Assistance Award',
  other_financial_assistance: 'Non-Loan Assistance Award',
};

/** Subaward labels and their subaward_search columns. */
export const SUBAWARD_FIELD_MAP: FieldMap = {
  'Sub-Award ID': 'subaward_number',
  'Sub-Award Type': 'subaward_type',
  'Sub-Awardee Name': 'sub_awardee_or_recipient_legal',
  'Sub-Award Date': 'sub_action_date',
  'Sub-Award Amount': 'subaward_amount',
  'Awarding Agency': 'awarding_toptier_agency_name',
  'Awarding Sub Agency': 'awarding_subtier_agency_name',
  'Prime Award ID': 'award_piid_fain',
  'Prime Recipient Name': 'prime_recipient_name',
  prime_award_recipient_id: 'prime_award_recipient_id',
  'Sub-Award Description': 'subaward_description',
  'Sub-Recipient UEI': 'sub_awardee_or_recipient_uei',
  'Prime Award Recipient UEI': 'prime_recipient_uei',
};

/**
 * Labels whose value is an object; sorting on them orders by the listed columns' first one and is not
 * checked against the mappings (as upstream).
 */
export const OBJECT_SORT_COLUMNS: Record<string, { awards: string | null; subawards: string | null }> = {
  NAICS: { awards: 'naics_code', subawards: 'naics_code' },
  PSC: { awards: 'product_or_service_code', subawards: 'product_or_service_code' },
  'Recipient Location': { awards: 'recipient_location_city_name', subawards: null },
  'Primary Place of Performance': { awards: 'pop_city_name', subawards: null },
  'Assistance Listing': { awards: 'cfda_number', subawards: 'cfda_numbers' },
  'Sub-Recipient Location': { awards: null, subawards: 'sub_legal_entity_city_name' },
  'Sub-Award Primary Place of Performance': { awards: null, subawards: 'sub_place_of_perform_city_name' },
};

/** The value type of a sort column, to read a search-after cursor value back. */
export function sortColumnType(column: string): 'numeric' | 'date' | 'text' {
  if (/(_date|date_signed)$/.test(column)) return 'date';
  if (/(obligation|outlays|amount|_value|_cost)$/.test(column) || column === 'spending_by_defc') return 'numeric';
  return 'text';
}

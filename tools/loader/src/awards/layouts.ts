/** The USAspending download layouts the importer reads, told apart by their key columns. */
export type LayoutName = 'transaction_d1' | 'transaction_d2' | 'award_d1' | 'award_d2' | 'subaward_d1' | 'subaward_d2';

export interface AwardFileLayout {
  name: LayoutName;
  kind: 'transaction' | 'award' | 'subaward';
  /** FPDS (contracts, IDVs) or FABS (assistance). */
  fpds: boolean;
  /** Columns without which a file of this layout cannot be loaded. */
  requiredColumns: string[];
  /** Columns that must hold a value in every row. */
  requiredValues: string[];
  /**
   * Every date column of the layout, mapped or kept in `detail`: a date (YYYY-MM-DD) or a date-time whose date is
   * kept (upstream files carry both, e.g. `2028-09-19 00:00:00`).
   */
  dateColumns: string[];
  numericColumns: string[];
}

const LAYOUTS: AwardFileLayout[] = [
  {
    name: 'transaction_d1', kind: 'transaction', fpds: true,
    requiredColumns: ['contract_transaction_unique_key', 'contract_award_unique_key', 'award_id_piid', 'action_date', 'awarding_sub_agency_code'],
    requiredValues: ['contract_transaction_unique_key', 'contract_award_unique_key', 'award_id_piid', 'action_date', 'awarding_sub_agency_code'],
    dateColumns: ['action_date', 'period_of_performance_start_date', 'period_of_performance_current_end_date', 'period_of_performance_potential_end_date', 'ordering_period_end_date', 'solicitation_date', 'initial_report_date', 'last_modified_date'],
    numericColumns: ['federal_action_obligation', 'total_dollars_obligated', 'total_outlayed_amount_for_overall_award', 'base_and_exercised_options_value', 'current_total_value_of_award', 'base_and_all_options_value', 'potential_total_value_of_award', 'outlayed_amount_from_COVID-19_supplementals_for_overall_award', 'obligated_amount_from_COVID-19_supplementals_for_overall_award', 'outlayed_amount_from_IIJA_supplemental_for_overall_award', 'obligated_amount_from_IIJA_supplemental_for_overall_award'],
  },
  {
    name: 'transaction_d2', kind: 'transaction', fpds: false,
    requiredColumns: ['assistance_transaction_unique_key', 'assistance_award_unique_key', 'action_date', 'awarding_sub_agency_code'],
    requiredValues: ['assistance_transaction_unique_key', 'assistance_award_unique_key', 'action_date', 'awarding_sub_agency_code'],
    dateColumns: ['action_date', 'period_of_performance_start_date', 'period_of_performance_current_end_date', 'initial_report_date', 'last_modified_date'],
    numericColumns: ['federal_action_obligation', 'total_obligated_amount', 'total_outlayed_amount_for_overall_award', 'indirect_cost_federal_share_amount', 'non_federal_funding_amount', 'total_non_federal_funding_amount', 'face_value_of_loan', 'original_loan_subsidy_cost', 'total_face_value_of_loan', 'total_loan_subsidy_cost', 'generated_pragmatic_obligations', 'outlayed_amount_from_COVID-19_supplementals_for_overall_award', 'obligated_amount_from_COVID-19_supplementals_for_overall_award', 'outlayed_amount_from_IIJA_supplemental_for_overall_award', 'obligated_amount_from_IIJA_supplemental_for_overall_award'],
  },
  {
    name: 'award_d1', kind: 'award', fpds: true,
    requiredColumns: ['contract_award_unique_key', 'award_id_piid', 'awarding_sub_agency_code'],
    requiredValues: ['contract_award_unique_key', 'award_id_piid', 'awarding_sub_agency_code'],
    dateColumns: ['award_base_action_date', 'award_latest_action_date', 'period_of_performance_start_date', 'period_of_performance_current_end_date', 'period_of_performance_potential_end_date', 'ordering_period_end_date', 'solicitation_date', 'last_modified_date'],
    numericColumns: ['total_obligated_amount', 'total_outlayed_amount', 'current_total_value_of_award', 'potential_total_value_of_award', 'outlayed_amount_from_COVID-19_supplementals', 'obligated_amount_from_COVID-19_supplementals', 'outlayed_amount_from_IIJA_supplemental', 'obligated_amount_from_IIJA_supplemental'],
  },
  {
    name: 'award_d2', kind: 'award', fpds: false,
    requiredColumns: ['assistance_award_unique_key', 'awarding_sub_agency_code'],
    requiredValues: ['assistance_award_unique_key', 'awarding_sub_agency_code'],
    dateColumns: ['award_base_action_date', 'award_latest_action_date', 'period_of_performance_start_date', 'period_of_performance_current_end_date', 'last_modified_date'],
    numericColumns: ['total_obligated_amount', 'total_outlayed_amount', 'indirect_cost_federal_share_amount', 'total_non_federal_funding_amount', 'total_funding_amount', 'total_face_value_of_loan', 'total_loan_subsidy_cost', 'outlayed_amount_from_COVID-19_supplementals', 'obligated_amount_from_COVID-19_supplementals', 'outlayed_amount_from_IIJA_supplemental', 'obligated_amount_from_IIJA_supplemental'],
  },
  {
    name: 'subaward_d1', kind: 'subaward', fpds: true,
    requiredColumns: ['prime_award_unique_key', 'prime_award_piid', 'subaward_number', 'subaward_amount', 'subaward_action_date'],
    requiredValues: ['prime_award_unique_key', 'subaward_number', 'subaward_amount', 'subaward_action_date'],
    dateColumns: ['subaward_action_date', 'prime_award_base_action_date', 'prime_award_latest_action_date', 'prime_award_period_of_performance_start_date',
      'prime_award_period_of_performance_current_end_date', 'prime_award_period_of_performance_potential_end_date', 'subaward_sam_report_last_modified_date'],
    numericColumns: ['subaward_amount', 'prime_award_amount'],
  },
  {
    name: 'subaward_d2', kind: 'subaward', fpds: false,
    requiredColumns: ['prime_award_unique_key', 'prime_award_fain', 'subaward_number', 'subaward_amount', 'subaward_action_date'],
    requiredValues: ['prime_award_unique_key', 'subaward_number', 'subaward_amount', 'subaward_action_date'],
    dateColumns: ['subaward_action_date', 'prime_award_base_action_date', 'prime_award_latest_action_date', 'prime_award_period_of_performance_start_date',
      'prime_award_period_of_performance_current_end_date', 'prime_award_period_of_performance_potential_end_date', 'subaward_sam_report_last_modified_date'],
    numericColumns: ['subaward_amount', 'prime_award_amount'],
  },
];

/**
 * The layout of a file from its header: transaction files carry a transaction key, award summary files an
 * award key alone, subaward files the prime key with the PIID (contracts) or FAIN (assistance).
 */
export function detectLayout(header: string[]): AwardFileLayout | undefined {
  const has = (c: string) => header.includes(c);
  const name: LayoutName | undefined = has('contract_transaction_unique_key') ? 'transaction_d1'
    : has('assistance_transaction_unique_key') ? 'transaction_d2'
    : has('subaward_number') && has('prime_award_piid') ? 'subaward_d1'
    : has('subaward_number') && has('prime_award_fain') ? 'subaward_d2'
    : has('contract_award_unique_key') ? 'award_d1'
    : has('assistance_award_unique_key') ? 'award_d2'
    : undefined;
  return LAYOUTS.find((l) => l.name === name);
}

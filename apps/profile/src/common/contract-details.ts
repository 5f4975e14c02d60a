import type { ResponseBody } from '@usas/api-types';
import type { AwardProfileRow } from '../queries/award-profile.query';

type ContractDetails = NonNullable<ResponseBody<'getAward'>['latest_transaction_contract_data']>;

/** The code/description fields of latest_transaction_contract_data (upstream's ContractDetails). */
export const CONTRACT_DETAIL_FIELDS = ["clinger_cohen_act_planning", "clinger_cohen_act_planning_description", "commercial_item_acquisition", "commercial_item_acquisition_description", "commercial_item_test_program", "commercial_item_test_program_description", "consolidated_contract", "consolidated_contract_description", "construction_wage_rate", "construction_wage_rate_description", "cost_or_pricing_data", "cost_or_pricing_data_description", "dod_acquisition_program", "dod_acquisition_program_description", "dod_claimant_program", "dod_claimant_program_description", "domestic_or_foreign_entity", "domestic_or_foreign_entity_description", "evaluated_preference", "evaluated_preference_description", "extent_competed", "extent_competed_description", "fair_opportunity_limited", "fair_opportunity_limited_description", "fed_biz_opps", "fed_biz_opps_description", "foreign_funding", "foreign_funding_description", "idv_type_description", "information_technology_commercial_item_category", "information_technology_commercial_item_category_description", "interagency_contracting_authority", "interagency_contracting_authority_description", "labor_standards", "labor_standards_description", "major_program", "materials_supplies", "materials_supplies_description", "multi_year_contract", "multi_year_contract_description", "multiple_or_single_award_description", "naics", "naics_description", "national_interest_action", "national_interest_action_description", "number_of_offers_received", "other_than_full_and_open", "other_than_full_and_open_description", "price_evaluation_adjustment", "product_or_service_code", "product_or_service_description", "program_acronym", "purchase_card_as_payment_method", "purchase_card_as_payment_method_description", "referenced_idv_agency_iden", "referenced_idv_agency_desc", "sea_transportation", "sea_transportation_description", "solicitation_identifier", "solicitation_procedures", "solicitation_procedures_description", "subcontracting_plan", "subcontracting_plan_description", "type_of_contract_pricing", "type_of_contract_pricing_description", "type_of_idc_description", "type_set_aside", "type_set_aside_description"] as const;

/**
 * Where a field is found in the latest transaction's download columns (transaction_detail.detail) when its
 * name there differs: the download layout names a code column `<name>_code` and its description `<name>`.
 */
const DETAIL_KEYS: Record<string, string> = {
  solicitation_procedures: 'solicitation_procedures_code',
  solicitation_procedures_description: 'solicitation_procedures',
  national_interest_action: 'national_interest_action_code',
  national_interest_action_description: 'national_interest_action',
  commercial_item_acquisition: 'commercial_item_acquisition_procedures_code',
  commercial_item_acquisition_description: 'commercial_item_acquisition_procedures',
  extent_competed_description: 'extent_competed',
  type_set_aside_description: 'type_of_set_aside',
  type_of_contract_pricing_description: 'type_of_contract_pricing',
  idv_type_description: 'idv_type',
  referenced_idv_agency_iden: 'parent_award_agency_id',
  referenced_idv_agency_desc: 'parent_award_agency_name',
};

/** Columns of the latest transaction itself (typed columns rather than download detail). */
const TYPED_KEYS = new Set(['extent_competed', 'type_set_aside', 'type_of_contract_pricing', 'naics', 'naics_description',
  'product_or_service_code', 'product_or_service_description']);

function str(v: unknown): string | null {
  return v === undefined || v === null ? null : String(v);
}

/** latest_transaction_contract_data from the latest transaction (typed columns, then download detail columns). */
export function contractDetails(row: AwardProfileRow): ContractDetails {
  const detail = row.latest_detail ?? {};
  const codes = row.latest_codes ?? {};
  const out: Record<string, string | boolean | null> = {};
  for (const f of CONTRACT_DETAIL_FIELDS) {
    if (TYPED_KEYS.has(f)) out[f] = codes[f] ?? null;
    else if (DETAIL_KEYS[f]) out[f] = str(detail[DETAIL_KEYS[f] as string]);
    else if (f.endsWith('_description')) out[f] = str(detail[f.slice(0, -'_description'.length)]);
    else out[f] = str(detail[`${f}_code`] ?? detail[f]);
  }
  out.idv_type_description = out.idv_type_description ?? row.idv_type_description;
  out.type_of_idc_description = row.type_of_idc_description;
  out.multiple_or_single_award_description = row.multiple_or_single_award_idv_description;
  const sbc = detail.small_business_competitive;
  out.small_business_competitive = sbc === undefined || sbc === null ? null : sbc === true || String(sbc).toLowerCase().startsWith('t');
  return out as unknown as ContractDetails;
}

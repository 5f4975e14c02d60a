import { businessCategories } from './business-categories';
import type { AwardFileLayout } from './layouts';
import type { SourceColumns } from './source-columns';

/** A read-model column and the SQL expression that fills it from a staged row. */
export type ColumnMapping = [column: string, expression: string];

/** Award types, their descriptions and categories (upstream lookups; unknown codes become -1). */
export const AWARD_TYPE_ROWS: Array<[string, string, string | null]> = [
  ['A', 'BPA Call', 'contract'], ['B', 'Purchase Order', 'contract'], ['C', 'Delivery Order', 'contract'], ['D', 'Definitive Contract', 'contract'],
  ['IDV_A', 'GWAC Government Wide Acquisition Contract', 'idv'], ['IDV_B', 'IDC Multi-Agency Contract, Other Indefinite Delivery Contract', 'idv'],
  ['IDV_B_A', 'IDC Indefinite Delivery Contract / Requirements', 'idv'], ['IDV_B_B', 'IDC Indefinite Delivery Contract / Indefinite Quantity', 'idv'],
  ['IDV_B_C', 'IDC Indefinite Delivery Contract / Definite Quantity', 'idv'], ['IDV_C', 'FSS Federal Supply Schedule', 'idv'],
  ['IDV_D', 'BOA Basic Ordering Agreement', 'idv'], ['IDV_E', 'BPA Blanket Purchase Agreement', 'idv'],
  ['02', 'Block Grant', 'grant'], ['03', 'Formula Grant', 'grant'], ['04', 'Project Grant', 'grant'], ['05', 'Cooperative Agreement', 'grant'],
  ['06', 'Direct Payment for Specified Use', 'direct payment'], ['07', 'Direct Loan', 'loans'], ['08', 'Guaranteed/Insured Loan', 'loans'],
  ['09', 'Insurance', 'insurance'], ['10', 'Direct Payment with Unrestricted Use', 'direct payment'], ['11', 'Other Financial Assistance', 'other'],
  ['-1', 'Not Specified', null],
];

/** The award type code of a staged row (contract award type, IDV type with IDC type, or assistance type). */
export function typeExpression(src: SourceColumns, layout: AwardFileLayout): string {
  if (!layout.fpds) {
    const code = src.first('assistance_type_code', 'prime_award_type');
    return `CASE WHEN ${code} IN ('02', '03', '04', '05', '06', '07', '08', '09', '10', '11') THEN ${code} ELSE '-1' END`;
  }
  const contract = src.text('award_type_code');
  const idv = src.text('idv_type_code');
  const idc = src.text('type_of_idc_code');
  return `CASE WHEN ${contract} IN ('A', 'B', 'C', 'D') THEN ${contract}
    WHEN ${idv} = 'A' THEN 'IDV_A' WHEN ${idv} = 'C' THEN 'IDV_C' WHEN ${idv} = 'D' THEN 'IDV_D' WHEN ${idv} = 'E' THEN 'IDV_E'
    WHEN ${idv} = 'B' THEN CASE ${idc} WHEN 'A' THEN 'IDV_B_A' WHEN 'B' THEN 'IDV_B_B' WHEN 'C' THEN 'IDV_B_C' ELSE 'IDV_B' END
    ELSE '-1' END`;
}

const right = (expr: string, n: number) => `right(${expr}, ${n})`;

/** Agency and office columns, resolved through the reference tables (joins `aw`, `fu`, `ao`, `fo`). */
function agencyColumns(src: SourceColumns, prefix: 'awarding' | 'funding', alias: string, officeAlias: string, withIds: boolean, withOffice: boolean): ColumnMapping[] {
  const file = prefix === 'awarding' ? 'awarding' : 'funding';
  const out: ColumnMapping[] = [[`${prefix}_agency_id`, `${alias}.id`]];
  if (withIds) out.push([`${prefix}_toptier_agency_id`, `${alias}.toptier_agency_id`]);
  out.push(
    [`${prefix}_toptier_agency_name`, `coalesce(${alias}.toptier_name, ${src.first(`${file}_agency_name`, `prime_award_${file}_agency_name`)})`],
    [`${prefix}_toptier_agency_code`, `coalesce(${alias}.toptier_code, ${src.first(`${file}_agency_code`, `prime_award_${file}_agency_code`)})`],
    [`${prefix}_toptier_agency_abbreviation`, `${alias}.toptier_abbreviation`],
    [`${prefix}_subtier_agency_name`, `coalesce(${alias}.subtier_name, ${src.first(`${file}_sub_agency_name`, `prime_award_${file}_sub_agency_name`)})`],
    [`${prefix}_subtier_agency_code`, src.first(`${file}_sub_agency_code`, `prime_award_${file}_sub_agency_code`)],
    [`${prefix}_subtier_agency_abbreviation`, `${alias}.subtier_abbreviation`],
  );
  if (withOffice) {
    out.push(
      [`${prefix}_office_code`, src.text(`${file}_office_code`)],
      [`${prefix}_office_name`, `coalesce(${officeAlias}.office_name, ${src.text(`${file}_office_name`)})`],
    );
  }
  return out;
}

/** Recipient, recipient location and place of performance columns of a prime award or transaction row. */
function recipientAndPlaces(src: SourceColumns, level: 'transaction' | 'summary'): ColumnMapping[] {
  const p = `prime_award_${level}`;
  const uei = src.text('recipient_uei');
  const duns = src.text('recipient_duns');
  const name = src.text('recipient_name');
  const parentUei = src.text('recipient_parent_uei');
  const parentDuns = src.text('recipient_parent_duns');
  const parentName = src.text('recipient_parent_name');
  const placeCode = src.text('primary_place_of_performance_code');
  return [
    ['recipient_hash', `recipient_hash_of(${uei}, ${duns}, ${name})`],
    ['recipient_name', name],
    ['recipient_uei', uei],
    ['recipient_unique_id', duns],
    ['parent_recipient_hash', `CASE WHEN coalesce(${parentUei}, ${parentDuns}) IS NOT NULL THEN recipient_hash_of(${parentUei}, ${parentDuns}, ${parentName}) END`],
    ['parent_recipient_name', parentName],
    ['parent_uei', parentUei],
    ['parent_recipient_unique_id', parentDuns],
    ['recipient_location_address_line1', src.text('recipient_address_line_1')],
    ['recipient_location_country_code', src.text('recipient_country_code')],
    ['recipient_location_country_name', src.text('recipient_country_name')],
    ['recipient_location_state_code', src.text('recipient_state_code')],
    ['recipient_location_state_name', src.text('recipient_state_name')],
    ['recipient_location_state_fips', src.text(`${p}_recipient_state_fips_code`)],
    ['recipient_location_county_code', right(src.text(`${p}_recipient_county_fips_code`), 3)],
    ['recipient_location_county_name', src.text('recipient_county_name')],
    ['recipient_location_congressional_code', right(src.text(`${p}_recipient_cd_original`), 2)],
    ['recipient_location_congressional_code_current', right(src.text(`${p}_recipient_cd_current`), 2)],
    ['recipient_location_city_name', src.text('recipient_city_name')],
    ['recipient_location_zip5', `left(${src.first('recipient_zip_4_code', 'recipient_zip_code')}, 5)`],
    ['recipient_location_foreign_province', src.text('recipient_foreign_province_name')],
    ['pop_country_code', src.text('primary_place_of_performance_country_code')],
    ['pop_country_name', src.text('primary_place_of_performance_country_name')],
    ['pop_state_code', `coalesce(${src.text('primary_place_of_performance_state_code')}, CASE WHEN ${placeCode} ~ '^[A-Z]{2}[0-9*]' THEN left(${placeCode}, 2) END)`],
    ['pop_state_name', src.text('primary_place_of_performance_state_name')],
    ['pop_state_fips', src.text(`${p}_place_of_performance_state_fips_code`)],
    ['pop_county_code', right(src.text(`${p}_place_of_performance_county_fips_code`), 3)],
    ['pop_county_name', src.text('primary_place_of_performance_county_name')],
    ['pop_congressional_code', right(src.text(`${p}_place_of_performance_cd_original`), 2)],
    ['pop_congressional_code_current', right(src.text(`${p}_place_of_performance_cd_current`), 2)],
    ['pop_city_name', src.text('primary_place_of_performance_city_name')],
    ['pop_zip5', `left(${src.text('primary_place_of_performance_zip_4')}, 5)`],
  ];
}

/** CFDA number and title: the transaction columns, or the first entry of "number: title; ..." lists. */
function cfdaColumns(src: SourceColumns, titleColumn: string): ColumnMapping[] {
  const list = src.first('cfda_numbers_and_titles', 'prime_award_cfda_numbers_and_titles');
  const firstEntry = `split_part(${list}, ';', 1)`;
  return [
    ['cfda_number', `coalesce(${src.text('cfda_number')}, nullif(btrim(split_part(${firstEntry}, ':', 1)), ''))`],
    [titleColumn, `coalesce(${src.text('cfda_title')}, nullif(btrim(substr(${firstEntry}, strpos(${firstEntry}, ':') + 1)), ''))`],
  ];
}

/**
 * The File C columns an import can carry: accounts, DEF codes, COVID-19/IIJA amounts, outlays, object
 * classes and program activities (joins `tasx`, `fax`, `ocx`, `pax`).
 */
function fileCColumns(src: SourceColumns, suffix: string): ColumnMapping[] {
  const defc = src.text(`disaster_emergency_fund_codes${suffix}`);
  return [
    ['treasury_account_identifiers', 'tasx.ids'],
    ['federal_account_ids', 'fax.ids'],
    ['tas_paths', 'tasx.paths'],
    ['tas_components', 'tasx.components'],
    ['disaster_emergency_fund_codes', `(SELECT array_agg(DISTINCT m[1] COLLATE "C") FROM unnest(string_to_array(${defc}, ';')) x, regexp_match(btrim(x), '^([A-Z0-9]{1,3})(:|$)') m)`],
    ['total_covid_obligation', src.amount(`obligated_amount_from_COVID-19_supplementals${suffix}`)],
    ['total_covid_outlay', src.amount(`outlayed_amount_from_COVID-19_supplementals${suffix}`)],
    ['total_iija_obligation', src.amount(`obligated_amount_from_IIJA_supplemental${suffix}`)],
    ['total_iija_outlay', src.amount(`outlayed_amount_from_IIJA_supplemental${suffix}`)],
    ['total_outlays', src.amount(`total_outlayed_amount${suffix}`)],
    ['object_classes', 'ocx.codes'],
    ['program_activity_ids', 'pax.ids'],
    ['program_activities', 'pax.activities'],
  ];
}

/** A list column's entries: "a;b;c" split and trimmed, blanks dropped. */
const entries = (list: string) => `(SELECT btrim(x) AS x FROM unnest(string_to_array(${list}, ';')) x WHERE btrim(x) <> '')`;

/**
 * CTEs resolving each distinct list of the rows of `table` once, rather than once per row (files repeat the
 * same few lists on thousands of rows): `tas_lists` and `fa_lists` for the Treasury and federal account
 * lists ("012-X-1234-000;..." and "012-1234;..."), `oc_lists` for object classes ("251: Advisory and
 * assistance services;..."; codes of the object_class reference table, as the derive step's File C rows
 * give them) and `pa_lists` for program activities ("0001: NAME;...": the {code, name} pairs as written,
 * and the ids of the reference program activities with that code and name). Join them with `fileCJoins`.
 */
export function fileCLists(src: SourceColumns, table: string): string {
  const list = (column: string) => `(SELECT DISTINCT ${src.text(column)} AS list FROM ${table} s) l CROSS JOIN LATERAL ${entries('l.list')} e`;
  const code = `btrim(split_part(e.x, ':', 1))`;
  const name = `nullif(btrim(substr(e.x, strpos(e.x, ':') + 1)), '')`;
  return `tas_lists AS (
      SELECT l.list, array_agg(DISTINCT p.id) AS ids, array_agg(DISTINCT p.tas_path) AS paths, array_agg(DISTINCT p.tas_component) AS components
      FROM ${list('treasury_accounts_funding_this_award')}
      JOIN treasury_account_search_path p ON p.tas_rendering_label = e.x
      GROUP BY l.list),
    fa_lists AS (
      SELECT l.list, array_agg(DISTINCT f.id) AS ids
      FROM ${list('federal_accounts_funding_this_award')}
      JOIN federal_account f ON f.federal_account_code = e.x
      GROUP BY l.list),
    oc_lists AS (
      SELECT l.list, array_agg(DISTINCT ${code} COLLATE "C") AS codes
      FROM ${list('object_classes_funding_this_award')}
      WHERE EXISTS (SELECT 1 FROM object_class oc WHERE oc.object_class = ${code})
      GROUP BY l.list),
    pa_lists AS (
      SELECT l.list,
        (SELECT jsonb_agg(jsonb_build_object('code', z.code, 'name', z.name) ORDER BY z.code COLLATE "C", z.name COLLATE "C")
         FROM (SELECT DISTINCT ${code} AS code, ${name} AS name FROM ${entries('l.list')} e) z) AS activities,
        (SELECT array_agg(DISTINCT r.id) FROM ${entries('l.list')} e
         JOIN ref_program_activity r ON r.program_activity_code = ${code} AND upper(r.program_activity_name) = upper(${name})) AS ids
      FROM (SELECT DISTINCT ${src.text('program_activities_funding_this_award')} AS list FROM ${table} s) l)`;
}

/** Joins a row to its resolved lists (the CTEs of `fileCLists`): `tasx`, `fax`, `ocx`, `pax`. */
export function fileCJoins(src: SourceColumns): string {
  return `LEFT JOIN tas_lists tasx ON tasx.list = ${src.text('treasury_accounts_funding_this_award')}
    LEFT JOIN fa_lists fax ON fax.list = ${src.text('federal_accounts_funding_this_award')}
    LEFT JOIN oc_lists ocx ON ocx.list = ${src.text('object_classes_funding_this_award')}
    LEFT JOIN pa_lists pax ON pax.list = ${src.text('program_activities_funding_this_award')}`;
}

/**
 * transaction_search columns from a prime transaction file (transaction.d1 / .d2). Expects the joins
 * `aw`/`fu` (agency lookups), `ao`/`fo` (offices) and `ty` (award type row). Columns the derive step owns
 * (recipient levels, File C arrays, award_date_signed) are left out.
 */
export function transactionColumns(src: SourceColumns, layout: AwardFileLayout): ColumnMapping[] {
  const fpds = layout.fpds;
  const fao = src.amount('federal_action_obligation');
  const subsidy = src.amount('original_loan_subsidy_cost');
  const nonFederal = src.amount('non_federal_funding_amount');
  const action = src.date('action_date');
  const fain = src.text('award_id_fain');
  const uri = src.text('award_id_uri');
  const piid = src.text('award_id_piid');
  return [
    ['transaction_unique_id', src.text(fpds ? 'contract_transaction_unique_key' : 'assistance_transaction_unique_key')],
    ['generated_unique_award_id', src.text(fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key')],
    ['is_fpds', fpds ? 'true' : 'false'],
    ['modification_number', src.text('modification_number')],
    ['action_date', action],
    ['fiscal_action_date', `(${action} + interval '3 months')::date`],
    ['fiscal_year', `fiscal_year_of(${action})`],
    ['last_modified_date', `(left(${src.text('last_modified_date')}, 10))::date`],
    ['type', 'ty.code'],
    ['type_description', 'ty.description'],
    ['action_type', src.text('action_type_code')],
    ['action_type_description', src.first('action_type_description', 'action_type')],
    ['award_category', 'ty.category'],
    ['transaction_description', src.text('transaction_description')],
    ['federal_action_obligation', fao],
    ['original_loan_subsidy_cost', subsidy],
    ['face_value_loan_guarantee', src.amount('face_value_of_loan')],
    ['generated_pragmatic_obligation', `CASE WHEN ty.code IN ('07', '08') THEN coalesce(${subsidy}, 0) ELSE coalesce(${fao}, 0) END`],
    ['non_federal_funding_amount', nonFederal],
    ['total_funding_amount', fpds ? 'NULL::numeric' : `coalesce(${fao}, 0) + coalesce(${nonFederal}, 0)`],
    ['indirect_federal_sharing', src.amount('indirect_cost_federal_share_amount')],
    ['base_and_all_options_value', src.amount('base_and_all_options_value')],
    ['base_exercised_options_val', src.amount('base_and_exercised_options_value')],
    ['piid', piid],
    ['fain', fain],
    ['uri', uri],
    ['parent_award_piid', src.text('parent_award_id_piid')],
    ['display_award_id', `coalesce(${fain}, ${piid}, ${uri})`],
    ...agencyColumns(src, 'awarding', 'aw', 'ao', true, true),
    ...agencyColumns(src, 'funding', 'fu', 'fo', true, true),
    ...recipientAndPlaces(src, 'transaction'),
    ...cfdaColumns(src, 'cfda_title'),
    ['naics_code', src.text('naics_code')],
    ['naics_description', src.text('naics_description')],
    ['product_or_service_code', src.text('product_or_service_code')],
    ['product_or_service_description', src.text('product_or_service_code_description')],
    ['type_of_contract_pricing', src.text('type_of_contract_pricing_code')],
    ['type_set_aside', src.text('type_of_set_aside_code')],
    ['extent_competed', src.text('extent_competed_code')],
    ['business_categories', businessCategories(src, layout)],
  ];
}

/**
 * Award-level columns of a prime transaction file's rows (the award row is made from its latest
 * transaction in the file): identity, description, period of performance, agencies, recipient, places,
 * codes and the "for overall award" File C columns.
 */
export function awardFromTransactionColumns(src: SourceColumns, layout: AwardFileLayout): ColumnMapping[] {
  return [...awardDescriptiveColumns(src, layout, 'transaction'), ...fileCColumns(src, '_for_overall_award')];
}

function awardDescriptiveColumns(src: SourceColumns, layout: AwardFileLayout, level: 'transaction' | 'summary'): ColumnMapping[] {
  const fpds = layout.fpds;
  const fain = src.text('award_id_fain');
  const uri = src.text('award_id_uri');
  const piid = src.text('award_id_piid');
  const parentPiid = src.text('parent_award_id_piid');
  const parentAgency = src.text('parent_award_agency_id');
  return [
    ['generated_unique_award_id', src.text(fpds ? 'contract_award_unique_key' : 'assistance_award_unique_key')],
    ['display_award_id', `coalesce(${fain}, ${piid}, ${uri})`],
    ['is_fpds', fpds ? 'true' : 'false'],
    ['category', 'ty.category'],
    ['type', 'ty.code'],
    ['type_description', 'ty.description'],
    ['piid', piid],
    ['fain', fain],
    ['uri', uri],
    ['parent_award_piid', parentPiid],
    ['parent_generated_unique_award_id', fpds ? `CASE WHEN ${parentPiid} IS NOT NULL AND ${parentAgency} IS NOT NULL THEN 'CONT_IDV_' || ${parentPiid} || '_' || ${parentAgency} END` : 'NULL::text'],
    ['description', src.text('prime_award_base_transaction_description')],
    ['period_of_performance_start_date', src.date('period_of_performance_start_date')],
    ['period_of_performance_current_end_date', src.date('period_of_performance_current_end_date')],
    ['period_of_performance_potential_end_date', src.date('period_of_performance_potential_end_date')],
    ['ordering_period_end_date', src.date('ordering_period_end_date')],
    ...agencyColumns(src, 'awarding', 'aw', 'ao', true, true),
    ...agencyColumns(src, 'funding', 'fu', 'fo', true, true),
    ...recipientAndPlaces(src, level),
    ...cfdaColumns(src, 'cfda_program_title'),
    ['naics_code', src.text('naics_code')],
    ['naics_description', src.text('naics_description')],
    ['product_or_service_code', src.text('product_or_service_code')],
    ['product_or_service_description', src.text('product_or_service_code_description')],
    ['type_of_contract_pricing', src.text('type_of_contract_pricing_code')],
    ['type_of_contract_pricing_description', src.text('type_of_contract_pricing')],
    ['type_set_aside', src.text('type_of_set_aside_code')],
    ['type_set_aside_description', src.text('type_of_set_aside')],
    ['extent_competed', src.text('extent_competed_code')],
    ['extent_competed_description', src.text('extent_competed')],
    ['idv_type', src.text('idv_type_code')],
    ['idv_type_description', src.text('idv_type')],
    ['multiple_or_single_award_idv', src.text('multiple_or_single_award_idv_code')],
    ['multiple_or_single_award_idv_description', src.text('multiple_or_single_award_idv')],
    ['type_of_idc', src.text('type_of_idc_code')],
    ['type_of_idc_description', src.text('type_of_idc')],
    ['business_categories', businessCategories(src, layout)],
  ];
}

/** award_search columns of a prime award summary file (award.d1 / .d2). */
export function awardSummaryColumns(src: SourceColumns, layout: AwardFileLayout): { descriptive: ColumnMapping[]; totals: ColumnMapping[] } {
  const obligation = `coalesce(${src.amount('total_obligated_amount')}, 0)`;
  const subsidy = src.amount('total_loan_subsidy_cost');
  const face = src.amount('total_face_value_of_loan');
  const latest = src.date('award_latest_action_date');
  return {
    descriptive: [...awardDescriptiveColumns(src, layout, 'summary'), ...fileCColumns(src, ''), ['detail', 'DETAIL']],
    totals: [
      ['total_obligation', obligation],
      ['total_subsidy_cost', subsidy],
      ['total_loan_value', face],
      ['award_amount', `CASE WHEN ty.code IN ('07', '08') THEN ${face} ELSE ${obligation} END`],
      ['generated_pragmatic_obligation', `CASE WHEN ty.code IN ('07', '08') THEN coalesce(${subsidy}, 0) ELSE ${obligation} END`],
      ['base_and_all_options_value', src.amount('potential_total_value_of_award')],
      ['base_exercised_options_val', src.amount('current_total_value_of_award')],
      ['total_funding_amount', src.amount('total_funding_amount')],
      ['non_federal_funding_amount', src.amount('total_non_federal_funding_amount')],
      ['total_indirect_federal_sharing', src.amount('indirect_cost_federal_share_amount')],
      ['date_signed', src.date('award_base_action_date')],
      ['action_date', latest],
      ['fiscal_year', `fiscal_year_of(${latest})`],
      ['last_modified_date', `(left(${src.text('last_modified_date')}, 10))::date`],
    ],
  };
}

/** subaward_search columns of a subaward file (subaward.d1 / .d2). Expects joins `aw`, `fu`, `pa` (prime award). */
export function subawardColumns(src: SourceColumns, layout: AwardFileLayout): ColumnMapping[] {
  const fpds = layout.fpds;
  const action = src.date('subaward_action_date');
  const uei = src.text('subawardee_uei');
  const duns = src.text('subawardee_duns');
  const name = src.text('subawardee_name');
  const parentUei = src.text('subawardee_parent_uei');
  const key = src.text('prime_award_unique_key');
  const number = src.text('subaward_number');
  const report = src.text('subaward_sam_report_id');
  return [
    ['award_id', 'pa.award_id'],
    ['unique_award_key', key],
    ['prime_award_group', fpds ? `'procurement'` : `'grant'`],
    ['prime_award_type', 'pa.type'],
    ['subaward_type', fpds ? `'sub-contract'` : `'sub-grant'`],
    ['subaward_number', number],
    ['subaward_amount', src.amount('subaward_amount')],
    ['sub_action_date', action],
    ['sub_fiscal_year', `fiscal_year_of(${action})`],
    ['sub_fiscal_action_date', `(${action} + interval '3 months')::date`],
    ['subaward_description', src.text('subaward_description')],
    ['award_piid_fain', src.first('prime_award_piid', 'prime_award_fain')],
    ['prime_award_amount', src.amount('prime_award_amount')],
    ['action_date', src.date('prime_award_latest_action_date')],
    ['sub_awardee_or_recipient_legal', name],
    ['sub_awardee_or_recipient_uei', uei],
    ['sub_awardee_or_recipient_uniqu', duns],
    ['sub_ultimate_parent_legal_enti', src.text('subawardee_parent_name')],
    ['sub_ultimate_parent_uei', parentUei],
    ['subaward_recipient_hash', `recipient_hash_of(${uei}, ${duns}, ${name})`],
    ['subaward_recipient_level', `CASE WHEN coalesce(${parentUei}, ${src.text('subawardee_parent_duns')}) IS NOT NULL THEN 'C' ELSE 'R' END`],
    ['prime_award_recipient_id', `recipient_hash_of(${src.text('prime_awardee_uei')}, ${src.text('prime_awardee_duns')}, ${src.text('prime_awardee_name')})::text || CASE WHEN coalesce(${src.text('prime_awardee_parent_uei')}, ${src.text('prime_awardee_parent_duns')}) IS NOT NULL THEN '-C' ELSE '-R' END`],
    ['prime_recipient_name', src.text('prime_awardee_name')],
    ['prime_recipient_uei', src.text('prime_awardee_uei')],
    ...agencyColumns(src, 'awarding', 'aw', 'ao', false, false),
    ...agencyColumns(src, 'funding', 'fu', 'fo', false, false),
    ['sub_legal_entity_country_code', src.text('subawardee_country_code')],
    ['sub_legal_entity_country_name', src.text('subawardee_country_name')],
    ['sub_legal_entity_state_code', src.text('subawardee_state_code')],
    ['sub_legal_entity_state_name', src.text('subawardee_state_name')],
    ['sub_legal_entity_city_name', src.text('subawardee_city_name')],
    ['sub_legal_entity_zip5', `left(${src.text('subawardee_zip_code')}, 5)`],
    ['sub_legal_entity_congressional', right(src.text('subaward_recipient_cd_original'), 2)],
    ['sub_legal_entity_congressional_current', right(src.text('subaward_recipient_cd_current'), 2)],
    ['sub_place_of_perform_country_code', src.text('subaward_primary_place_of_performance_country_code')],
    ['sub_place_of_perform_country_name', src.text('subaward_primary_place_of_performance_country_name')],
    ['sub_place_of_perform_state_code', src.text('subaward_primary_place_of_performance_state_code')],
    ['sub_place_of_perform_state_name', src.text('subaward_primary_place_of_performance_state_name')],
    ['sub_place_of_perform_city_name', src.text('subaward_primary_place_of_performance_city_name')],
    ['sub_place_of_perform_zip5', `left(${src.text('subaward_primary_place_of_performance_address_zip_code')}, 5)`],
    ['sub_place_of_perform_congressio', right(src.text('subaward_place_of_performance_cd_original'), 2)],
    ['sub_place_of_perform_congressional_current', right(src.text('subaward_place_of_performance_cd_current'), 2)],
    ['cfda_numbers', `nullif(btrim(split_part(split_part(${src.text('prime_award_cfda_numbers_and_titles')}, ';', 1), ':', 1)), '')`],
    ['cfda_titles', src.text('prime_award_cfda_numbers_and_titles')],
    ['naics_code', src.text('prime_award_naics_code')],
    ['naics_description', src.text('prime_award_naics_description')],
    ['subaward_key', `${key} || '|' || ${number} || '|' || coalesce(${report}, '')`],
    ['detail', 'DETAIL'],
  ];
}

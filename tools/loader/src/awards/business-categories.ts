import { escapeLiteral } from 'pg';
import type { AwardFileLayout } from './layouts';
import type { SourceColumns } from './source-columns';

/**
 * A business category and what sets it: yes/no flag columns of the contract layouts, code columns with
 * the codes that count, and other categories it groups (a group holds when any member holds).
 */
interface Rule {
  category: string;
  flags?: string[];
  codes?: Array<[column: string, values: string[]]>;
  members?: string[];
}

/** Upstream's FPDS business categories (compile_fpds_business_categories), by download column name. */
const FPDS_RULES: Rule[] = [
  { category: 'small_business', codes: [['contracting_officers_determination_of_business_size_code', ['S']]],
    flags: ['women_owned_small_business', 'economically_disadvantaged_women_owned_small_business', 'joint_venture_women_owned_small_business',
      'emerging_small_business', 'self_certified_small_disadvantaged_business', 'small_agricultural_cooperative', 'small_disadvantaged_business'] },
  { category: 'other_than_small_business', codes: [['contracting_officers_determination_of_business_size_code', ['O']]] },
  { category: 'corporate_entity_tax_exempt', flags: ['corporate_entity_tax_exempt'] },
  { category: 'corporate_entity_not_tax_exempt', flags: ['corporate_entity_not_tax_exempt'] },
  { category: 'partnership_or_limited_liability_partnership', flags: ['partnership_or_limited_liability_partnership'] },
  { category: 'sole_proprietorship', flags: ['sole_proprietorship'] },
  { category: 'manufacturer_of_goods', flags: ['manufacturer_of_goods'] },
  { category: 'subchapter_s_corporation', flags: ['subchapter_scorporation'] },
  { category: 'limited_liability_corporation', flags: ['limited_liability_corporation'] },
  { category: 'category_business', flags: ['for_profit_organization'],
    members: ['small_business', 'other_than_small_business', 'corporate_entity_tax_exempt', 'corporate_entity_not_tax_exempt',
      'partnership_or_limited_liability_partnership', 'sole_proprietorship', 'manufacturer_of_goods', 'subchapter_s_corporation', 'limited_liability_corporation'] },
  { category: 'alaskan_native_corporation_owned_firm', flags: ['alaskan_native_corporation_owned_firm'] },
  { category: 'american_indian_owned_business', flags: ['american_indian_owned_business'] },
  { category: 'asian_pacific_american_owned_business', flags: ['asian_pacific_american_owned_business'] },
  { category: 'black_american_owned_business', flags: ['black_american_owned_business'] },
  { category: 'hispanic_american_owned_business', flags: ['hispanic_american_owned_business'] },
  { category: 'native_american_owned_business', flags: ['native_american_owned_business'] },
  { category: 'native_hawaiian_organization_owned_firm', flags: ['native_hawaiian_organization_owned_firm'] },
  { category: 'subcontinent_asian_indian_american_owned_business', flags: ['subcontinent_asian_asian_indian_american_owned_business'] },
  { category: 'tribally_owned_firm', flags: ['tribally_owned_firm'] },
  { category: 'other_minority_owned_business', flags: ['other_minority_owned_business'] },
  { category: 'minority_owned_business', flags: ['minority_owned_business'],
    members: ['alaskan_native_corporation_owned_firm', 'american_indian_owned_business', 'asian_pacific_american_owned_business',
      'black_american_owned_business', 'hispanic_american_owned_business', 'native_american_owned_business', 'native_hawaiian_organization_owned_firm',
      'subcontinent_asian_indian_american_owned_business', 'tribally_owned_firm', 'other_minority_owned_business'] },
  { category: 'women_owned_small_business', flags: ['women_owned_small_business'] },
  { category: 'economically_disadvantaged_women_owned_small_business', flags: ['economically_disadvantaged_women_owned_small_business'] },
  { category: 'joint_venture_women_owned_small_business', flags: ['joint_venture_women_owned_small_business'] },
  { category: 'joint_venture_economically_disadvantaged_women_owned_small_business', flags: ['joint_venture_economic_disadvantaged_women_owned_small_bus'] },
  { category: 'woman_owned_business', flags: ['woman_owned_business'],
    members: ['women_owned_small_business', 'economically_disadvantaged_women_owned_small_business', 'joint_venture_women_owned_small_business',
      'joint_venture_economically_disadvantaged_women_owned_small_business'] },
  { category: 'service_disabled_veteran_owned_business', flags: ['service_disabled_veteran_owned_business'] },
  { category: 'veteran_owned_business', flags: ['veteran_owned_business'], members: ['service_disabled_veteran_owned_business'] },
  { category: '8a_program_participant', flags: ['c8a_program_participant'] },
  { category: 'ability_one_program', flags: ['the_ability_one_program'] },
  { category: 'dot_certified_disadvantaged_business_enterprise', flags: ['dot_certified_disadvantage'] },
  { category: 'emerging_small_business', flags: ['emerging_small_business'] },
  { category: 'federally_funded_research_and_development_corp', flags: ['federally_funded_research_and_development_corp'] },
  { category: 'historically_underutilized_business_firm', flags: ['historically_underutilized_business_zone_hubzone_firm'] },
  { category: 'labor_surplus_area_firm', flags: ['labor_surplus_area_firm'] },
  { category: 'sba_certified_8a_joint_venture', flags: ['sba_certified_8a_joint_venture'] },
  { category: 'self_certified_small_disadvanted_business', flags: ['self_certified_small_disadvantaged_business'] },
  { category: 'small_agricultural_cooperative', flags: ['small_agricultural_cooperative'] },
  { category: 'small_disadvantaged_business', flags: ['small_disadvantaged_business'] },
  { category: 'community_developed_corporation_owned_firm', flags: ['community_developed_corporation_owned_firm'] },
  { category: 'us_owned_business', codes: [['domestic_or_foreign_entity_code', ['A']]] },
  { category: 'foreign_owned_and_us_located_business', codes: [['domestic_or_foreign_entity_code', ['C']]] },
  { category: 'foreign_owned', flags: ['foreign_owned'], codes: [['domestic_or_foreign_entity_code', ['D']]] },
  { category: 'foreign_government', flags: ['foreign_government'] },
  { category: 'international_organization', flags: ['international_organization'] },
  { category: 'domestic_shelter', flags: ['domestic_shelter'] },
  { category: 'hospital', flags: ['hospital_flag'] },
  { category: 'veterinary_hospital', flags: ['veterinary_hospital'] },
  { category: 'special_designations',
    members: ['8a_program_participant', 'ability_one_program', 'dot_certified_disadvantaged_business_enterprise', 'emerging_small_business',
      'federally_funded_research_and_development_corp', 'historically_underutilized_business_firm', 'labor_surplus_area_firm',
      'sba_certified_8a_joint_venture', 'self_certified_small_disadvanted_business', 'small_agricultural_cooperative', 'small_disadvantaged_business',
      'community_developed_corporation_owned_firm', 'us_owned_business', 'foreign_owned_and_us_located_business', 'foreign_owned',
      'foreign_government', 'international_organization', 'domestic_shelter', 'hospital', 'veterinary_hospital'] },
  { category: 'foundation', flags: ['foundation'] },
  { category: 'community_development_corporations', flags: ['community_development_corporation'] },
  { category: 'nonprofit', flags: ['nonprofit_organization', 'other_not_for_profit_organization'], members: ['foundation', 'community_development_corporations'] },
  { category: 'educational_institution', flags: ['educational_institution'] },
  { category: 'public_institution_of_higher_education',
    flags: ['state_controlled_institution_of_higher_learning', '1862_land_grant_college', '1890_land_grant_college', '1994_land_grant_college'] },
  { category: 'private_institution_of_higher_education', flags: ['private_university_or_college'] },
  { category: 'minority_serving_institution_of_higher_education',
    flags: ['minority_institution', 'historically_black_college', 'tribal_college', 'alaskan_native_servicing_institution',
      'native_hawaiian_servicing_institution', 'hispanic_servicing_institution'] },
  { category: 'school_of_forestry', flags: ['school_of_forestry'] },
  { category: 'veterinary_college', flags: ['veterinary_college'] },
  { category: 'higher_education',
    members: ['educational_institution', 'public_institution_of_higher_education', 'private_institution_of_higher_education',
      'minority_serving_institution_of_higher_education', 'school_of_forestry', 'veterinary_college'] },
  { category: 'national_government', flags: ['us_federal_government', 'federal_agency', 'us_government_entity'] },
  { category: 'interstate_entity', flags: ['interstate_entity'] },
  { category: 'regional_and_state_government', flags: ['us_state_government'] },
  { category: 'council_of_governments', flags: ['council_of_governments'] },
  { category: 'local_government',
    flags: ['city_local_government', 'county_local_government', 'inter_municipal_local_government', 'municipality_local_government',
      'township_local_government', 'us_local_government', 'local_government_owned', 'school_district_local_government'] },
  { category: 'indian_native_american_tribal_government', flags: ['us_tribal_government', 'indian_tribe_federally_recognized'] },
  { category: 'authorities_and_commissions', flags: ['housing_authorities_public_tribal', 'airport_authority', 'port_authority', 'transit_authority', 'planning_commission'] },
  { category: 'government',
    members: ['national_government', 'regional_and_state_government', 'local_government', 'indian_native_american_tribal_government',
      'authorities_and_commissions', 'interstate_entity', 'council_of_governments'] },
];

/** Upstream's FABS business categories (compile_fabs_business_categories), from business_types_code. */
const FABS_RULES: Rule[] = [
  { category: 'small_business', codes: [['business_types_code', ['R', '23']]] },
  { category: 'other_than_small_business', codes: [['business_types_code', ['Q', '22']]] },
  { category: 'category_business', members: ['small_business', 'other_than_small_business'] },
  { category: 'nonprofit', codes: [['business_types_code', ['M', 'N', '12']]] },
  { category: 'public_institution_of_higher_education', codes: [['business_types_code', ['H', '06']]] },
  { category: 'private_institution_of_higher_education', codes: [['business_types_code', ['O', '20']]] },
  { category: 'minority_serving_institution_of_higher_education', codes: [['business_types_code', ['T', 'U', 'V', 'S']]] },
  { category: 'higher_education',
    members: ['public_institution_of_higher_education', 'private_institution_of_higher_education', 'minority_serving_institution_of_higher_education'] },
  { category: 'regional_and_state_government', codes: [['business_types_code', ['A', '00']]] },
  { category: 'regional_organization', codes: [['business_types_code', ['E']]] },
  { category: 'us_territory_or_possession', codes: [['business_types_code', ['F']]] },
  { category: 'local_government', codes: [['business_types_code', ['B', 'C', 'D', 'G', '01', '02', '04', '05']]] },
  { category: 'indian_native_american_tribal_government', codes: [['business_types_code', ['I', 'J', 'K', '11']]] },
  { category: 'authorities_and_commissions', codes: [['business_types_code', ['L']]] },
  { category: 'government',
    members: ['regional_and_state_government', 'us_territory_or_possession', 'local_government', 'indian_native_american_tribal_government',
      'authorities_and_commissions', 'regional_organization'] },
  { category: 'individuals', codes: [['business_types_code', ['P', '21']]] },
];

/**
 * The source columns the rules of a layout read that the file has, each with SQL for its value as the
 * rules test it: whether a flag is set (true written as t, true, y, yes or 1; the common t and f are told
 * without string functions), a code upper-cased; blank is NULL.
 */
type CategoryInput = { column: string; kind: 'flag' | 'code'; sql: string };

function categoryInputs(src: SourceColumns, layout: AwardFileLayout): { rules: Rule[]; inputs: CategoryInput[] } {
  const rules = layout.fpds ? FPDS_RULES : FABS_RULES;
  const inputs: CategoryInput[] = [];
  const add = (column: string, kind: CategoryInput['kind'], sql: string) => {
    if (src.has(column) && !inputs.some((i) => i.column === column && i.kind === kind)) inputs.push({ column, kind, sql });
  };
  for (const rule of rules) {
    for (const f of rule.flags ?? []) add(f, 'flag', `CASE ${src.raw(f)} WHEN 't' THEN true WHEN 'f' THEN false ELSE lower(${src.peek(f)}) IN ('t', 'true', 'y', 'yes', '1') END`);
    for (const [c] of rule.codes ?? []) add(c, 'code', `upper(${src.peek(c)})`);
  }
  return { rules, inputs };
}

/** SQL for the sorted categories from the rules, the value of input `i` being `value(i)`. */
function categoriesOf(rules: Rule[], inputs: CategoryInput[], value: (index: number) => string): string {
  const flag = (column: string) => inputs.findIndex((i) => i.column === column && i.kind === 'flag');
  const code = (column: string) => inputs.findIndex((i) => i.column === column && i.kind === 'code');
  const conditions = new Map<string, string>();
  for (const rule of rules) {
    const parts = [
      ...(rule.flags ?? []).filter((f) => flag(f) >= 0).map((f) => value(flag(f))),
      ...(rule.codes ?? []).filter(([c]) => code(c) >= 0).map(([c, values]) => `${value(code(c))} IN (${values.map((v) => escapeLiteral(v)).join(', ')})`),
      ...(rule.members ?? []).map((m) => conditions.get(m)).filter((m): m is string => m !== undefined && m !== 'false'),
    ];
    conditions.set(rule.category, parts.length === 0 ? 'false' : parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
  }
  // In byte order (COLLATE "C") already, so a row's array needs no sort: the categories that do not hold are
  // removed from the full list (a per-row subquery that sorted them cost half as much again).
  const cases = [...conditions].filter(([, c]) => c !== 'false').sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map(([category, c]) => `CASE WHEN ${c} THEN ${escapeLiteral(category)} END`);
  return `array_remove(ARRAY[${cases.join(', ')}]::text[], NULL)`;
}

/**
 * SQL for the sorted business categories of a staged prime award or transaction row: from the business
 * type flag columns of the contract layouts (true written as t, true, y, yes or 1) and from
 * business_types_code of the assistance layouts, with upstream's group categories (category_business,
 * minority_owned_business, special_designations, nonprofit, higher_education, government, ...). Flag
 * columns missing from the file count as false; a file with none of them gets NULL (not known). The
 * columns stay in `detail` too: they are download columns in their own right.
 */
export function businessCategories(src: SourceColumns, layout: AwardFileLayout): string {
  const { rules, inputs } = categoryInputs(src, layout);
  return inputs.length === 0 ? 'NULL::text[]' : categoriesOf(rules, inputs, (i) => `(${inputs[i]?.sql})`);
}

/**
 * The same categories in two steps, for a query over many rows: the inputs as columns of an inner query
 * (`bc_input_1`, ...), each worked out once per row, and the categories from them in an outer query
 * whose alias for the inner one is given. The rules read a contract file's eighty-odd flag columns some
 * hundred and fifty times over (group categories repeat their members), so this costs a fifth as much
 * as `businessCategories` there. Undefined for a file with none of the columns.
 */
export function businessCategoryInputs(src: SourceColumns, layout: AwardFileLayout): { inputs: Array<[name: string, sql: string]>; categories: (alias: string) => string } | undefined {
  const { rules, inputs } = categoryInputs(src, layout);
  if (inputs.length === 0) return undefined;
  return {
    inputs: inputs.map((input, i) => [`bc_input_${i + 1}`, input.sql]),
    categories: (alias) => categoriesOf(rules, inputs, (i) => `${alias}.bc_input_${i + 1}`),
  };
}

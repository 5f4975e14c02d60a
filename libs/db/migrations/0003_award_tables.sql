-- Up Migration
-- Award data read model: one denormalised row per award, per transaction and per subaward (the
-- upstream `rpt.*_search` shape), recipients, IDV rollups and the account (File A/B/C, GTAS) tables.
-- No foreign keys on the big tables: they are bulk-loaded and rebuilt; integrity is checked by the
-- generator's and importer's tests instead.

-- One row per award. `award_id` is the internal id (the API's numeric id).
CREATE TABLE award_search (
  award_id                                  bigint PRIMARY KEY,
  generated_unique_award_id                 text NOT NULL UNIQUE,
  display_award_id                          text,
  is_fpds                                   boolean NOT NULL,
  category                                  text,        -- contract|idv|grant|direct payment|loans|insurance|other; NULL for -1
  type                                      text NOT NULL,
  type_description                          text,
  piid                                      text,
  fain                                      text,
  uri                                       text,
  parent_award_piid                         text,
  parent_award_id                           bigint,      -- award_id of the parent IDV
  parent_generated_unique_award_id          text,
  description                               text,
  total_obligation                          numeric(23, 2) NOT NULL DEFAULT 0,
  total_outlays                             numeric(23, 2),
  total_subsidy_cost                        numeric(23, 2),
  total_loan_value                          numeric(23, 2),
  award_amount                              numeric(23, 2),  -- loan face value for loans, else total obligation
  generated_pragmatic_obligation            numeric(23, 2) NOT NULL DEFAULT 0,
  base_and_all_options_value                numeric(23, 2),
  base_exercised_options_val                numeric(23, 2),
  total_funding_amount                      numeric(23, 2),
  non_federal_funding_amount                numeric(23, 2),
  total_indirect_federal_sharing            numeric(23, 2),
  subaward_count                            integer NOT NULL DEFAULT 0,
  total_subaward_amount                     numeric(23, 2),
  transaction_count                         integer NOT NULL DEFAULT 0,
  date_signed                               date,
  action_date                               date,        -- action date of the latest transaction
  fiscal_year                               integer,     -- fiscal year of action_date
  period_of_performance_start_date          date,
  period_of_performance_current_end_date    date,
  period_of_performance_potential_end_date  date,
  ordering_period_end_date                  date,
  last_modified_date                        date,
  update_date                               timestamptz NOT NULL DEFAULT now(),
  awarding_agency_id                        integer,     -- agency.id
  awarding_toptier_agency_id                integer,
  awarding_toptier_agency_name              text,
  awarding_toptier_agency_code              text,
  awarding_toptier_agency_abbreviation      text,
  awarding_subtier_agency_name              text,
  awarding_subtier_agency_code              text,
  awarding_subtier_agency_abbreviation      text,
  awarding_office_code                      text,
  awarding_office_name                      text,
  funding_agency_id                         integer,
  funding_toptier_agency_id                 integer,
  funding_toptier_agency_name               text,
  funding_toptier_agency_code               text,
  funding_toptier_agency_abbreviation       text,
  funding_subtier_agency_name               text,
  funding_subtier_agency_code               text,
  funding_subtier_agency_abbreviation       text,
  funding_office_code                       text,
  funding_office_name                       text,
  recipient_hash                            uuid,
  recipient_levels                          text[],
  recipient_name                            text,
  recipient_uei                             text,
  recipient_unique_id                       text,        -- DUNS
  parent_recipient_hash                     uuid,
  parent_recipient_name                     text,
  parent_uei                                text,
  parent_recipient_unique_id                text,
  business_categories                       text[],
  recipient_location_address_line1          text,
  recipient_location_country_code           text,
  recipient_location_country_name           text,
  recipient_location_state_code             text,
  recipient_location_state_name             text,
  recipient_location_state_fips             text,
  recipient_location_county_code            text,
  recipient_location_county_name            text,
  recipient_location_congressional_code     text,
  recipient_location_congressional_code_current text,
  recipient_location_city_name              text,
  recipient_location_zip5                   text,
  recipient_location_foreign_province       text,
  pop_country_code                          text,
  pop_country_name                          text,
  pop_state_code                            text,
  pop_state_name                            text,
  pop_state_fips                            text,
  pop_county_code                           text,
  pop_county_name                           text,
  pop_congressional_code                    text,
  pop_congressional_code_current            text,
  pop_city_name                             text,
  pop_zip5                                  text,
  cfda_number                               text,
  cfda_program_title                        text,
  naics_code                                text,
  naics_description                         text,
  product_or_service_code                   text,
  product_or_service_description            text,
  type_of_contract_pricing                  text,
  type_of_contract_pricing_description      text,
  type_set_aside                            text,
  type_set_aside_description                text,
  extent_competed                           text,
  extent_competed_description               text,
  idv_type                                  text,
  idv_type_description                      text,
  multiple_or_single_award_idv              text,
  multiple_or_single_award_idv_description  text,
  type_of_idc                               text,
  type_of_idc_description                   text,
  -- File C (award financial) derived
  treasury_account_identifiers              integer[],
  federal_account_ids                       integer[],
  tas_paths                                 text[],      -- 'agency=<toptier>faaid=<aid>famain=<main>aid=..main=..ata=..sub=..bpoa=..epoa=..a=..'
  tas_components                            text[],      -- 'aid=<aid>main=<main>ata=<ata>sub=<sub>bpoa=<bpoa>epoa=<epoa>a=<a>'
  disaster_emergency_fund_codes             text[],
  spending_by_defc                          jsonb,       -- [{defc, obligation, outlay}]
  total_covid_obligation                    numeric(23, 2),
  total_covid_outlay                        numeric(23, 2),
  total_iija_obligation                     numeric(23, 2),
  total_iija_outlay                         numeric(23, 2),
  object_classes                            text[],      -- object_class codes of File C rows
  program_activity_ids                      integer[],
  program_activities                        jsonb,       -- [{code, name}]
  officers                                  jsonb,       -- [{name, amount}] highly compensated officers
  latest_transaction_id                     bigint,
  earliest_transaction_id                   bigint
);

-- One row per transaction (modification). `transaction_unique_id` is the upstream
-- contract_transaction_unique_key / assistance_transaction_unique_key.
CREATE TABLE transaction_search (
  transaction_id                            bigint PRIMARY KEY,
  award_id                                  bigint NOT NULL,
  generated_unique_award_id                 text NOT NULL,
  transaction_unique_id                     text NOT NULL UNIQUE,
  is_fpds                                   boolean NOT NULL,
  modification_number                       text,
  action_date                               date NOT NULL,
  fiscal_action_date                        date,        -- action_date + 3 months: its year/quarter/month are fiscal
  fiscal_year                               integer NOT NULL,
  award_date_signed                         date,
  last_modified_date                        date,
  type                                      text NOT NULL,
  type_description                          text,
  action_type                               text,
  action_type_description                   text,
  award_category                            text,
  transaction_description                   text,
  federal_action_obligation                 numeric(23, 2),
  original_loan_subsidy_cost                numeric(23, 2),
  face_value_loan_guarantee                 numeric(23, 2),
  generated_pragmatic_obligation            numeric(23, 2) NOT NULL DEFAULT 0,
  non_federal_funding_amount                numeric(23, 2),
  total_funding_amount                      numeric(23, 2),
  indirect_federal_sharing                  numeric(23, 2),
  base_and_all_options_value                numeric(23, 2),
  base_exercised_options_val                numeric(23, 2),
  piid                                      text,
  fain                                      text,
  uri                                       text,
  parent_award_piid                         text,
  display_award_id                          text,
  awarding_agency_id                        integer,
  awarding_toptier_agency_id                integer,
  awarding_toptier_agency_name              text,
  awarding_toptier_agency_code              text,
  awarding_toptier_agency_abbreviation      text,
  awarding_subtier_agency_name              text,
  awarding_subtier_agency_code              text,
  awarding_subtier_agency_abbreviation      text,
  awarding_office_code                      text,
  awarding_office_name                      text,
  funding_agency_id                         integer,
  funding_toptier_agency_id                 integer,
  funding_toptier_agency_name               text,
  funding_toptier_agency_code               text,
  funding_toptier_agency_abbreviation       text,
  funding_subtier_agency_name               text,
  funding_subtier_agency_code               text,
  funding_subtier_agency_abbreviation       text,
  funding_office_code                       text,
  funding_office_name                       text,
  recipient_hash                            uuid,
  recipient_levels                          text[],
  recipient_name                            text,
  recipient_uei                             text,
  recipient_unique_id                       text,
  parent_recipient_hash                     uuid,
  parent_recipient_name                     text,
  parent_uei                                text,
  parent_recipient_unique_id                text,
  business_categories                       text[],
  recipient_location_address_line1          text,
  recipient_location_country_code           text,
  recipient_location_country_name           text,
  recipient_location_state_code             text,
  recipient_location_state_name             text,
  recipient_location_state_fips             text,
  recipient_location_county_code            text,
  recipient_location_county_name            text,
  recipient_location_congressional_code     text,
  recipient_location_congressional_code_current text,
  recipient_location_city_name              text,
  recipient_location_zip5                   text,
  recipient_location_foreign_province       text,
  pop_country_code                          text,
  pop_country_name                          text,
  pop_state_code                            text,
  pop_state_name                            text,
  pop_state_fips                            text,
  pop_county_code                           text,
  pop_county_name                           text,
  pop_congressional_code                    text,
  pop_congressional_code_current            text,
  pop_city_name                             text,
  pop_zip5                                  text,
  cfda_number                               text,
  cfda_title                                text,
  naics_code                                text,
  naics_description                         text,
  product_or_service_code                   text,
  product_or_service_description            text,
  type_of_contract_pricing                  text,
  type_set_aside                            text,
  extent_competed                           text,
  treasury_account_identifiers              integer[],
  federal_account_ids                       integer[],
  tas_paths                                 text[],
  tas_components                            text[],
  disaster_emergency_fund_codes             text[],
  object_classes                            text[],
  program_activity_ids                      integer[],
  program_activities                        jsonb,
  -- Remaining FPDS/FABS columns of the download layouts (transaction_search.d1/.d2), keyed by
  -- download column name; kept out of the typed columns because only downloads read them.
  detail                                    jsonb
);

-- One row per subaward.
CREATE TABLE subaward_search (
  broker_subaward_id                        bigint PRIMARY KEY,
  award_id                                  bigint,
  unique_award_key                          text,        -- prime generated_unique_award_id
  prime_award_group                         text,        -- procurement|grant
  prime_award_type                          text,
  subaward_type                             text NOT NULL, -- sub-contract|sub-grant
  subaward_number                           text NOT NULL,
  subaward_amount                           numeric(23, 2) NOT NULL DEFAULT 0,
  sub_action_date                           date NOT NULL,
  sub_fiscal_year                           integer NOT NULL,
  sub_fiscal_action_date                    date,
  subaward_description                      text,
  award_piid_fain                           text,
  prime_award_amount                        numeric(23, 2),
  action_date                               date,        -- prime award's latest action date
  sub_awardee_or_recipient_legal            text,
  sub_awardee_or_recipient_uei              text,
  sub_awardee_or_recipient_uniqu            text,
  sub_ultimate_parent_legal_enti            text,
  sub_ultimate_parent_uei                   text,
  subaward_recipient_hash                   uuid,
  subaward_recipient_level                  text,
  prime_award_recipient_id                  text,
  prime_recipient_name                      text,
  prime_recipient_uei                       text,
  awarding_agency_id                        integer,
  awarding_toptier_agency_name              text,
  awarding_toptier_agency_code              text,
  awarding_toptier_agency_abbreviation      text,
  awarding_subtier_agency_name              text,
  awarding_subtier_agency_code              text,
  awarding_subtier_agency_abbreviation      text,
  funding_agency_id                         integer,
  funding_toptier_agency_name               text,
  funding_toptier_agency_code               text,
  funding_toptier_agency_abbreviation       text,
  funding_subtier_agency_name               text,
  funding_subtier_agency_code               text,
  funding_subtier_agency_abbreviation       text,
  sub_legal_entity_country_code             text,
  sub_legal_entity_country_name             text,
  sub_legal_entity_state_code               text,
  sub_legal_entity_state_name               text,
  sub_legal_entity_state_fips               text,
  sub_legal_entity_county_code              text,
  sub_legal_entity_county_name              text,
  sub_legal_entity_city_name                text,
  sub_legal_entity_zip5                     text,
  sub_legal_entity_congressional            text,
  sub_legal_entity_congressional_current    text,
  sub_place_of_perform_country_code         text,
  sub_place_of_perform_country_name         text,
  sub_place_of_perform_state_code           text,
  sub_place_of_perform_state_name           text,
  sub_place_of_perform_state_fips           text,
  sub_place_of_perform_county_code          text,
  sub_place_of_perform_county_name          text,
  sub_place_of_perform_city_name            text,
  sub_place_of_perform_zip5                 text,
  sub_place_of_perform_congressio           text,
  sub_place_of_perform_congressional_current text,
  cfda_numbers                              text,
  cfda_titles                               text,
  naics_code                                text,
  naics_description                         text,
  product_or_service_code                   text,
  product_or_service_description            text,
  business_categories                       text[],
  treasury_account_identifiers              integer[],
  tas_paths                                 text[],
  tas_components                            text[],
  disaster_emergency_fund_codes             text[],
  object_classes                            text[],
  program_activity_ids                      integer[],
  program_activities                        jsonb
);

-- One row per recipient hash (see recipient hash rules in upstream-behaviour.md).
CREATE TABLE recipient_lookup (
  id                          serial PRIMARY KEY,
  recipient_hash              uuid NOT NULL UNIQUE,
  legal_business_name         text,
  duns                        text,
  uei                         text,
  parent_duns                 text,
  parent_uei                  text,
  parent_legal_business_name  text,
  address_line_1              text,
  address_line_2              text,
  city                        text,
  state                       text,
  zip5                        text,
  zip4                        text,
  country_code                text,
  congressional_district      text,
  business_types_codes        text[],
  alternate_names             text[],
  update_date                 timestamptz NOT NULL DEFAULT now()
);

-- One row per recipient hash and level: P (parent with children), C (child), R (no parent info).
CREATE TABLE recipient_profile (
  id                          serial PRIMARY KEY,
  recipient_hash              uuid NOT NULL,
  recipient_level             char(1) NOT NULL CHECK (recipient_level IN ('P', 'C', 'R')),
  recipient_name              text,
  recipient_unique_id         text,
  uei                         text,
  parent_uei                  text,
  recipient_affiliations      text[] NOT NULL DEFAULT '{}',
  award_types                 text[] NOT NULL DEFAULT '{}',
  last_12_months              numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_contracts           numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_grants              numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_direct_payments     numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_loans               numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_other               numeric(23, 2) NOT NULL DEFAULT 0,
  last_12_months_count        integer NOT NULL DEFAULT 0,
  UNIQUE (recipient_hash, recipient_level)
);

-- IDV tree rollups: direct children and all descendants of each IDV.
CREATE TABLE parent_award (
  award_id                             bigint PRIMARY KEY,
  generated_unique_award_id            text NOT NULL UNIQUE,
  parent_award_id                      bigint,
  direct_idv_count                     integer NOT NULL DEFAULT 0,
  direct_contract_count                integer NOT NULL DEFAULT 0,
  direct_total_obligation              numeric(23, 2) NOT NULL DEFAULT 0,
  direct_base_and_all_options_value    numeric(23, 2) NOT NULL DEFAULT 0,
  direct_base_exercised_options_val    numeric(23, 2) NOT NULL DEFAULT 0,
  rollup_idv_count                     integer NOT NULL DEFAULT 0,
  rollup_contract_count                integer NOT NULL DEFAULT 0,
  rollup_total_obligation              numeric(23, 2) NOT NULL DEFAULT 0,
  rollup_base_and_all_options_value    numeric(23, 2) NOT NULL DEFAULT 0,
  rollup_base_exercised_options_val    numeric(23, 2) NOT NULL DEFAULT 0
);

-- Agency submissions of account data (DABS), one per agency and period.
CREATE TABLE submission_attributes (
  submission_id               integer PRIMARY KEY,
  toptier_code                text NOT NULL,
  reporting_agency_name       text,
  reporting_fiscal_year       integer NOT NULL,
  reporting_fiscal_quarter    integer NOT NULL,
  reporting_fiscal_period     integer NOT NULL,
  quarter_format_flag         boolean NOT NULL,
  is_final_balances_for_fy    boolean NOT NULL DEFAULT false,
  submission_window_id        integer,
  reporting_period_start      date,
  reporting_period_end        date,
  published_date              timestamptz,
  certified_date              timestamptz
);

-- File A: balances per TAS per submission.
CREATE TABLE appropriation_account_balances (
  appropriation_account_balances_id                          bigserial PRIMARY KEY,
  treasury_account_identifier                                integer NOT NULL,
  submission_id                                              integer NOT NULL,
  budget_authority_unobligated_balance_brought_forward_fyb   numeric(23, 2),
  adjustments_to_unobligated_balance_brought_forward_cpe     numeric(23, 2),
  budget_authority_appropriated_amount_cpe                   numeric(23, 2),
  borrowing_authority_amount_total_cpe                       numeric(23, 2),
  contract_authority_amount_total_cpe                        numeric(23, 2),
  spending_authority_from_offsetting_collections_amount_cpe  numeric(23, 2),
  other_budgetary_resources_amount_cpe                       numeric(23, 2),
  total_budgetary_resources_amount_cpe                       numeric(23, 2),
  gross_outlay_amount_by_tas_cpe                             numeric(23, 2),
  deobligations_recoveries_refunds_by_tas_cpe                numeric(23, 2),
  unobligated_balance_cpe                                    numeric(23, 2),
  status_of_budgetary_resources_total_cpe                    numeric(23, 2),
  obligations_incurred_total_by_tas_cpe                      numeric(23, 2),
  final_of_fy                                                boolean NOT NULL DEFAULT false
);

-- File B: per TAS x program activity x object class x DEF code per submission.
CREATE TABLE financial_accounts_by_program_activity_object_class (
  financial_accounts_by_program_activity_object_class_id     bigserial PRIMARY KEY,
  treasury_account_id                                        integer NOT NULL,
  submission_id                                              integer NOT NULL,
  program_activity_id                                        integer,
  object_class_id                                            integer,
  disaster_emergency_fund_code                               text,
  obligations_incurred_by_program_object_class_cpe           numeric(23, 2),
  gross_outlay_amount_by_program_object_class_cpe            numeric(23, 2),
  deobligations_recoveries_refund_pri_program_object_class_cpe numeric(23, 2),
  ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe numeric(23, 2),
  ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe  numeric(23, 2),
  final_of_fy                                                boolean NOT NULL DEFAULT false
);

-- File C: award financial rows linking awards to TAS with obligations and outlays per submission.
CREATE TABLE financial_accounts_by_awards (
  financial_accounts_by_awards_id                            bigserial PRIMARY KEY,
  treasury_account_id                                        integer NOT NULL,
  submission_id                                              integer NOT NULL,
  award_id                                                   bigint,
  distinct_award_key                                         text,
  piid                                                       text,
  parent_award_id                                            text,
  fain                                                       text,
  uri                                                        text,
  program_activity_id                                        integer,
  object_class_id                                            integer,
  disaster_emergency_fund_code                               text,
  transaction_obligated_amount                               numeric(23, 2),
  gross_outlay_amount_by_award_cpe                           numeric(23, 2),
  ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe numeric(23, 2),
  ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe  numeric(23, 2)
);

-- GTAS SF-133 balances per TAS per period (feeds disaster overview funding).
CREATE TABLE gtas_sf133_balances (
  id                                          bigserial PRIMARY KEY,
  fiscal_year                                 integer NOT NULL,
  fiscal_period                               integer NOT NULL,
  treasury_account_identifier                 integer NOT NULL,
  disaster_emergency_fund_code                text,
  budget_authority_appropriation_amount_cpe   numeric(23, 2),
  total_budgetary_resources_cpe               numeric(23, 2),
  obligations_incurred_total_cpe              numeric(23, 2),
  gross_outlay_amount_by_tas_cpe              numeric(23, 2),
  unobligated_balance_cpe                     numeric(23, 2),
  deobligations_or_recoveries_or_refunds_from_prior_year_cpe numeric(23, 2),
  prior_year_paid_obligation_recoveries       numeric(23, 2),
  anticipated_prior_year_obligation_recoveries numeric(23, 2),
  UNIQUE (fiscal_year, fiscal_period, treasury_account_identifier, disaster_emergency_fund_code)
);

-- Base indexes of the read paths (the search work adds its own and the summary tables).
CREATE INDEX award_search_action_date_idx ON award_search (action_date);
CREATE INDEX award_search_type_idx ON award_search (type);
CREATE INDEX award_search_recipient_hash_idx ON award_search (recipient_hash);
CREATE INDEX award_search_parent_award_id_idx ON award_search (parent_award_id);
CREATE INDEX award_search_piid_idx ON award_search (piid);
CREATE INDEX award_search_fain_idx ON award_search (fain);
CREATE INDEX transaction_search_award_id_idx ON transaction_search (award_id);
CREATE INDEX transaction_search_action_date_idx ON transaction_search (action_date);
CREATE INDEX subaward_search_award_id_idx ON subaward_search (award_id);
CREATE INDEX subaward_search_unique_award_key_idx ON subaward_search (unique_award_key);
CREATE INDEX recipient_profile_hash_idx ON recipient_profile (recipient_hash);
CREATE INDEX faba_award_id_idx ON financial_accounts_by_awards (award_id);
CREATE INDEX faba_submission_idx ON financial_accounts_by_awards (submission_id);
CREATE INDEX faba_treasury_account_idx ON financial_accounts_by_awards (treasury_account_id);
CREATE INDEX fabpaoc_treasury_account_idx ON financial_accounts_by_program_activity_object_class (treasury_account_id, submission_id);
CREATE INDEX aab_treasury_account_idx ON appropriation_account_balances (treasury_account_identifier, submission_id);

-- Down Migration
DROP TABLE gtas_sf133_balances, financial_accounts_by_awards, financial_accounts_by_program_activity_object_class,
  appropriation_account_balances, submission_attributes, parent_award, recipient_profile, recipient_lookup,
  subaward_search, transaction_search, award_search;

-- Up Migration
-- Reference tables (upstream names): agencies, offices, accounts, program activities, object classes,
-- product/service and industry codes, assistance listings, places and populations, business types,
-- glossary and the agency submission calendar. Filled by tools/loader (reference groups).
--
-- Tables that award and account data point at (agency, toptier_agency, subtier_agency, office,
-- federal_account, treasury_appropriation_account, object_class, ref_program_activity) are upserted on
-- their natural key by the loader, so their surrogate ids survive reloads.
-- Autocomplete columns carry two indexes: a trigram index (contains / fuzzy match) and a
-- text_pattern_ops index (left-anchored LIKE 'abc%' on upper-cased text, as the endpoints search).

-- Agencies ------------------------------------------------------------------------------------------

CREATE TABLE cgac (
  cgac_code           text PRIMARY KEY,
  agency_name         text NOT NULL,
  agency_abbreviation text
);

CREATE TABLE frec (
  frec_code            text PRIMARY KEY,
  agency_name          text NOT NULL,
  agency_abbreviation  text,
  associated_cgac_code text
);

-- toptier_code is the 3-character CGAC code, or the 4-character FREC code for FREC-only agencies.
CREATE TABLE toptier_agency (
  toptier_agency_id serial PRIMARY KEY,
  toptier_code      text NOT NULL UNIQUE,
  abbreviation      text,
  name              text NOT NULL,
  mission           text,
  about_agency_data text,
  website           text,
  justification     text,
  icon_filename     text,
  slug              text UNIQUE
);
CREATE INDEX toptier_agency_name_trgm_idx ON toptier_agency USING gin (upper(name) gin_trgm_ops);
CREATE INDEX toptier_agency_name_prefix_idx ON toptier_agency (upper(name) text_pattern_ops);
CREATE INDEX toptier_agency_abbreviation_idx ON toptier_agency (upper(abbreviation) text_pattern_ops);

CREATE TABLE subtier_agency (
  subtier_agency_id serial PRIMARY KEY,
  subtier_code      text NOT NULL UNIQUE,
  abbreviation      text,
  name              text NOT NULL
);
CREATE INDEX subtier_agency_name_trgm_idx ON subtier_agency USING gin (upper(name) gin_trgm_ops);
CREATE INDEX subtier_agency_name_prefix_idx ON subtier_agency (upper(name) text_pattern_ops);
CREATE INDEX subtier_agency_abbreviation_idx ON subtier_agency (upper(abbreviation) text_pattern_ops);

-- One row per subtier agency, plus one row (subtier null) for each toptier agency that has no subtier,
-- as upstream. `id` is what the API calls awarding/funding agency id.
CREATE TABLE agency (
  id                serial PRIMARY KEY,
  toptier_agency_id integer NOT NULL REFERENCES toptier_agency (toptier_agency_id),
  subtier_agency_id integer UNIQUE REFERENCES subtier_agency (subtier_agency_id),
  toptier_flag      boolean NOT NULL,
  user_selectable   boolean NOT NULL
);
CREATE INDEX agency_toptier_agency_idx ON agency (toptier_agency_id);
CREATE UNIQUE INDEX agency_toptier_only_idx ON agency (toptier_agency_id) WHERE subtier_agency_id IS NULL;

CREATE TABLE office (
  id                                 serial PRIMARY KEY,
  office_code                        text NOT NULL UNIQUE,
  office_name                        text NOT NULL,
  sub_tier_code                      text,
  agency_code                        text,   -- toptier code of the owning agency
  contract_awards_office             boolean,
  contract_funding_office            boolean,
  financial_assistance_awards_office boolean,
  financial_assistance_funding_office boolean,
  start_date                         date,
  end_date                           date,
  city                               text,
  state                              text,
  zip                                text,
  country                            text
);
CREATE INDEX office_sub_tier_code_idx ON office (sub_tier_code);
CREATE INDEX office_agency_code_idx ON office (agency_code);
CREATE INDEX office_name_trgm_idx ON office USING gin (upper(office_name) gin_trgm_ops);
CREATE INDEX office_name_prefix_idx ON office (upper(office_name) text_pattern_ops);
CREATE INDEX office_code_prefix_idx ON office (upper(office_code) text_pattern_ops);

-- Accounts ------------------------------------------------------------------------------------------

CREATE TABLE federal_account (
  id                       serial PRIMARY KEY,
  agency_identifier        text NOT NULL,
  main_account_code        text NOT NULL,
  federal_account_code     text NOT NULL UNIQUE,  -- AID-MAIN
  account_title            text,
  parent_toptier_agency_id integer REFERENCES toptier_agency (toptier_agency_id)
);
CREATE INDEX federal_account_aid_main_idx ON federal_account (agency_identifier, main_account_code);
CREATE INDEX federal_account_parent_idx ON federal_account (parent_toptier_agency_id);
CREATE INDEX federal_account_title_trgm_idx ON federal_account USING gin (upper(account_title) gin_trgm_ops);

-- tas_rendering_label: [ATA-]AID-(A|BPOA/EPOA)-MAIN-SUB
CREATE TABLE treasury_appropriation_account (
  treasury_account_identifier      serial PRIMARY KEY,
  tas_rendering_label              text NOT NULL UNIQUE,
  allocation_transfer_agency_id    text,
  agency_id                        text NOT NULL,
  beginning_period_of_availability text,
  ending_period_of_availability    text,
  availability_type_code           text,
  main_account_code                text NOT NULL,
  sub_account_code                 text NOT NULL,
  account_title                    text,
  reporting_agency_id              text,
  reporting_agency_name            text,
  budget_bureau_code               text,
  budget_bureau_name               text,
  fr_entity_code                   text,
  fr_entity_description            text,
  budget_function_code             text,
  budget_function_title            text,
  budget_subfunction_code          text,
  budget_subfunction_title         text,
  federal_account_id               integer REFERENCES federal_account (id),
  funding_toptier_agency_id        integer REFERENCES toptier_agency (toptier_agency_id),
  awarding_toptier_agency_id       integer,
  internal_start_date              date,
  internal_end_date                date,
  acct_num                         integer
);
CREATE INDEX taa_federal_account_idx ON treasury_appropriation_account (federal_account_id);
CREATE INDEX taa_funding_toptier_idx ON treasury_appropriation_account (funding_toptier_agency_id);
CREATE INDEX taa_aid_idx ON treasury_appropriation_account (agency_id text_pattern_ops);
CREATE INDEX taa_ata_idx ON treasury_appropriation_account (allocation_transfer_agency_id text_pattern_ops);
CREATE INDEX taa_main_idx ON treasury_appropriation_account (main_account_code text_pattern_ops);
CREATE INDEX taa_sub_idx ON treasury_appropriation_account (sub_account_code text_pattern_ops);
CREATE INDEX taa_bpoa_idx ON treasury_appropriation_account (beginning_period_of_availability text_pattern_ops);
CREATE INDEX taa_epoa_idx ON treasury_appropriation_account (ending_period_of_availability text_pattern_ops);
CREATE INDEX taa_label_prefix_idx ON treasury_appropriation_account (tas_rendering_label text_pattern_ops);
CREATE INDEX taa_budget_function_idx ON treasury_appropriation_account (budget_function_code, budget_subfunction_code);

-- Codes are zero padded: program activity 4, responsible agency 3, main account 4. The source lists a
-- few activities without agency or account; they are kept with nulls.
CREATE TABLE ref_program_activity (
  id                            serial PRIMARY KEY,
  program_activity_code         text NOT NULL,
  program_activity_name         text NOT NULL,
  budget_year                   text NOT NULL,
  responsible_agency_id         text,
  allocation_transfer_agency_id text,
  main_account_code             text
);
-- The ATA is null for most rows; coalesce makes null count as one value in the natural key.
CREATE UNIQUE INDEX ref_program_activity_key_idx ON ref_program_activity (
  program_activity_code, program_activity_name, coalesce(responsible_agency_id, ''), coalesce(main_account_code, ''),
  budget_year, coalesce(allocation_transfer_agency_id, ''));
CREATE INDEX ref_program_activity_account_idx ON ref_program_activity (responsible_agency_id, main_account_code);
CREATE INDEX ref_program_activity_name_trgm_idx ON ref_program_activity USING gin (upper(program_activity_name) gin_trgm_ops);
CREATE INDEX ref_program_activity_name_prefix_idx ON ref_program_activity (upper(program_activity_name) text_pattern_ops);
CREATE INDEX ref_program_activity_code_prefix_idx ON ref_program_activity (program_activity_code text_pattern_ops);

CREATE TABLE object_class (
  id                       serial PRIMARY KEY,
  major_object_class       text NOT NULL,
  major_object_class_name  text NOT NULL,
  object_class             text NOT NULL,   -- 3 digits, e.g. '251'
  object_class_name        text NOT NULL,
  direct_reimbursable      text CHECK (direct_reimbursable IN ('D', 'R')),
  direct_reimbursable_name text
);
CREATE UNIQUE INDEX object_class_key_idx ON object_class (object_class, coalesce(direct_reimbursable, ''));
CREATE INDEX object_class_major_idx ON object_class (major_object_class);

CREATE TABLE object_class_max (
  code text PRIMARY KEY,   -- 4 digits
  name text NOT NULL
);

-- Product and service codes, industries, assistance listings ------------------------------------------

-- tier1 is the top level of the PSC filter tree: 'Research and Development' (A...), 'Service' (B-Z),
-- 'Product' (numeric).
CREATE TABLE psc (
  code        text PRIMARY KEY,
  description text,
  start_date  date,
  end_date    date,
  full_name   text,
  excludes    text,
  notes       text,
  includes    text,
  tier1       text GENERATED ALWAYS AS (
    CASE WHEN code LIKE 'A%' THEN 'Research and Development'
         WHEN code ~ '^[B-Z]' THEN 'Service'
         WHEN code ~ '^[0-9]' THEN 'Product' END) STORED
);
CREATE INDEX psc_code_prefix_idx ON psc (code text_pattern_ops);
CREATE INDEX psc_tier1_length_idx ON psc (tier1, length(code));
CREATE INDEX psc_description_trgm_idx ON psc USING gin (upper(description) gin_trgm_ops);
CREATE INDEX psc_description_prefix_idx ON psc (upper(description) text_pattern_ops);

-- The NAICS file has 6-digit codes only; the loader adds their 2-, 3- and 4-digit parents. Sector (2-digit)
-- titles are the published sector names; 3- and 4-digit titles are derived from their children and flagged
-- `derived` so nobody mistakes them for official titles.
CREATE TABLE naics (
  code         text PRIMARY KEY CHECK (code ~ '^[0-9]{2,6}$'),
  description  text NOT NULL,
  year_retired integer,
  derived      boolean NOT NULL DEFAULT false
);
CREATE INDEX naics_code_prefix_idx ON naics (code text_pattern_ops);
CREATE INDEX naics_description_trgm_idx ON naics USING gin (upper(description) gin_trgm_ops);
CREATE INDEX naics_description_prefix_idx ON naics (upper(description) text_pattern_ops);

-- Assistance listings are not in the reference files: the loader always generates them (invented
-- titles under real agencies of toptier_agency).
CREATE TABLE references_cfda (
  id                      serial PRIMARY KEY,
  program_number          text NOT NULL UNIQUE,   -- 'NN.NNN'
  program_title           text,
  popular_name            text,
  federal_agency          text,
  objectives              text,
  applicant_eligibility   text,
  beneficiary_eligibility text,
  website_address         text,
  url                     text
);
CREATE INDEX references_cfda_number_prefix_idx ON references_cfda (program_number text_pattern_ops);
CREATE INDEX references_cfda_title_trgm_idx ON references_cfda USING gin (upper(program_title) gin_trgm_ops);
CREATE INDEX references_cfda_popular_trgm_idx ON references_cfda USING gin (upper(popular_name) gin_trgm_ops);
CREATE INDEX references_cfda_title_prefix_idx ON references_cfda (upper(program_title) text_pattern_ops);

-- Places and populations ------------------------------------------------------------------------------

CREATE TABLE ref_country_code (
  country_code      text PRIMARY KEY,   -- ISO 3166 alpha-3
  country_name      text NOT NULL,
  latest_population bigint
);
CREATE INDEX ref_country_code_name_trgm_idx ON ref_country_code USING gin (upper(country_name) gin_trgm_ops);
CREATE INDEX ref_country_code_name_prefix_idx ON ref_country_code (upper(country_name) text_pattern_ops);

CREATE TABLE state_data (
  id                      text PRIMARY KEY,   -- '<fips>-<year>'
  fips                    text NOT NULL,      -- 2 digits
  code                    text NOT NULL,      -- 2 letters
  name                    text NOT NULL,
  type                    text NOT NULL,      -- state | district | territory
  year                    integer NOT NULL,
  population              bigint,
  median_household_income numeric
);
CREATE INDEX state_data_code_year_idx ON state_data (code, year);

CREATE TABLE ref_population_county (
  id                serial PRIMARY KEY,
  state_code        text NOT NULL,   -- 2-digit state FIPS
  county_number     text NOT NULL,   -- 3 digits; '000' is the whole state
  state_name        text,
  county_name       text,
  latest_population bigint,
  UNIQUE (state_code, county_number)
);

CREATE TABLE ref_population_cong_district (
  state_code            text NOT NULL,   -- 2-digit state FIPS
  state_name            text,
  state_abbreviation    text NOT NULL,
  congressional_district text NOT NULL,  -- 2 digits; '00' for at-large
  latest_population     bigint,
  PRIMARY KEY (state_abbreviation, congressional_district)
);

CREATE TABLE ref_city_county_state_code (
  id           serial PRIMARY KEY,
  state_code   text,   -- 2 letters
  county_code  text,   -- 3 digits, zero padded
  county_name  text,
  city_code    text,
  city_name    text,
  type_of_area text
);
CREATE INDEX ref_city_county_state_city_upper_idx ON ref_city_county_state_code (upper(city_name));
CREATE INDEX ref_city_county_state_city_prefix_idx ON ref_city_county_state_code (upper(city_name) text_pattern_ops);
CREATE INDEX ref_city_county_state_city_trgm_idx ON ref_city_county_state_code USING gin (upper(city_name) gin_trgm_ops);
CREATE INDEX ref_city_county_state_county_idx ON ref_city_county_state_code (state_code, county_code);
CREATE INDEX ref_city_county_state_county_name_idx ON ref_city_county_state_code (upper(county_name) text_pattern_ops);

-- Not in the reference files: generated deterministically from the loaded counties and cities.
CREATE TABLE zips (
  zip5                  text PRIMARY KEY,
  state_code            text NOT NULL,   -- 2 letters
  county_code           text,            -- 3 digits
  city_name             text,
  congressional_district text            -- 2 digits
);
CREATE INDEX zips_state_idx ON zips (state_code);

-- Recipients, glossary, submission calendar -------------------------------------------------------------

CREATE TABLE sam_business_type (
  code          text PRIMARY KEY,
  readable_name text NOT NULL,
  terse_label   text
);

CREATE TABLE glossary (
  id             serial PRIMARY KEY,
  term           text NOT NULL UNIQUE,
  slug           text NOT NULL UNIQUE,
  plain          text,
  official       text,
  data_act_term  text,
  resources      text
);
CREATE INDEX glossary_term_trgm_idx ON glossary USING gin (upper(term) gin_trgm_ops);

-- id = fiscal year * 1000 + period * 10 + is_quarter (upstream convention).
CREATE TABLE dabs_submission_window_schedule (
  id                       integer PRIMARY KEY,
  period_start_date        timestamptz NOT NULL,
  period_end_date          timestamptz NOT NULL,
  submission_start_date    timestamptz NOT NULL,
  submission_due_date      timestamptz NOT NULL,
  certification_due_date   timestamptz NOT NULL,
  submission_reveal_date   timestamptz NOT NULL,
  submission_fiscal_year   integer NOT NULL,
  submission_fiscal_quarter integer NOT NULL,
  submission_fiscal_month  integer NOT NULL,
  is_quarter               boolean NOT NULL
);
CREATE INDEX dabs_window_reveal_idx ON dabs_submission_window_schedule (is_quarter, submission_reveal_date);
CREATE INDEX dabs_window_fy_idx ON dabs_submission_window_schedule (submission_fiscal_year, submission_fiscal_month);

-- Down Migration
DROP TABLE dabs_submission_window_schedule;
DROP TABLE glossary;
DROP TABLE sam_business_type;
DROP TABLE zips;
DROP TABLE ref_city_county_state_code;
DROP TABLE ref_population_cong_district;
DROP TABLE ref_population_county;
DROP TABLE state_data;
DROP TABLE ref_country_code;
DROP TABLE references_cfda;
DROP TABLE naics;
DROP TABLE psc;
DROP TABLE object_class_max;
DROP TABLE object_class;
DROP TABLE ref_program_activity;
DROP TABLE treasury_appropriation_account;
DROP TABLE federal_account;
DROP TABLE office;
DROP TABLE agency;
DROP TABLE subtier_agency;
DROP TABLE toptier_agency;
DROP TABLE frec;
DROP TABLE cgac;

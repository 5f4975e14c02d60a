-- Up Migration
-- The baseline: the schema that migrations 0001-0096 built, squashed into one file (the project had no
-- deployed database to migrate). Tables with their indexes, triggers and storage settings, in name order;
-- then foreign keys, views and the rows the service needs from the start. Functions are not here: each is
-- a file in libs/read-model/functions/, applied before the migrations and again after them (README).
-- Never edit this file: change the schema with the next numbered migration.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Sequences first: serial columns default to nextval() of their sequence; OWNED BY follows the tables.
CREATE SEQUENCE agency_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE appropriation_account_balance_appropriation_account_balance_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE award_data_load_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE award_search_award_id_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE federal_account_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE financial_accounts_by_awards_financial_accounts_by_awards_i_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE financial_accounts_by_program_financial_accounts_by_program_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE glossary_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE gtas_sf133_balances_id_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE object_class_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE office_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE recipient_lookup_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE recipient_profile_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE ref_city_county_state_code_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE ref_population_county_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE ref_program_activity_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE references_cfda_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE search_base_version AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE subaward_search_broker_subaward_id_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE subtier_agency_subtier_agency_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE toptier_agency_toptier_agency_id_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;
CREATE SEQUENCE transaction_search_transaction_id_seq AS bigint INCREMENT 1 MINVALUE 1 MAXVALUE 9223372036854775807 START 1 CACHE 1;
CREATE SEQUENCE treasury_appropriation_account_treasury_account_identifier_seq AS integer INCREMENT 1 MINVALUE 1 MAXVALUE 2147483647 START 1 CACHE 1;

-- agency
CREATE TABLE agency (
  id integer DEFAULT nextval('agency_id_seq'::regclass) NOT NULL,
  toptier_agency_id integer NOT NULL,
  subtier_agency_id integer,
  toptier_flag boolean NOT NULL,
  user_selectable boolean NOT NULL,
  CONSTRAINT agency_pkey PRIMARY KEY (id),
  CONSTRAINT agency_subtier_agency_id_key UNIQUE (subtier_agency_id)
);
CREATE INDEX agency_toptier_agency_idx ON agency USING btree (toptier_agency_id);
CREATE UNIQUE INDEX agency_toptier_only_idx ON agency USING btree (toptier_agency_id) WHERE (subtier_agency_id IS NULL);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON agency FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- appropriation_account_balances
CREATE TABLE appropriation_account_balances (
  appropriation_account_balances_id bigint DEFAULT nextval('appropriation_account_balance_appropriation_account_balance_seq'::regclass) NOT NULL,
  treasury_account_identifier integer NOT NULL,
  submission_id integer NOT NULL,
  budget_authority_unobligated_balance_brought_forward_fyb numeric(23,2),
  adjustments_to_unobligated_balance_brought_forward_cpe numeric(23,2),
  budget_authority_appropriated_amount_cpe numeric(23,2),
  borrowing_authority_amount_total_cpe numeric(23,2),
  contract_authority_amount_total_cpe numeric(23,2),
  spending_authority_from_offsetting_collections_amount_cpe numeric(23,2),
  other_budgetary_resources_amount_cpe numeric(23,2),
  total_budgetary_resources_amount_cpe numeric(23,2),
  gross_outlay_amount_by_tas_cpe numeric(23,2),
  deobligations_recoveries_refunds_by_tas_cpe numeric(23,2),
  unobligated_balance_cpe numeric(23,2),
  status_of_budgetary_resources_total_cpe numeric(23,2),
  obligations_incurred_total_by_tas_cpe numeric(23,2),
  final_of_fy boolean DEFAULT false NOT NULL,
  CONSTRAINT appropriation_account_balances_pkey PRIMARY KEY (appropriation_account_balances_id)
);
CREATE INDEX aab_treasury_account_idx ON appropriation_account_balances USING btree (treasury_account_identifier, submission_id);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON appropriation_account_balances FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- award_data_load
CREATE TABLE award_data_load (
  id integer DEFAULT nextval('award_data_load_id_seq'::regclass) NOT NULL,
  kind text NOT NULL,
  source text NOT NULL,
  as_of date NOT NULL,
  row_counts jsonb NOT NULL,
  seconds numeric(10,1),
  loaded_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT award_data_load_kind_check CHECK ((kind = ANY (ARRAY['generated'::text, 'imported'::text]))),
  CONSTRAINT award_data_load_pkey PRIMARY KEY (id)
);

-- award_derive_pending
CREATE TABLE award_derive_pending (
  award_id bigint NOT NULL,
  CONSTRAINT award_derive_pending_pkey PRIMARY KEY (award_id)
);

-- award_search
CREATE TABLE award_search (
  award_id bigint DEFAULT nextval('award_search_award_id_seq'::regclass) NOT NULL,
  generated_unique_award_id text NOT NULL,
  display_award_id text,
  is_fpds boolean NOT NULL,
  category text,
  type text NOT NULL,
  type_description text,
  piid text,
  fain text,
  uri text,
  parent_award_piid text,
  parent_award_id bigint,
  parent_generated_unique_award_id text,
  description text,
  total_obligation numeric(23,2) DEFAULT 0 NOT NULL,
  total_outlays numeric(23,2),
  total_subsidy_cost numeric(23,2),
  total_loan_value numeric(23,2),
  award_amount numeric(23,2),
  generated_pragmatic_obligation numeric(23,2) DEFAULT 0 NOT NULL,
  base_and_all_options_value numeric(23,2),
  base_exercised_options_val numeric(23,2),
  total_funding_amount numeric(23,2),
  non_federal_funding_amount numeric(23,2),
  total_indirect_federal_sharing numeric(23,2),
  subaward_count integer DEFAULT 0 NOT NULL,
  total_subaward_amount numeric(23,2),
  transaction_count integer DEFAULT 0 NOT NULL,
  date_signed date,
  action_date date,
  fiscal_year integer,
  period_of_performance_start_date date,
  period_of_performance_current_end_date date,
  period_of_performance_potential_end_date date,
  ordering_period_end_date date,
  last_modified_date date,
  update_date timestamp with time zone DEFAULT now() NOT NULL,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  awarding_office_code text,
  awarding_office_name text,
  funding_agency_id integer,
  funding_toptier_agency_id integer,
  funding_toptier_agency_name text,
  funding_toptier_agency_code text,
  funding_toptier_agency_abbreviation text,
  funding_subtier_agency_name text,
  funding_subtier_agency_code text,
  funding_subtier_agency_abbreviation text,
  funding_office_code text,
  funding_office_name text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  recipient_uei text,
  recipient_unique_id text,
  parent_recipient_hash uuid,
  parent_recipient_name text,
  parent_uei text,
  parent_recipient_unique_id text,
  business_categories text[],
  recipient_location_address_line1 text,
  recipient_location_country_code text,
  recipient_location_country_name text,
  recipient_location_state_code text,
  recipient_location_state_name text,
  recipient_location_state_fips text,
  recipient_location_county_code text,
  recipient_location_county_name text,
  recipient_location_congressional_code text,
  recipient_location_congressional_code_current text,
  recipient_location_city_name text,
  recipient_location_zip5 text,
  recipient_location_foreign_province text,
  pop_country_code text,
  pop_country_name text,
  pop_state_code text,
  pop_state_name text,
  pop_state_fips text,
  pop_county_code text,
  pop_county_name text,
  pop_congressional_code text,
  pop_congressional_code_current text,
  pop_city_name text,
  pop_zip5 text,
  cfda_number text,
  cfda_program_title text,
  naics_code text,
  naics_description text,
  product_or_service_code text,
  product_or_service_description text,
  type_of_contract_pricing text,
  type_of_contract_pricing_description text,
  type_set_aside text,
  type_set_aside_description text,
  extent_competed text,
  extent_competed_description text,
  idv_type text,
  idv_type_description text,
  multiple_or_single_award_idv text,
  multiple_or_single_award_idv_description text,
  type_of_idc text,
  type_of_idc_description text,
  treasury_account_identifiers integer[],
  federal_account_ids integer[],
  tas_paths text[],
  tas_components text[],
  disaster_emergency_fund_codes text[],
  spending_by_defc jsonb,
  total_covid_obligation numeric(23,2),
  total_covid_outlay numeric(23,2),
  total_iija_obligation numeric(23,2),
  total_iija_outlay numeric(23,2),
  object_classes text[],
  program_activity_ids integer[],
  program_activities jsonb,
  officers jsonb,
  latest_transaction_id bigint,
  earliest_transaction_id bigint,
  detail jsonb,
  transaction_keyword_text text,
  CONSTRAINT award_search_generated_unique_award_id_key UNIQUE (generated_unique_award_id),
  CONSTRAINT award_search_pkey PRIMARY KEY (award_id)
);
ALTER TABLE award_search ALTER COLUMN detail SET STORAGE EXTERNAL;
CREATE INDEX award_search_action_date_idx ON award_search USING btree (action_date);
CREATE INDEX award_search_date_signed_idx ON award_search USING btree (date_signed);
CREATE INDEX award_search_defc_idx ON award_search USING gin (disaster_emergency_fund_codes);
CREATE INDEX award_search_fain_idx ON award_search USING btree (fain);
CREATE INDEX award_search_keyword_document_trgm_idx ON award_search USING gin (search_award_keyword_document(piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id, naics_code, product_or_service_code, recipient_name, parent_recipient_name, description, naics_description, product_or_service_description, transaction_keyword_text) gin_trgm_ops);
CREATE INDEX award_search_parent_award_id_idx ON award_search USING btree (parent_award_id);
CREATE INDEX award_search_parent_recipient_hash_idx ON award_search USING btree (parent_recipient_hash, action_date DESC NULLS LAST, award_id DESC);
CREATE INDEX award_search_piid_idx ON award_search USING btree (piid);
CREATE INDEX award_search_pop_city_c_idx ON award_search USING btree (upper(pop_city_name) COLLATE "C", pop_state_code, pop_country_code);
CREATE INDEX award_search_recipient_city_c_idx ON award_search USING btree (upper(recipient_location_city_name) COLLATE "C", recipient_location_state_code, recipient_location_country_code);
CREATE INDEX award_search_recipient_hash_idx ON award_search USING btree (recipient_hash, action_date DESC NULLS LAST, award_id DESC);
CREATE INDEX award_search_recipient_name_idx ON award_search USING btree (recipient_hash, recipient_name);
CREATE INDEX award_search_total_obligation_idx ON award_search USING btree (award_type_group_of(type), total_obligation DESC NULLS LAST, award_id DESC) INCLUDE (type, action_date, date_signed);
CREATE INDEX award_search_type_idx ON award_search USING btree (type);
CREATE INDEX award_search_unlinked_parent_key_idx ON award_search USING btree (parent_generated_unique_award_id) WHERE ((parent_award_id IS NULL) AND (parent_generated_unique_award_id IS NOT NULL));
CREATE TRIGGER award_search_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON award_search FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();
CREATE TRIGGER award_search_recipient_all_truncated AFTER TRUNCATE ON award_search FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_truncated();
CREATE TRIGGER award_search_recipient_rows_deleted AFTER DELETE ON award_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER award_search_recipient_rows_inserted AFTER INSERT ON award_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER award_search_recipient_rows_updated AFTER UPDATE ON award_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER award_search_summary_all_truncated AFTER TRUNCATE ON award_search FOR EACH STATEMENT EXECUTE FUNCTION search_summary_all_changed();
CREATE TRIGGER award_search_summary_rows_deleted AFTER DELETE ON award_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER award_search_summary_rows_inserted AFTER INSERT ON award_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER award_search_summary_rows_updated AFTER UPDATE ON award_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON award_search FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- award_type
CREATE TABLE award_type (
  code text NOT NULL,
  description text NOT NULL,
  group_name text NOT NULL,
  sort_order integer NOT NULL,
  CONSTRAINT award_type_group_name_check CHECK ((group_name = ANY (ARRAY['contracts'::text, 'idvs'::text, 'grants'::text, 'direct_payments'::text, 'loans'::text, 'other_financial_assistance'::text]))),
  CONSTRAINT award_type_pkey PRIMARY KEY (code)
);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON award_type FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- budget_function
CREATE TABLE budget_function (
  budget_function_code text NOT NULL,
  budget_function_title text NOT NULL,
  CONSTRAINT budget_function_pkey PRIMARY KEY (budget_function_code)
);

-- budget_subfunction
CREATE TABLE budget_subfunction (
  budget_subfunction_code text NOT NULL,
  budget_subfunction_title text NOT NULL,
  budget_function_code text NOT NULL,
  CONSTRAINT budget_subfunction_pkey PRIMARY KEY (budget_subfunction_code)
);
CREATE INDEX budget_subfunction_function_idx ON budget_subfunction USING btree (budget_function_code);

-- bulk_load_dropped_index
CREATE TABLE bulk_load_dropped_index (
  table_name text NOT NULL,
  index_name text NOT NULL,
  is_constraint boolean NOT NULL,
  definition text NOT NULL,
  CONSTRAINT bulk_load_dropped_index_pkey PRIMARY KEY (table_name, index_name)
);

-- cgac
CREATE TABLE cgac (
  cgac_code text NOT NULL,
  agency_name text NOT NULL,
  agency_abbreviation text,
  CONSTRAINT cgac_pkey PRIMARY KEY (cgac_code)
);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON cgac FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- dabs_submission_window_schedule
CREATE TABLE dabs_submission_window_schedule (
  id integer NOT NULL,
  period_start_date timestamp with time zone NOT NULL,
  period_end_date timestamp with time zone NOT NULL,
  submission_start_date timestamp with time zone NOT NULL,
  submission_due_date timestamp with time zone NOT NULL,
  certification_due_date timestamp with time zone NOT NULL,
  submission_reveal_date timestamp with time zone NOT NULL,
  submission_fiscal_year integer NOT NULL,
  submission_fiscal_quarter integer NOT NULL,
  submission_fiscal_month integer NOT NULL,
  is_quarter boolean NOT NULL,
  CONSTRAINT dabs_submission_window_schedule_pkey PRIMARY KEY (id)
);
CREATE INDEX dabs_window_fy_idx ON dabs_submission_window_schedule USING btree (submission_fiscal_year, submission_fiscal_month);
CREATE INDEX dabs_window_reveal_idx ON dabs_submission_window_schedule USING btree (is_quarter, submission_reveal_date);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON dabs_submission_window_schedule FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- disaster_emergency_fund_code
CREATE TABLE disaster_emergency_fund_code (
  code text NOT NULL,
  public_law text NOT NULL,
  title text,
  group_name text,
  urls text,
  earliest_public_law_enactment_date date,
  CONSTRAINT disaster_emergency_fund_code_group_name_check CHECK ((group_name = ANY (ARRAY['covid_19'::text, 'infrastructure'::text]))),
  CONSTRAINT disaster_emergency_fund_code_pkey PRIMARY KEY (code)
);
CREATE TRIGGER disaster_emergency_fund_code_enactment_inserted AFTER INSERT OR DELETE ON disaster_emergency_fund_code FOR EACH ROW EXECUTE FUNCTION search_enactment_changed();
CREATE TRIGGER disaster_emergency_fund_code_enactment_updated AFTER UPDATE ON disaster_emergency_fund_code FOR EACH ROW WHEN (((old.code IS DISTINCT FROM new.code) OR (old.group_name IS DISTINCT FROM new.group_name) OR (old.earliest_public_law_enactment_date IS DISTINCT FROM new.earliest_public_law_enactment_date))) EXECUTE FUNCTION search_enactment_changed();
CREATE TRIGGER disaster_emergency_fund_code_truncated AFTER TRUNCATE ON disaster_emergency_fund_code FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();

-- download_job
CREATE TABLE download_job (
  file_name text NOT NULL,
  request_type text NOT NULL,
  status text DEFAULT 'ready'::text NOT NULL,
  json_request jsonb NOT NULL,
  error_message text,
  rows_written bigint DEFAULT 0 NOT NULL,
  total_rows bigint,
  total_columns integer,
  file_size bigint,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  CONSTRAINT download_job_file_name_check CHECK ((file_name ~ '^[A-Za-z0-9][A-Za-z0-9._-]*\.zip$'::text)),
  CONSTRAINT download_job_pkey PRIMARY KEY (file_name),
  CONSTRAINT download_job_status_check CHECK ((status = ANY (ARRAY['ready'::text, 'running'::text, 'finished'::text, 'failed'::text])))
);
CREATE INDEX download_job_finished_at_idx ON download_job USING btree (finished_at) WHERE (finished_at IS NOT NULL);
CREATE INDEX download_job_request_key_idx ON download_job USING btree (request_type, md5((((json_request - 'timestamp'::text) - 'file_stem'::text))::text));

-- federal_account
CREATE TABLE federal_account (
  id integer DEFAULT nextval('federal_account_id_seq'::regclass) NOT NULL,
  agency_identifier text NOT NULL,
  main_account_code text NOT NULL,
  federal_account_code text NOT NULL,
  account_title text,
  parent_toptier_agency_id integer,
  CONSTRAINT federal_account_federal_account_code_key UNIQUE (federal_account_code),
  CONSTRAINT federal_account_pkey PRIMARY KEY (id)
);
CREATE INDEX federal_account_aid_main_idx ON federal_account USING btree (agency_identifier, main_account_code);
CREATE INDEX federal_account_parent_idx ON federal_account USING btree (parent_toptier_agency_id);
CREATE INDEX federal_account_title_trgm_idx ON federal_account USING gin (upper(account_title) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON federal_account FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- filter_hash
CREATE TABLE filter_hash (
  hash text NOT NULL,
  filter json NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT filter_hash_pkey PRIMARY KEY (hash)
);

-- financial_accounts_by_awards
CREATE TABLE financial_accounts_by_awards (
  financial_accounts_by_awards_id bigint DEFAULT nextval('financial_accounts_by_awards_financial_accounts_by_awards_i_seq'::regclass) NOT NULL,
  treasury_account_id integer NOT NULL,
  submission_id integer NOT NULL,
  award_id bigint,
  distinct_award_key text,
  piid text,
  parent_award_id text,
  fain text,
  uri text,
  program_activity_id integer,
  object_class_id integer,
  disaster_emergency_fund_code text,
  transaction_obligated_amount numeric(23,2),
  gross_outlay_amount_by_award_cpe numeric(23,2),
  ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe numeric(23,2),
  ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe numeric(23,2),
  CONSTRAINT financial_accounts_by_awards_pkey PRIMARY KEY (financial_accounts_by_awards_id)
);
CREATE INDEX faba_award_id_idx ON financial_accounts_by_awards USING btree (award_id);
CREATE INDEX faba_submission_idx ON financial_accounts_by_awards USING btree (submission_id);
CREATE INDEX faba_treasury_account_idx ON financial_accounts_by_awards USING btree (treasury_account_id);

-- financial_accounts_by_program_activity_object_class
CREATE TABLE financial_accounts_by_program_activity_object_class (
  financial_accounts_by_program_activity_object_class_id bigint DEFAULT nextval('financial_accounts_by_program_financial_accounts_by_program_seq'::regclass) NOT NULL,
  treasury_account_id integer NOT NULL,
  submission_id integer NOT NULL,
  program_activity_id integer,
  object_class_id integer,
  disaster_emergency_fund_code text,
  obligations_incurred_by_program_object_class_cpe numeric(23,2),
  gross_outlay_amount_by_program_object_class_cpe numeric(23,2),
  deobligations_recoveries_refund_pri_program_object_class_cpe numeric(23,2),
  ussgl487200_down_adj_pri_ppaid_undel_orders_oblig_refund_cpe numeric(23,2),
  ussgl497200_down_adj_pri_paid_deliv_orders_oblig_refund_cpe numeric(23,2),
  final_of_fy boolean DEFAULT false NOT NULL,
  CONSTRAINT financial_accounts_by_program_activity_object_class_pkey PRIMARY KEY (financial_accounts_by_program_activity_object_class_id)
);
CREATE INDEX fabpaoc_treasury_account_idx ON financial_accounts_by_program_activity_object_class USING btree (treasury_account_id, submission_id);

-- frec
CREATE TABLE frec (
  frec_code text NOT NULL,
  agency_name text NOT NULL,
  agency_abbreviation text,
  associated_cgac_code text,
  CONSTRAINT frec_pkey PRIMARY KEY (frec_code)
);

-- glossary
CREATE TABLE glossary (
  id integer DEFAULT nextval('glossary_id_seq'::regclass) NOT NULL,
  term text NOT NULL,
  slug text NOT NULL,
  plain text,
  official text,
  data_act_term text,
  resources text,
  CONSTRAINT glossary_pkey PRIMARY KEY (id),
  CONSTRAINT glossary_slug_key UNIQUE (slug),
  CONSTRAINT glossary_term_key UNIQUE (term)
);
CREATE INDEX glossary_term_prefix_idx ON glossary USING btree (upper(term) text_pattern_ops);
CREATE INDEX glossary_term_trgm_idx ON glossary USING gin (upper(term) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON glossary FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- gtas_sf133_balances
CREATE TABLE gtas_sf133_balances (
  id bigint DEFAULT nextval('gtas_sf133_balances_id_seq'::regclass) NOT NULL,
  fiscal_year integer NOT NULL,
  fiscal_period integer NOT NULL,
  treasury_account_identifier integer NOT NULL,
  disaster_emergency_fund_code text,
  budget_authority_appropriation_amount_cpe numeric(23,2),
  total_budgetary_resources_cpe numeric(23,2),
  obligations_incurred_total_cpe numeric(23,2),
  gross_outlay_amount_by_tas_cpe numeric(23,2),
  unobligated_balance_cpe numeric(23,2),
  deobligations_or_recoveries_or_refunds_from_prior_year_cpe numeric(23,2),
  prior_year_paid_obligation_recoveries numeric(23,2),
  anticipated_prior_year_obligation_recoveries numeric(23,2),
  CONSTRAINT gtas_sf133_balances_fiscal_year_fiscal_period_treasury_acco_key UNIQUE (fiscal_year, fiscal_period, treasury_account_identifier, disaster_emergency_fund_code),
  CONSTRAINT gtas_sf133_balances_pkey PRIMARY KEY (id)
);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON gtas_sf133_balances FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- naics
CREATE TABLE naics (
  code text NOT NULL,
  description text NOT NULL,
  year_retired integer,
  derived boolean DEFAULT false NOT NULL,
  CONSTRAINT naics_code_check CHECK ((code ~ '^[0-9]{2,6}$'::text)),
  CONSTRAINT naics_pkey PRIMARY KEY (code)
);
CREATE INDEX naics_code_length_idx ON naics USING btree (length(code), code);
CREATE INDEX naics_code_prefix_idx ON naics USING btree (code text_pattern_ops);
CREATE INDEX naics_description_prefix_idx ON naics USING btree (upper(description) text_pattern_ops);
CREATE INDEX naics_description_trgm_idx ON naics USING gin (upper(description) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON naics FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- object_class
CREATE TABLE object_class (
  id integer DEFAULT nextval('object_class_id_seq'::regclass) NOT NULL,
  major_object_class text NOT NULL,
  major_object_class_name text NOT NULL,
  object_class text NOT NULL,
  object_class_name text NOT NULL,
  direct_reimbursable text,
  direct_reimbursable_name text,
  CONSTRAINT object_class_direct_reimbursable_check CHECK ((direct_reimbursable = ANY (ARRAY['D'::text, 'R'::text]))),
  CONSTRAINT object_class_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX object_class_key_idx ON object_class USING btree (object_class, COALESCE(direct_reimbursable, ''::text));
CREATE INDEX object_class_major_idx ON object_class USING btree (major_object_class);

-- object_class_max
CREATE TABLE object_class_max (
  code text NOT NULL,
  name text NOT NULL,
  CONSTRAINT object_class_max_pkey PRIMARY KEY (code)
);

-- office
CREATE TABLE office (
  id integer DEFAULT nextval('office_id_seq'::regclass) NOT NULL,
  office_code text NOT NULL,
  office_name text NOT NULL,
  sub_tier_code text,
  agency_code text,
  contract_awards_office boolean,
  contract_funding_office boolean,
  financial_assistance_awards_office boolean,
  financial_assistance_funding_office boolean,
  start_date date,
  end_date date,
  city text,
  state text,
  zip text,
  country text,
  CONSTRAINT office_office_code_key UNIQUE (office_code),
  CONSTRAINT office_pkey PRIMARY KEY (id)
);
CREATE INDEX office_agency_code_idx ON office USING btree (agency_code);
CREATE INDEX office_code_prefix_idx ON office USING btree (upper(office_code) text_pattern_ops);
CREATE INDEX office_name_prefix_idx ON office USING btree (upper(office_name) text_pattern_ops);
CREATE INDEX office_name_trgm_idx ON office USING gin (upper(office_name) gin_trgm_ops);
CREATE INDEX office_sub_tier_code_idx ON office USING btree (sub_tier_code);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON office FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- parent_award
CREATE TABLE parent_award (
  award_id bigint NOT NULL,
  generated_unique_award_id text NOT NULL,
  parent_award_id bigint,
  direct_idv_count integer DEFAULT 0 NOT NULL,
  direct_contract_count integer DEFAULT 0 NOT NULL,
  direct_total_obligation numeric(23,2) DEFAULT 0 NOT NULL,
  direct_base_and_all_options_value numeric(23,2) DEFAULT 0 NOT NULL,
  direct_base_exercised_options_val numeric(23,2) DEFAULT 0 NOT NULL,
  rollup_idv_count integer DEFAULT 0 NOT NULL,
  rollup_contract_count integer DEFAULT 0 NOT NULL,
  rollup_total_obligation numeric(23,2) DEFAULT 0 NOT NULL,
  rollup_base_and_all_options_value numeric(23,2) DEFAULT 0 NOT NULL,
  rollup_base_exercised_options_val numeric(23,2) DEFAULT 0 NOT NULL,
  CONSTRAINT parent_award_generated_unique_award_id_key UNIQUE (generated_unique_award_id),
  CONSTRAINT parent_award_pkey PRIMARY KEY (award_id)
);

-- psc
CREATE TABLE psc (
  code text NOT NULL,
  description text,
  start_date date,
  end_date date,
  full_name text,
  excludes text,
  notes text,
  includes text,
  tier1 text GENERATED ALWAYS AS (
CASE
    WHEN (code ~~ 'A%'::text) THEN 'Research and Development'::text
    WHEN (code ~ '^[B-Z]'::text) THEN 'Service'::text
    WHEN (code ~ '^[0-9]'::text) THEN 'Product'::text
    ELSE NULL::text
END) STORED,
  CONSTRAINT psc_pkey PRIMARY KEY (code)
);
CREATE INDEX psc_code_prefix_idx ON psc USING btree (code text_pattern_ops);
CREATE INDEX psc_description_prefix_idx ON psc USING btree (upper(description) text_pattern_ops);
CREATE INDEX psc_description_trgm_idx ON psc USING gin (upper(description) gin_trgm_ops);
CREATE INDEX psc_tier1_length_idx ON psc USING btree (tier1, length(code));
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON psc FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- recipient_derive_dirty
CREATE TABLE recipient_derive_dirty (
  recipient_hash uuid NOT NULL,
  CONSTRAINT recipient_derive_dirty_pkey PRIMARY KEY (recipient_hash)
);

-- recipient_derive_state
CREATE TABLE recipient_derive_state (
  id boolean DEFAULT true NOT NULL,
  derived_as_of date,
  dirty_all boolean DEFAULT true NOT NULL,
  last_scope text,
  derived_at timestamp with time zone,
  tx_summary_as_of date,
  tx_delta_rows bigint DEFAULT 0 NOT NULL,
  tx_delta_complete boolean DEFAULT false NOT NULL,
  CONSTRAINT recipient_derive_state_id_check CHECK (id),
  CONSTRAINT recipient_derive_state_pkey PRIMARY KEY (id)
);

-- recipient_lookup
CREATE TABLE recipient_lookup (
  id integer DEFAULT nextval('recipient_lookup_id_seq'::regclass) NOT NULL,
  recipient_hash uuid NOT NULL,
  legal_business_name text,
  duns text,
  uei text,
  parent_duns text,
  parent_uei text,
  parent_legal_business_name text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  zip5 text,
  zip4 text,
  country_code text,
  congressional_district text,
  business_types_codes text[],
  alternate_names text[],
  update_date timestamp with time zone DEFAULT now() NOT NULL,
  business_categories text[],
  CONSTRAINT recipient_lookup_pkey PRIMARY KEY (id),
  CONSTRAINT recipient_lookup_recipient_hash_key UNIQUE (recipient_hash)
);

-- recipient_profile
CREATE TABLE recipient_profile (
  id integer DEFAULT nextval('recipient_profile_id_seq'::regclass) NOT NULL,
  recipient_hash uuid NOT NULL,
  recipient_level character(1) NOT NULL,
  recipient_name text,
  recipient_unique_id text,
  uei text,
  parent_uei text,
  recipient_affiliations text[] DEFAULT '{}'::text[] NOT NULL,
  award_types text[] DEFAULT '{}'::text[] NOT NULL,
  last_12_months numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_contracts numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_grants numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_direct_payments numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_loans numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_other numeric(23,2) DEFAULT 0 NOT NULL,
  last_12_months_count integer DEFAULT 0 NOT NULL,
  CONSTRAINT recipient_profile_pkey PRIMARY KEY (id),
  CONSTRAINT recipient_profile_recipient_hash_recipient_level_key UNIQUE (recipient_hash, recipient_level),
  CONSTRAINT recipient_profile_recipient_level_check CHECK ((recipient_level = ANY (ARRAY['P'::bpchar, 'C'::bpchar, 'R'::bpchar])))
);
CREATE INDEX recipient_profile_duns_c_idx ON recipient_profile USING btree (recipient_unique_id COLLATE "C");
CREATE INDEX recipient_profile_hash_idx ON recipient_profile USING btree (recipient_hash);
CREATE INDEX recipient_profile_name_c_idx ON recipient_profile USING btree (upper(recipient_name) COLLATE "C");
CREATE INDEX recipient_profile_name_trgm_idx ON recipient_profile USING gin (upper(recipient_name) gin_trgm_ops);
CREATE INDEX recipient_profile_uei_c_idx ON recipient_profile USING btree (upper(uei) COLLATE "C");
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON recipient_profile FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- recipient_tx_delta
CREATE TABLE recipient_tx_delta (
  recipient_hash uuid,
  parent_recipient_hash uuid,
  recipient_uei text,
  recipient_unique_id text,
  parent_uei text,
  parent_recipient_unique_id text,
  award_category text,
  action_date date,
  generated_pragmatic_obligation numeric(23,2),
  sign smallint
);

-- recipient_tx_summary
CREATE TABLE recipient_tx_summary (
  recipient_hash uuid,
  parent_recipient_hash uuid,
  recipient_uei text,
  recipient_unique_id text,
  parent_uei text,
  parent_recipient_unique_id text,
  category text,
  recent boolean,
  amount numeric,
  transactions bigint
);
CREATE INDEX recipient_tx_summary_parent_idx ON recipient_tx_summary USING btree (parent_recipient_hash) WHERE (parent_recipient_hash IS NOT NULL);
CREATE INDEX recipient_tx_summary_recipient_idx ON recipient_tx_summary USING btree (recipient_hash);

-- ref_city_county_state_code
CREATE TABLE ref_city_county_state_code (
  id integer DEFAULT nextval('ref_city_county_state_code_id_seq'::regclass) NOT NULL,
  state_code text,
  county_code text,
  county_name text,
  city_code text,
  city_name text,
  type_of_area text,
  CONSTRAINT ref_city_county_state_code_pkey PRIMARY KEY (id)
);
CREATE INDEX ref_city_county_state_city_prefix_idx ON ref_city_county_state_code USING btree (upper(city_name) text_pattern_ops);
CREATE INDEX ref_city_county_state_city_trgm_idx ON ref_city_county_state_code USING gin (upper(city_name) gin_trgm_ops);
CREATE INDEX ref_city_county_state_city_upper_idx ON ref_city_county_state_code USING btree (upper(city_name));
CREATE INDEX ref_city_county_state_county_idx ON ref_city_county_state_code USING btree (state_code, county_code);
CREATE INDEX ref_city_county_state_county_name_idx ON ref_city_county_state_code USING btree (upper(county_name) text_pattern_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ref_city_county_state_code FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- ref_country_code
CREATE TABLE ref_country_code (
  country_code text NOT NULL,
  country_name text NOT NULL,
  latest_population bigint,
  CONSTRAINT ref_country_code_pkey PRIMARY KEY (country_code)
);
CREATE INDEX ref_country_code_name_prefix_idx ON ref_country_code USING btree (upper(country_name) text_pattern_ops);
CREATE INDEX ref_country_code_name_trgm_idx ON ref_country_code USING gin (upper(country_name) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ref_country_code FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- ref_population_cong_district
CREATE TABLE ref_population_cong_district (
  state_code text NOT NULL,
  state_name text,
  state_abbreviation text NOT NULL,
  congressional_district text NOT NULL,
  latest_population bigint,
  CONSTRAINT ref_population_cong_district_pkey PRIMARY KEY (state_abbreviation, congressional_district)
);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ref_population_cong_district FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- ref_population_county
CREATE TABLE ref_population_county (
  id integer DEFAULT nextval('ref_population_county_id_seq'::regclass) NOT NULL,
  state_code text NOT NULL,
  county_number text NOT NULL,
  state_name text,
  county_name text,
  latest_population bigint,
  CONSTRAINT ref_population_county_pkey PRIMARY KEY (id),
  CONSTRAINT ref_population_county_state_code_county_number_key UNIQUE (state_code, county_number)
);
CREATE INDEX ref_population_county_name_prefix_idx ON ref_population_county USING btree (upper(county_name) text_pattern_ops);
CREATE INDEX ref_population_county_name_trgm_idx ON ref_population_county USING gin (upper(county_name) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ref_population_county FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- ref_program_activity
CREATE TABLE ref_program_activity (
  id integer DEFAULT nextval('ref_program_activity_id_seq'::regclass) NOT NULL,
  program_activity_code text NOT NULL,
  program_activity_name text NOT NULL,
  budget_year text NOT NULL,
  responsible_agency_id text,
  allocation_transfer_agency_id text,
  main_account_code text,
  CONSTRAINT ref_program_activity_pkey PRIMARY KEY (id)
);
CREATE INDEX ref_program_activity_account_idx ON ref_program_activity USING btree (responsible_agency_id, main_account_code);
CREATE INDEX ref_program_activity_code_prefix_idx ON ref_program_activity USING btree (program_activity_code text_pattern_ops);
CREATE UNIQUE INDEX ref_program_activity_key_idx ON ref_program_activity USING btree (program_activity_code, program_activity_name, COALESCE(responsible_agency_id, ''::text), COALESCE(main_account_code, ''::text), budget_year, COALESCE(allocation_transfer_agency_id, ''::text));
CREATE INDEX ref_program_activity_name_prefix_idx ON ref_program_activity USING btree (upper(program_activity_name) text_pattern_ops);
CREATE INDEX ref_program_activity_name_trgm_idx ON ref_program_activity USING gin (upper(program_activity_name) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ref_program_activity FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- reference_data_change
CREATE TABLE reference_data_change (
  txid xid8 NOT NULL,
  table_name text NOT NULL,
  changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
  CONSTRAINT reference_data_change_pkey PRIMARY KEY (txid)
);

-- reference_data_load
CREATE TABLE reference_data_load (
  group_name text NOT NULL,
  source text NOT NULL,
  checksum text NOT NULL,
  row_count integer NOT NULL,
  loaded_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT reference_data_load_pkey PRIMARY KEY (group_name)
);

-- references_cfda
CREATE TABLE references_cfda (
  id integer DEFAULT nextval('references_cfda_id_seq'::regclass) NOT NULL,
  program_number text NOT NULL,
  program_title text,
  popular_name text,
  federal_agency text,
  objectives text,
  applicant_eligibility text,
  beneficiary_eligibility text,
  website_address text,
  url text,
  CONSTRAINT references_cfda_pkey PRIMARY KEY (id),
  CONSTRAINT references_cfda_program_number_key UNIQUE (program_number)
);
CREATE INDEX references_cfda_number_prefix_idx ON references_cfda USING btree (program_number text_pattern_ops);
CREATE INDEX references_cfda_popular_prefix_idx ON references_cfda USING btree (upper(popular_name) text_pattern_ops);
CREATE INDEX references_cfda_popular_trgm_idx ON references_cfda USING gin (upper(popular_name) gin_trgm_ops);
CREATE INDEX references_cfda_title_prefix_idx ON references_cfda USING btree (upper(program_title) text_pattern_ops);
CREATE INDEX references_cfda_title_trgm_idx ON references_cfda USING gin (upper(program_title) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON references_cfda FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- sam_business_type
CREATE TABLE sam_business_type (
  code text NOT NULL,
  readable_name text NOT NULL,
  terse_label text,
  CONSTRAINT sam_business_type_pkey PRIMARY KEY (code)
);

-- search_award_type_group
CREATE TABLE search_award_type_group (
  type text NOT NULL,
  award_type_group text NOT NULL,
  CONSTRAINT search_award_type_group_pkey PRIMARY KEY (type)
);

-- search_ranking_awarding_agency_fy
CREATE TABLE search_ranking_awarding_agency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  awarding_toptier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_awarding_agency_fy_page_idx ON search_ranking_awarding_agency_fy USING btree (action_date, award_type_group, amount DESC, awarding_toptier_agency_code);

-- search_ranking_awarding_subagency_fy
CREATE TABLE search_ranking_awarding_subagency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  awarding_subtier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text,
  fallback_code text,
  fallback_agency_name text,
  fallback_agency_abbreviation text
);
CREATE INDEX search_ranking_awarding_subagency_fy_page_idx ON search_ranking_awarding_subagency_fy USING btree (action_date, award_type_group, amount DESC, awarding_subtier_agency_code);

-- search_ranking_county_fy
CREATE TABLE search_ranking_county_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  pop_state_code text NOT NULL,
  pop_county_code text NOT NULL,
  amount numeric NOT NULL,
  fips text,
  fallback_name text
);
CREATE INDEX search_ranking_county_fy_page_idx ON search_ranking_county_fy USING btree (action_date, award_type_group, amount DESC, pop_state_code, pop_county_code);

-- search_ranking_federal_account_fy
CREATE TABLE search_ranking_federal_account_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  federal_account_id integer NOT NULL,
  amount numeric NOT NULL
);
CREATE INDEX search_ranking_federal_account_fy_page_idx ON search_ranking_federal_account_fy USING btree (action_date, award_type_group, amount DESC, federal_account_id);

-- search_ranking_funding_agency_fy
CREATE TABLE search_ranking_funding_agency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  funding_toptier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_funding_agency_fy_page_idx ON search_ranking_funding_agency_fy USING btree (action_date, award_type_group, amount DESC, funding_toptier_agency_code);

-- search_ranking_funding_subagency_fy
CREATE TABLE search_ranking_funding_subagency_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  funding_subtier_agency_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text,
  fallback_code text,
  fallback_agency_name text,
  fallback_agency_abbreviation text
);
CREATE INDEX search_ranking_funding_subagency_fy_page_idx ON search_ranking_funding_subagency_fy USING btree (action_date, award_type_group, amount DESC, funding_subtier_agency_code);

-- search_ranking_psc_fy
CREATE TABLE search_ranking_psc_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  product_or_service_code text NOT NULL,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_psc_fy_page_idx ON search_ranking_psc_fy USING btree (action_date, award_type_group, amount DESC, product_or_service_code);

-- search_ranking_recipient_fy
CREATE TABLE search_ranking_recipient_fy (
  action_date date NOT NULL,
  award_type_group text NOT NULL,
  recipient_hash uuid NOT NULL,
  recipient_level text,
  amount numeric NOT NULL,
  fallback_name text
);
CREATE INDEX search_ranking_recipient_fy_page_idx ON search_ranking_recipient_fy USING btree (action_date, award_type_group, amount DESC, recipient_hash, recipient_level);

-- search_summary_award_fy
CREATE TABLE search_summary_award_fy (
  action_date date,
  date_signed date,
  type text,
  category text,
  generated_pragmatic_obligation numeric NOT NULL,
  total_outlays numeric,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_award_fy_date_idx ON search_summary_award_fy USING btree (action_date, type);

-- search_summary_award_month
CREATE TABLE search_summary_award_month (
  action_date date,
  date_signed date,
  type text,
  category text,
  generated_pragmatic_obligation numeric NOT NULL,
  total_outlays numeric,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_award_month_date_idx ON search_summary_award_month USING btree (action_date, type);

-- search_summary_state
CREATE TABLE search_summary_state (
  id boolean DEFAULT true NOT NULL,
  base_version bigint,
  refreshed_at timestamp with time zone,
  seconds numeric(10,1),
  dirty_all boolean DEFAULT true NOT NULL,
  dirty_fiscal_years date[] DEFAULT '{}'::date[] NOT NULL,
  last_scope text,
  delta_rows bigint DEFAULT 0 NOT NULL,
  delta_complete boolean DEFAULT false NOT NULL,
  award_fiscal_years date[] DEFAULT '{}'::date[] NOT NULL,
  CONSTRAINT search_summary_state_id_check CHECK (id),
  CONSTRAINT search_summary_state_pkey PRIMARY KEY (id)
);

-- search_summary_txn_awarding_fy
CREATE TABLE search_summary_txn_awarding_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_awarding_fy_date_idx ON search_summary_txn_awarding_fy USING btree (action_date, type);

-- search_summary_txn_cfda_fy
CREATE TABLE search_summary_txn_cfda_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  cfda_number text,
  cfda_title text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_cfda_fy_date_idx ON search_summary_txn_cfda_fy USING btree (action_date, type);

-- search_summary_txn_defc_awarding_fy
CREATE TABLE search_summary_txn_defc_awarding_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  disaster_emergency_fund_codes text[] NOT NULL,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_awarding_fy_date_idx ON search_summary_txn_defc_awarding_fy USING btree (action_date, type);

-- search_summary_txn_defc_awarding_month
CREATE TABLE search_summary_txn_defc_awarding_month (
  action_date date NOT NULL,
  type text,
  award_category text,
  disaster_emergency_fund_codes text[] NOT NULL,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_awarding_month_date_idx ON search_summary_txn_defc_awarding_month USING btree (action_date, type);

-- search_summary_txn_defc_code_awarding_fy
CREATE TABLE search_summary_txn_defc_code_awarding_fy (
  action_date date NOT NULL,
  disaster_emergency_fund_codes text[] NOT NULL,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_code_awarding_fy_codes_idx ON search_summary_txn_defc_code_awarding_fy USING gin (disaster_emergency_fund_codes);

-- search_summary_txn_defc_month
CREATE TABLE search_summary_txn_defc_month (
  action_date date NOT NULL,
  type text,
  award_category text,
  disaster_emergency_fund_codes text[] NOT NULL,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_defc_month_date_idx ON search_summary_txn_defc_month USING btree (action_date, type);

-- search_summary_txn_delta
CREATE TABLE search_summary_txn_delta (
  action_date date,
  type text,
  award_category text,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  funding_agency_id integer,
  funding_toptier_agency_id integer,
  funding_toptier_agency_name text,
  funding_toptier_agency_code text,
  funding_toptier_agency_abbreviation text,
  funding_subtier_agency_name text,
  funding_subtier_agency_code text,
  funding_subtier_agency_abbreviation text,
  pop_country_code text,
  pop_country_name text,
  pop_state_code text,
  pop_state_fips text,
  pop_state_name text,
  pop_county_code text,
  pop_county_name text,
  pop_congressional_code_current text,
  recipient_location_country_code text,
  recipient_location_country_name text,
  recipient_location_state_code text,
  recipient_location_state_fips text,
  recipient_location_state_name text,
  recipient_location_county_code text,
  recipient_location_county_name text,
  recipient_location_congressional_code_current text,
  naics_code text,
  naics_description text,
  product_or_service_code text,
  product_or_service_description text,
  cfda_number text,
  cfda_title text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  parent_recipient_hash uuid,
  parent_uei text,
  disaster_emergency_fund_codes text[],
  federal_account_ids integer[],
  generated_pragmatic_obligation numeric(23,2),
  sign smallint
);

-- search_summary_txn_federal_account_fy
CREATE TABLE search_summary_txn_federal_account_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  federal_account_ids integer[] NOT NULL,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_federal_account_fy_date_idx ON search_summary_txn_federal_account_fy USING btree (action_date, type);

-- search_summary_txn_funding_fy
CREATE TABLE search_summary_txn_funding_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  funding_agency_id integer,
  funding_toptier_agency_id integer,
  funding_toptier_agency_name text,
  funding_toptier_agency_code text,
  funding_toptier_agency_abbreviation text,
  funding_subtier_agency_name text,
  funding_subtier_agency_code text,
  funding_subtier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_funding_fy_date_idx ON search_summary_txn_funding_fy USING btree (action_date, type);

-- search_summary_txn_month
CREATE TABLE search_summary_txn_month (
  action_date date NOT NULL,
  type text,
  award_category text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_month_date_idx ON search_summary_txn_month USING btree (action_date, type);

-- search_summary_txn_naics_fy
CREATE TABLE search_summary_txn_naics_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  naics_code text,
  naics_description text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_naics_fy_date_idx ON search_summary_txn_naics_fy USING btree (action_date, type);

-- search_summary_txn_pop_county_fy
CREATE TABLE search_summary_txn_pop_county_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  pop_country_code text,
  pop_state_code text,
  pop_state_fips text,
  pop_county_code text,
  pop_county_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_county_fy_date_idx ON search_summary_txn_pop_county_fy USING btree (action_date, type);

-- search_summary_txn_pop_district_fy
CREATE TABLE search_summary_txn_pop_district_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  pop_country_code text,
  pop_state_code text,
  pop_state_fips text,
  pop_congressional_code_current text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_district_fy_date_idx ON search_summary_txn_pop_district_fy USING btree (action_date, type);

-- search_summary_txn_pop_state_fy
CREATE TABLE search_summary_txn_pop_state_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  pop_country_code text,
  pop_country_name text,
  pop_state_code text,
  pop_state_fips text,
  pop_state_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_state_fy_date_idx ON search_summary_txn_pop_state_fy USING btree (action_date, type);

-- search_summary_txn_psc_fy
CREATE TABLE search_summary_txn_psc_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  product_or_service_code text,
  product_or_service_description text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_psc_fy_date_idx ON search_summary_txn_psc_fy USING btree (action_date, type);

-- search_summary_txn_recipient_fy
CREATE TABLE search_summary_txn_recipient_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL,
  parent_recipient_hash uuid,
  parent_uei text
);
CREATE INDEX search_summary_txn_recipient_fy_date_idx ON search_summary_txn_recipient_fy USING btree (action_date, type);
CREATE INDEX search_summary_txn_recipient_fy_parent_idx ON search_summary_txn_recipient_fy USING btree (parent_recipient_hash, action_date) WHERE (parent_recipient_hash IS NOT NULL);
CREATE INDEX search_summary_txn_recipient_fy_recipient_idx ON search_summary_txn_recipient_fy USING btree (recipient_hash, action_date);

-- search_summary_txn_rloc_county_fy
CREATE TABLE search_summary_txn_rloc_county_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  recipient_location_country_code text,
  recipient_location_state_code text,
  recipient_location_state_fips text,
  recipient_location_county_code text,
  recipient_location_county_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_rloc_county_fy_date_idx ON search_summary_txn_rloc_county_fy USING btree (action_date, type);

-- search_summary_txn_rloc_district_fy
CREATE TABLE search_summary_txn_rloc_district_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  recipient_location_country_code text,
  recipient_location_state_code text,
  recipient_location_state_fips text,
  recipient_location_congressional_code_current text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_rloc_district_fy_date_idx ON search_summary_txn_rloc_district_fy USING btree (action_date, type);

-- search_summary_txn_rloc_state_fy
CREATE TABLE search_summary_txn_rloc_state_fy (
  action_date date NOT NULL,
  type text,
  award_category text,
  recipient_location_country_code text,
  recipient_location_country_name text,
  recipient_location_state_code text,
  recipient_location_state_fips text,
  recipient_location_state_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_rloc_state_fy_date_idx ON search_summary_txn_rloc_state_fy USING btree (action_date, type);

-- state_data
CREATE TABLE state_data (
  id text NOT NULL,
  fips text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  year integer NOT NULL,
  population bigint,
  median_household_income numeric,
  CONSTRAINT state_data_pkey PRIMARY KEY (id)
);
CREATE INDEX state_data_code_year_idx ON state_data USING btree (code, year);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON state_data FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- subaward_search
CREATE TABLE subaward_search (
  broker_subaward_id bigint DEFAULT nextval('subaward_search_broker_subaward_id_seq'::regclass) NOT NULL,
  award_id bigint,
  unique_award_key text,
  prime_award_group text,
  prime_award_type text,
  subaward_type text NOT NULL,
  subaward_number text NOT NULL,
  subaward_amount numeric(23,2) DEFAULT 0 NOT NULL,
  sub_action_date date NOT NULL,
  sub_fiscal_year integer NOT NULL,
  sub_fiscal_action_date date,
  subaward_description text,
  award_piid_fain text,
  prime_award_amount numeric(23,2),
  action_date date,
  sub_awardee_or_recipient_legal text,
  sub_awardee_or_recipient_uei text,
  sub_awardee_or_recipient_uniqu text,
  sub_ultimate_parent_legal_enti text,
  sub_ultimate_parent_uei text,
  subaward_recipient_hash uuid,
  subaward_recipient_level text,
  prime_award_recipient_id text,
  prime_recipient_name text,
  prime_recipient_uei text,
  awarding_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  funding_agency_id integer,
  funding_toptier_agency_name text,
  funding_toptier_agency_code text,
  funding_toptier_agency_abbreviation text,
  funding_subtier_agency_name text,
  funding_subtier_agency_code text,
  funding_subtier_agency_abbreviation text,
  sub_legal_entity_country_code text,
  sub_legal_entity_country_name text,
  sub_legal_entity_state_code text,
  sub_legal_entity_state_name text,
  sub_legal_entity_state_fips text,
  sub_legal_entity_county_code text,
  sub_legal_entity_county_name text,
  sub_legal_entity_city_name text,
  sub_legal_entity_zip5 text,
  sub_legal_entity_congressional text,
  sub_legal_entity_congressional_current text,
  sub_place_of_perform_country_code text,
  sub_place_of_perform_country_name text,
  sub_place_of_perform_state_code text,
  sub_place_of_perform_state_name text,
  sub_place_of_perform_state_fips text,
  sub_place_of_perform_county_code text,
  sub_place_of_perform_county_name text,
  sub_place_of_perform_city_name text,
  sub_place_of_perform_zip5 text,
  sub_place_of_perform_congressio text,
  sub_place_of_perform_congressional_current text,
  cfda_numbers text,
  cfda_titles text,
  naics_code text,
  naics_description text,
  product_or_service_code text,
  product_or_service_description text,
  business_categories text[],
  treasury_account_identifiers integer[],
  tas_paths text[],
  tas_components text[],
  disaster_emergency_fund_codes text[],
  object_classes text[],
  program_activity_ids integer[],
  program_activities jsonb,
  subaward_key text,
  detail jsonb,
  CONSTRAINT subaward_search_pkey PRIMARY KEY (broker_subaward_id)
);
ALTER TABLE subaward_search ALTER COLUMN detail SET STORAGE EXTERNAL;
CREATE INDEX ss_cfda_numbers_trgm_idx ON subaward_search USING gin (cfda_numbers gin_trgm_ops);
CREATE INDEX subaward_search_award_id_idx ON subaward_search USING btree (award_id);
CREATE INDEX subaward_search_defc_idx ON subaward_search USING gin (disaster_emergency_fund_codes);
CREATE INDEX subaward_search_keyword_document_trgm_idx ON subaward_search USING gin (subaward_keyword_document(subaward_number, award_piid_fain, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu, sub_ultimate_parent_uei, naics_code, product_or_service_code, sub_awardee_or_recipient_legal, sub_ultimate_parent_legal_enti, subaward_description, naics_description, product_or_service_description) gin_trgm_ops);
CREATE INDEX subaward_search_recipient_hash_idx ON subaward_search USING btree (subaward_recipient_hash, sub_action_date DESC, broker_subaward_id DESC);
CREATE INDEX subaward_search_sub_action_date_idx ON subaward_search USING btree (sub_action_date);
CREATE UNIQUE INDEX subaward_search_subaward_key_idx ON subaward_search USING btree (subaward_key);
CREATE INDEX subaward_search_unique_award_key_idx ON subaward_search USING btree (unique_award_key);
CREATE TRIGGER subaward_search_recipient_all_truncated AFTER TRUNCATE ON subaward_search FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_truncated();
CREATE TRIGGER subaward_search_recipient_rows_deleted AFTER DELETE ON subaward_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('subaward_recipient_hash');
CREATE TRIGGER subaward_search_recipient_rows_inserted AFTER INSERT ON subaward_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('subaward_recipient_hash');
CREATE TRIGGER subaward_search_recipient_rows_updated AFTER UPDATE ON subaward_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('subaward_recipient_hash');

-- submission_attributes
CREATE TABLE submission_attributes (
  submission_id integer NOT NULL,
  toptier_code text NOT NULL,
  reporting_agency_name text,
  reporting_fiscal_year integer NOT NULL,
  reporting_fiscal_quarter integer NOT NULL,
  reporting_fiscal_period integer NOT NULL,
  quarter_format_flag boolean NOT NULL,
  is_final_balances_for_fy boolean DEFAULT false NOT NULL,
  submission_window_id integer,
  reporting_period_start date,
  reporting_period_end date,
  published_date timestamp with time zone,
  certified_date timestamp with time zone,
  CONSTRAINT submission_attributes_pkey PRIMARY KEY (submission_id)
);
CREATE INDEX submission_attributes_toptier_code_idx ON submission_attributes USING btree (toptier_code);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON submission_attributes FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- subtier_agency
CREATE TABLE subtier_agency (
  subtier_agency_id integer DEFAULT nextval('subtier_agency_subtier_agency_id_seq'::regclass) NOT NULL,
  subtier_code text NOT NULL,
  abbreviation text,
  name text NOT NULL,
  CONSTRAINT subtier_agency_pkey PRIMARY KEY (subtier_agency_id),
  CONSTRAINT subtier_agency_subtier_code_key UNIQUE (subtier_code)
);
CREATE INDEX subtier_agency_abbreviation_idx ON subtier_agency USING btree (upper(abbreviation) text_pattern_ops);
CREATE INDEX subtier_agency_abbreviation_trgm_idx ON subtier_agency USING gin (upper(abbreviation) gin_trgm_ops);
CREATE INDEX subtier_agency_name_prefix_idx ON subtier_agency USING btree (upper(name) text_pattern_ops);
CREATE INDEX subtier_agency_name_trgm_idx ON subtier_agency USING gin (upper(name) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON subtier_agency FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- toptier_agency
CREATE TABLE toptier_agency (
  toptier_agency_id integer DEFAULT nextval('toptier_agency_toptier_agency_id_seq'::regclass) NOT NULL,
  toptier_code text NOT NULL,
  abbreviation text,
  name text NOT NULL,
  mission text,
  about_agency_data text,
  website text,
  justification text,
  icon_filename text,
  slug text,
  CONSTRAINT toptier_agency_pkey PRIMARY KEY (toptier_agency_id),
  CONSTRAINT toptier_agency_slug_key UNIQUE (slug),
  CONSTRAINT toptier_agency_toptier_code_key UNIQUE (toptier_code)
);
CREATE INDEX toptier_agency_abbreviation_idx ON toptier_agency USING btree (upper(abbreviation) text_pattern_ops);
CREATE INDEX toptier_agency_abbreviation_trgm_idx ON toptier_agency USING gin (upper(abbreviation) gin_trgm_ops);
CREATE INDEX toptier_agency_name_prefix_idx ON toptier_agency USING btree (upper(name) text_pattern_ops);
CREATE INDEX toptier_agency_name_trgm_idx ON toptier_agency USING gin (upper(name) gin_trgm_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON toptier_agency FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- transaction_search
CREATE TABLE transaction_search (
  transaction_id bigint DEFAULT nextval('transaction_search_transaction_id_seq'::regclass) NOT NULL,
  award_id bigint NOT NULL,
  generated_unique_award_id text NOT NULL,
  transaction_unique_id text NOT NULL,
  is_fpds boolean NOT NULL,
  modification_number text,
  action_date date NOT NULL,
  fiscal_action_date date,
  fiscal_year integer NOT NULL,
  award_date_signed date,
  last_modified_date date,
  type text NOT NULL,
  type_description text,
  action_type text,
  action_type_description text,
  award_category text,
  transaction_description text,
  federal_action_obligation numeric(23,2),
  original_loan_subsidy_cost numeric(23,2),
  face_value_loan_guarantee numeric(23,2),
  generated_pragmatic_obligation numeric(23,2) DEFAULT 0 NOT NULL,
  non_federal_funding_amount numeric(23,2),
  total_funding_amount numeric(23,2),
  indirect_federal_sharing numeric(23,2),
  base_and_all_options_value numeric(23,2),
  base_exercised_options_val numeric(23,2),
  piid text,
  fain text,
  uri text,
  parent_award_piid text,
  display_award_id text,
  awarding_agency_id integer,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  awarding_subtier_agency_name text,
  awarding_subtier_agency_code text,
  awarding_subtier_agency_abbreviation text,
  awarding_office_code text,
  awarding_office_name text,
  funding_agency_id integer,
  funding_toptier_agency_id integer,
  funding_toptier_agency_name text,
  funding_toptier_agency_code text,
  funding_toptier_agency_abbreviation text,
  funding_subtier_agency_name text,
  funding_subtier_agency_code text,
  funding_subtier_agency_abbreviation text,
  funding_office_code text,
  funding_office_name text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  recipient_uei text,
  recipient_unique_id text,
  parent_recipient_hash uuid,
  parent_recipient_name text,
  parent_uei text,
  parent_recipient_unique_id text,
  business_categories text[],
  recipient_location_address_line1 text,
  recipient_location_country_code text,
  recipient_location_country_name text,
  recipient_location_state_code text,
  recipient_location_state_name text,
  recipient_location_state_fips text,
  recipient_location_county_code text,
  recipient_location_county_name text,
  recipient_location_congressional_code text,
  recipient_location_congressional_code_current text,
  recipient_location_city_name text,
  recipient_location_zip5 text,
  recipient_location_foreign_province text,
  pop_country_code text,
  pop_country_name text,
  pop_state_code text,
  pop_state_name text,
  pop_state_fips text,
  pop_county_code text,
  pop_county_name text,
  pop_congressional_code text,
  pop_congressional_code_current text,
  pop_city_name text,
  pop_zip5 text,
  cfda_number text,
  cfda_title text,
  naics_code text,
  naics_description text,
  product_or_service_code text,
  product_or_service_description text,
  type_of_contract_pricing text,
  type_set_aside text,
  extent_competed text,
  treasury_account_identifiers integer[],
  federal_account_ids integer[],
  tas_paths text[],
  tas_components text[],
  disaster_emergency_fund_codes text[],
  object_classes text[],
  program_activity_ids integer[],
  program_activities jsonb,
  detail jsonb,
  source_digest bigint,
  CONSTRAINT transaction_search_pkey PRIMARY KEY (transaction_id),
  CONSTRAINT transaction_search_transaction_unique_id_key UNIQUE (transaction_unique_id)
);
ALTER TABLE transaction_search ALTER COLUMN detail SET STORAGE EXTERNAL;
CREATE INDEX transaction_search_action_date_idx ON transaction_search USING btree (action_date);
CREATE INDEX transaction_search_award_id_idx ON transaction_search USING btree (award_id);
CREATE INDEX transaction_search_defc_idx ON transaction_search USING gin (disaster_emergency_fund_codes);
CREATE INDEX transaction_search_obligation_idx ON transaction_search USING btree (federal_action_obligation DESC NULLS LAST, transaction_id DESC);
CREATE INDEX transaction_search_parent_recipient_hash_idx ON transaction_search USING btree (parent_recipient_hash);
CREATE INDEX transaction_search_parent_recipient_loans_idx ON transaction_search USING btree (parent_recipient_hash, action_date) WHERE ((award_category = 'loans'::text) AND (parent_recipient_hash IS NOT NULL));
CREATE INDEX transaction_search_pop_state_idx ON transaction_search USING btree (pop_state_code, action_date) WHERE (pop_country_code = 'USA'::text);
CREATE INDEX transaction_search_recipient_hash_idx ON transaction_search USING btree (recipient_hash);
CREATE INDEX transaction_search_recipient_loans_idx ON transaction_search USING btree (recipient_hash, action_date) WHERE (award_category = 'loans'::text);
CREATE TRIGGER transaction_search_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON transaction_search FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();
CREATE TRIGGER transaction_search_recipient_all_truncated AFTER TRUNCATE ON transaction_search FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_truncated();
CREATE TRIGGER transaction_search_recipient_rows_deleted AFTER DELETE ON transaction_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER transaction_search_recipient_rows_inserted AFTER INSERT ON transaction_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER transaction_search_recipient_rows_updated AFTER UPDATE ON transaction_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recipient_rows_changed('recipient_hash', 'parent_recipient_hash');
CREATE TRIGGER transaction_search_summary_all_truncated AFTER TRUNCATE ON transaction_search FOR EACH STATEMENT EXECUTE FUNCTION search_summary_all_changed();
CREATE TRIGGER transaction_search_summary_rows_deleted AFTER DELETE ON transaction_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER transaction_search_summary_rows_inserted AFTER INSERT ON transaction_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();
CREATE TRIGGER transaction_search_summary_rows_updated AFTER UPDATE ON transaction_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_summary_rows_changed();

-- treasury_appropriation_account
CREATE TABLE treasury_appropriation_account (
  treasury_account_identifier integer DEFAULT nextval('treasury_appropriation_account_treasury_account_identifier_seq'::regclass) NOT NULL,
  tas_rendering_label text NOT NULL,
  allocation_transfer_agency_id text,
  agency_id text NOT NULL,
  beginning_period_of_availability text,
  ending_period_of_availability text,
  availability_type_code text,
  main_account_code text NOT NULL,
  sub_account_code text NOT NULL,
  account_title text,
  reporting_agency_id text,
  reporting_agency_name text,
  budget_bureau_code text,
  budget_bureau_name text,
  fr_entity_code text,
  fr_entity_description text,
  budget_function_code text,
  budget_function_title text,
  budget_subfunction_code text,
  budget_subfunction_title text,
  federal_account_id integer,
  funding_toptier_agency_id integer,
  awarding_toptier_agency_id integer,
  internal_start_date date,
  internal_end_date date,
  acct_num integer,
  CONSTRAINT treasury_appropriation_account_pkey PRIMARY KEY (treasury_account_identifier),
  CONSTRAINT treasury_appropriation_account_tas_rendering_label_key UNIQUE (tas_rendering_label)
);
CREATE INDEX taa_aid_idx ON treasury_appropriation_account USING btree (agency_id text_pattern_ops);
CREATE INDEX taa_ata_idx ON treasury_appropriation_account USING btree (allocation_transfer_agency_id text_pattern_ops);
CREATE INDEX taa_bpoa_idx ON treasury_appropriation_account USING btree (beginning_period_of_availability text_pattern_ops);
CREATE INDEX taa_budget_function_idx ON treasury_appropriation_account USING btree (budget_function_code, budget_subfunction_code);
CREATE INDEX taa_epoa_idx ON treasury_appropriation_account USING btree (ending_period_of_availability text_pattern_ops);
CREATE INDEX taa_federal_account_idx ON treasury_appropriation_account USING btree (federal_account_id);
CREATE INDEX taa_funding_toptier_idx ON treasury_appropriation_account USING btree (funding_toptier_agency_id);
CREATE INDEX taa_label_prefix_idx ON treasury_appropriation_account USING btree (tas_rendering_label text_pattern_ops);
CREATE INDEX taa_main_idx ON treasury_appropriation_account USING btree (main_account_code text_pattern_ops);
CREATE INDEX taa_sub_idx ON treasury_appropriation_account USING btree (sub_account_code text_pattern_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON treasury_appropriation_account FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

-- zips
CREATE TABLE zips (
  zip5 text NOT NULL,
  state_code text NOT NULL,
  county_code text,
  city_name text,
  congressional_district text,
  CONSTRAINT zips_pkey PRIMARY KEY (zip5)
);
CREATE INDEX zips_state_idx ON zips USING btree (state_code);
CREATE INDEX zips_zip5_prefix_idx ON zips USING btree (zip5 text_pattern_ops);
CREATE TRIGGER note_reference_data_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON zips FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change();

ALTER SEQUENCE agency_id_seq OWNED BY agency.id;
ALTER SEQUENCE appropriation_account_balance_appropriation_account_balance_seq OWNED BY appropriation_account_balances.appropriation_account_balances_id;
ALTER SEQUENCE award_data_load_id_seq OWNED BY award_data_load.id;
ALTER SEQUENCE award_search_award_id_seq OWNED BY award_search.award_id;
ALTER SEQUENCE federal_account_id_seq OWNED BY federal_account.id;
ALTER SEQUENCE financial_accounts_by_awards_financial_accounts_by_awards_i_seq OWNED BY financial_accounts_by_awards.financial_accounts_by_awards_id;
ALTER SEQUENCE financial_accounts_by_program_financial_accounts_by_program_seq OWNED BY financial_accounts_by_program_activity_object_class.financial_accounts_by_program_activity_object_class_id;
ALTER SEQUENCE glossary_id_seq OWNED BY glossary.id;
ALTER SEQUENCE gtas_sf133_balances_id_seq OWNED BY gtas_sf133_balances.id;
ALTER SEQUENCE object_class_id_seq OWNED BY object_class.id;
ALTER SEQUENCE office_id_seq OWNED BY office.id;
ALTER SEQUENCE recipient_lookup_id_seq OWNED BY recipient_lookup.id;
ALTER SEQUENCE recipient_profile_id_seq OWNED BY recipient_profile.id;
ALTER SEQUENCE ref_city_county_state_code_id_seq OWNED BY ref_city_county_state_code.id;
ALTER SEQUENCE ref_population_county_id_seq OWNED BY ref_population_county.id;
ALTER SEQUENCE ref_program_activity_id_seq OWNED BY ref_program_activity.id;
ALTER SEQUENCE references_cfda_id_seq OWNED BY references_cfda.id;
ALTER SEQUENCE subaward_search_broker_subaward_id_seq OWNED BY subaward_search.broker_subaward_id;
ALTER SEQUENCE subtier_agency_subtier_agency_id_seq OWNED BY subtier_agency.subtier_agency_id;
ALTER SEQUENCE toptier_agency_toptier_agency_id_seq OWNED BY toptier_agency.toptier_agency_id;
ALTER SEQUENCE transaction_search_transaction_id_seq OWNED BY transaction_search.transaction_id;
ALTER SEQUENCE treasury_appropriation_account_treasury_account_identifier_seq OWNED BY treasury_appropriation_account.treasury_account_identifier;

ALTER TABLE agency ADD CONSTRAINT agency_subtier_agency_id_fkey FOREIGN KEY (subtier_agency_id) REFERENCES subtier_agency(subtier_agency_id);
ALTER TABLE agency ADD CONSTRAINT agency_toptier_agency_id_fkey FOREIGN KEY (toptier_agency_id) REFERENCES toptier_agency(toptier_agency_id);
ALTER TABLE budget_subfunction ADD CONSTRAINT budget_subfunction_budget_function_code_fkey FOREIGN KEY (budget_function_code) REFERENCES budget_function(budget_function_code);
ALTER TABLE federal_account ADD CONSTRAINT federal_account_parent_toptier_agency_id_fkey FOREIGN KEY (parent_toptier_agency_id) REFERENCES toptier_agency(toptier_agency_id);
ALTER TABLE treasury_appropriation_account ADD CONSTRAINT treasury_appropriation_account_federal_account_id_fkey FOREIGN KEY (federal_account_id) REFERENCES federal_account(id);
ALTER TABLE treasury_appropriation_account ADD CONSTRAINT treasury_appropriation_account_funding_toptier_agency_id_fkey FOREIGN KEY (funding_toptier_agency_id) REFERENCES toptier_agency(toptier_agency_id);

CREATE VIEW treasury_account_search_path AS SELECT taa.treasury_account_identifier AS id,
    taa.federal_account_id,
    (((((((((((((((((((('agency='::text || COALESCE(tt.toptier_code, taa.agency_id)) || 'faaid='::text) || COALESCE(fa.agency_identifier, ''::text)) || 'famain='::text) || COALESCE(fa.main_account_code, ''::text)) || 'aid='::text) || taa.agency_id) || 'main='::text) || taa.main_account_code) || 'ata='::text) || COALESCE(taa.allocation_transfer_agency_id, ''::text)) || 'sub='::text) || COALESCE(taa.sub_account_code, ''::text)) || 'bpoa='::text) || COALESCE(taa.beginning_period_of_availability, ''::text)) || 'epoa='::text) || COALESCE(taa.ending_period_of_availability, ''::text)) || 'a='::text) || COALESCE(taa.availability_type_code, ''::text)) COLLATE "C") AS tas_path,
    (((((((((((((('aid='::text || taa.agency_id) || 'main='::text) || taa.main_account_code) || 'ata='::text) || COALESCE(taa.allocation_transfer_agency_id, ''::text)) || 'sub='::text) || COALESCE(taa.sub_account_code, ''::text)) || 'bpoa='::text) || COALESCE(taa.beginning_period_of_availability, ''::text)) || 'epoa='::text) || COALESCE(taa.ending_period_of_availability, ''::text)) || 'a='::text) || COALESCE(taa.availability_type_code, ''::text)) COLLATE "C") AS tas_component,
    taa.tas_rendering_label
   FROM ((treasury_appropriation_account taa
     LEFT JOIN federal_account fa ON ((fa.id = taa.federal_account_id)))
     LEFT JOIN toptier_agency tt ON ((tt.toptier_agency_id = fa.parent_toptier_agency_id)));

-- Rows the service needs from the start: lookup rows and the single-row refresh state tables.
INSERT INTO award_type (code, description, group_name, sort_order) VALUES
  ('-1', 'Not Specified', 'other_financial_assistance', '23'),
  ('02', 'Block Grant', 'grants', '13'),
  ('03', 'Formula Grant', 'grants', '14'),
  ('04', 'Project Grant', 'grants', '15'),
  ('05', 'Cooperative Agreement', 'grants', '16'),
  ('06', 'Direct Payment for Specified Use', 'direct_payments', '17'),
  ('07', 'Direct Loan', 'loans', '19'),
  ('08', 'Guaranteed/Insured Loan', 'loans', '20'),
  ('09', 'Insurance', 'other_financial_assistance', '21'),
  ('10', 'Direct Payment with Unrestricted Use', 'direct_payments', '18'),
  ('11', 'Other Financial Assistance', 'other_financial_assistance', '22'),
  ('A', 'BPA Call', 'contracts', '1'),
  ('B', 'Purchase Order', 'contracts', '2'),
  ('C', 'Delivery Order', 'contracts', '3'),
  ('D', 'Definitive Contract', 'contracts', '4'),
  ('IDV_A', 'GWAC Government Wide Acquisition Contract', 'idvs', '5'),
  ('IDV_B', 'IDC Multi-Agency Contract, Other Indefinite Delivery Contract', 'idvs', '6'),
  ('IDV_B_A', 'IDC Indefinite Delivery Contract / Requirements', 'idvs', '7'),
  ('IDV_B_B', 'IDC Indefinite Delivery Contract / Indefinite Quantity', 'idvs', '8'),
  ('IDV_B_C', 'IDC Indefinite Delivery Contract / Definite Quantity', 'idvs', '9'),
  ('IDV_C', 'FSS Federal Supply Schedule', 'idvs', '10'),
  ('IDV_D', 'BOA Basic Ordering Agreement', 'idvs', '11'),
  ('IDV_E', 'BPA Blanket Purchase Agreement', 'idvs', '12');
INSERT INTO recipient_derive_state (id, derived_as_of, dirty_all, last_scope, derived_at, tx_summary_as_of, tx_delta_rows, tx_delta_complete) VALUES
  ('true', NULL, 'true', NULL, NULL, NULL, '0', 'false');
INSERT INTO search_award_type_group (type, award_type_group) VALUES
  ('-1', 'other_financial_assistance'),
  ('02', 'grants'),
  ('03', 'grants'),
  ('04', 'grants'),
  ('05', 'grants'),
  ('06', 'direct_payments'),
  ('07', 'loans'),
  ('08', 'loans'),
  ('09', 'other_financial_assistance'),
  ('10', 'direct_payments'),
  ('11', 'other_financial_assistance'),
  ('A', 'contracts'),
  ('B', 'contracts'),
  ('C', 'contracts'),
  ('D', 'contracts'),
  ('F001', 'grants'),
  ('F002', 'grants'),
  ('F003', 'loans'),
  ('F004', 'loans'),
  ('F005', 'other_financial_assistance'),
  ('F006', 'direct_payments'),
  ('F007', 'direct_payments'),
  ('F008', 'other_financial_assistance'),
  ('F009', 'other_financial_assistance'),
  ('F010', 'other_financial_assistance'),
  ('IDV_A', 'idvs'),
  ('IDV_B', 'idvs'),
  ('IDV_B_A', 'idvs'),
  ('IDV_B_B', 'idvs'),
  ('IDV_B_C', 'idvs'),
  ('IDV_C', 'idvs'),
  ('IDV_D', 'idvs'),
  ('IDV_E', 'idvs');
INSERT INTO search_summary_state (id, base_version, refreshed_at, seconds, dirty_all, dirty_fiscal_years, last_scope, delta_rows, delta_complete, award_fiscal_years) VALUES
  ('true', NULL, NULL, NULL, 'true', '{}', NULL, '0', 'false', '{}');

-- Up Migration
-- Every fiscal year summed, for the two filter pairs by recipient that requests without a time period read most
-- (category recipient with an awarding agency or a place-of-performance state): the fiscal-year pairs' rows
-- without their date, about a third as many rows. No date column, so the planner offers them only to requests
-- that compare no date. search_summary_write_pairs keeps them from their fiscal-year tables
-- (search_summary_pair_all_years); the next refresh fills them, as every summary is rebuilt after this.
CREATE TABLE search_summary_txn_awarding_recipient_all (
  type text,
  award_category text,
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  parent_recipient_hash uuid,
  parent_uei text,
  recipient_text_key uuid,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_awarding_recipient_all_awarding_idx ON search_summary_txn_awarding_recipient_all (awarding_toptier_agency_name);
CREATE INDEX search_summary_txn_awarding_recipient_all_recipient_idx ON search_summary_txn_awarding_recipient_all (recipient_hash);
CREATE INDEX search_summary_txn_awarding_recipient_all_text_idx ON search_summary_txn_awarding_recipient_all (recipient_text_key);

CREATE TABLE search_summary_txn_pop_state_recipient_all (
  type text,
  award_category text,
  pop_country_code text,
  pop_country_name text,
  pop_state_code text,
  pop_state_fips text,
  pop_state_name text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  parent_recipient_hash uuid,
  parent_uei text,
  recipient_text_key uuid,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_state_recipient_all_pop_state_idx ON search_summary_txn_pop_state_recipient_all (pop_state_code);
CREATE INDEX search_summary_txn_pop_state_recipient_all_recipient_idx ON search_summary_txn_pop_state_recipient_all (recipient_hash);
CREATE INDEX search_summary_txn_pop_state_recipient_all_text_idx ON search_summary_txn_pop_state_recipient_all (recipient_text_key);

UPDATE search_summary_state SET base_version = NULL;

-- Up Migration
-- Recipient text search from the summaries. `recipient_search_text` matches six columns of a row (recipient and
-- parent names by substring, recipient and parent UEI / DUNS exactly); recipient_text_key(...) hashes those six
-- values into one key. search_recipient_text keeps each distinct key once with its six values, indexed for the
-- filter (trigram on the names, btree on the ids), and the summaries that carry the key answer the filter as
-- "key IN (keys whose values match)": the recipient summaries and their pairs, three new transaction pairs
-- (key x CFDA, PSC, place-of-performance county, per fiscal year), the key by month, and the key per award
-- fiscal year for award counts. Rows are written with the summaries (search_summary_write_txn_sets and
-- search_summaries_awards add the keys they meet; a full rebuild starts it empty), so every key a summary holds
-- is there; a key no summary holds any more matches nothing.

CREATE TABLE search_recipient_text (
  recipient_text_key uuid PRIMARY KEY,
  recipient_name text,
  parent_recipient_name text,
  recipient_uei text,
  recipient_unique_id text,
  parent_uei text,
  parent_recipient_unique_id text
);
CREATE INDEX search_recipient_text_name_trgm_idx ON search_recipient_text USING gin (recipient_name gin_trgm_ops);
CREATE INDEX search_recipient_text_parent_name_trgm_idx ON search_recipient_text USING gin (parent_recipient_name gin_trgm_ops);
CREATE INDEX search_recipient_text_uei_idx ON search_recipient_text (recipient_uei);
CREATE INDEX search_recipient_text_duns_idx ON search_recipient_text (recipient_unique_id);
CREATE INDEX search_recipient_text_parent_uei_idx ON search_recipient_text (parent_uei);
CREATE INDEX search_recipient_text_parent_duns_idx ON search_recipient_text (parent_recipient_unique_id);

-- The change log keeps the four text columns the summaries did not read before, so merged changes carry the key.
ALTER TABLE search_summary_txn_delta ADD COLUMN parent_recipient_name text, ADD COLUMN recipient_uei text,
  ADD COLUMN recipient_unique_id text, ADD COLUMN parent_recipient_unique_id text;

ALTER TABLE search_summary_txn_recipient_fy ADD COLUMN recipient_text_key uuid;
CREATE INDEX search_summary_txn_recipient_fy_text_idx ON search_summary_txn_recipient_fy (recipient_text_key, action_date);
ALTER TABLE search_summary_txn_awarding_recipient_fy ADD COLUMN recipient_text_key uuid;
CREATE INDEX search_summary_txn_awarding_recipient_fy_text_idx ON search_summary_txn_awarding_recipient_fy (recipient_text_key, action_date);
ALTER TABLE search_summary_txn_pop_state_recipient_fy ADD COLUMN recipient_text_key uuid;
CREATE INDEX search_summary_txn_pop_state_recipient_fy_text_idx ON search_summary_txn_pop_state_recipient_fy (recipient_text_key, action_date);
ALTER TABLE search_summary_txn_naics_recipient_fy ADD COLUMN recipient_text_key uuid;
CREATE INDEX search_summary_txn_naics_recipient_fy_text_idx ON search_summary_txn_naics_recipient_fy (recipient_text_key, action_date);

CREATE TABLE search_summary_txn_recipient_text_cfda_fy AS
  SELECT action_date, type, award_category, NULL::uuid AS recipient_text_key, cfda_number, cfda_title,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_recipient_text_cfda_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_recipient_text_cfda_fy_date_idx ON search_summary_txn_recipient_text_cfda_fy (action_date, type);
CREATE INDEX search_summary_txn_recipient_text_cfda_fy_text_idx ON search_summary_txn_recipient_text_cfda_fy (recipient_text_key, action_date);

CREATE TABLE search_summary_txn_recipient_text_psc_fy AS
  SELECT action_date, type, award_category, NULL::uuid AS recipient_text_key, product_or_service_code, product_or_service_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_recipient_text_psc_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_recipient_text_psc_fy_date_idx ON search_summary_txn_recipient_text_psc_fy (action_date, type);
CREATE INDEX search_summary_txn_recipient_text_psc_fy_text_idx ON search_summary_txn_recipient_text_psc_fy (recipient_text_key, action_date);

CREATE TABLE search_summary_txn_recipient_text_pop_county_fy AS
  SELECT action_date, type, award_category, NULL::uuid AS recipient_text_key, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_recipient_text_pop_county_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_recipient_text_pop_county_fy_date_idx ON search_summary_txn_recipient_text_pop_county_fy (action_date, type);
CREATE INDEX search_summary_txn_recipient_text_pop_county_fy_text_idx ON search_summary_txn_recipient_text_pop_county_fy (recipient_text_key, action_date);

CREATE TABLE search_summary_txn_recipient_text_month AS
  SELECT action_date, type, award_category, NULL::uuid AS recipient_text_key,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_recipient_text_month ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_recipient_text_month_date_idx ON search_summary_txn_recipient_text_month (action_date, type);
CREATE INDEX search_summary_txn_recipient_text_month_text_idx ON search_summary_txn_recipient_text_month (recipient_text_key, action_date);

CREATE TABLE search_summary_award_recipient_text_fy (
  action_date date,
  date_signed date,
  type text,
  category text,
  recipient_text_key uuid,
  generated_pragmatic_obligation numeric NOT NULL,
  total_outlays numeric,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_award_recipient_text_fy_date_idx ON search_summary_award_recipient_text_fy (action_date, type);
CREATE INDEX search_summary_award_recipient_text_fy_text_idx ON search_summary_award_recipient_text_fy (recipient_text_key, action_date);

-- The keys are not written yet: the next refresh must rebuild every summary before the planner reads them.
UPDATE search_summary_state SET base_version = NULL;

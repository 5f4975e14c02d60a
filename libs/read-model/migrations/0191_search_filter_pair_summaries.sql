-- Up Migration
-- Filter pair summaries: transaction sums per fiscal year by one filter most requests carry (awarding toptier
-- agency, place-of-performance state, NAICS code) and a second dimension (state, county, NAICS, PSC, CFDA,
-- recipient), and NAICS by month, so category, geography and over_time requests with such a filter read the
-- filter value's rows through the table's index instead of scanning transaction_search. Each pair serves both
-- ways where both sides are filters (agency x state: an agency filter grouped by state, a state filter grouped
-- by agency). Written by search_summary_write_pairs (its own scan, one GROUP BY per table; listed in
-- search_summary_pair_targets), rebuilt and merged with the other transaction summaries. The recipient pairs
-- are also indexed on the hashes the recipient_id filter reads, like search_summary_txn_recipient_fy: a request
-- with a recipient and an agency, state or NAICS filter reads them.

CREATE TABLE search_summary_txn_awarding_pop_state_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_pop_state_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_pop_state_fy_date_idx ON search_summary_txn_awarding_pop_state_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_pop_state_fy_awarding_idx ON search_summary_txn_awarding_pop_state_fy (awarding_toptier_agency_name, action_date);
CREATE INDEX search_summary_txn_awarding_pop_state_fy_pop_state_idx ON search_summary_txn_awarding_pop_state_fy (pop_state_code, action_date);

CREATE TABLE search_summary_txn_awarding_naics_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, naics_code, naics_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_naics_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_naics_fy_date_idx ON search_summary_txn_awarding_naics_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_naics_fy_awarding_idx ON search_summary_txn_awarding_naics_fy (awarding_toptier_agency_name, action_date);
CREATE INDEX search_summary_txn_awarding_naics_fy_naics_idx ON search_summary_txn_awarding_naics_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_awarding_psc_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, product_or_service_code, product_or_service_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_psc_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_psc_fy_date_idx ON search_summary_txn_awarding_psc_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_psc_fy_awarding_idx ON search_summary_txn_awarding_psc_fy (awarding_toptier_agency_name, action_date);

CREATE TABLE search_summary_txn_awarding_cfda_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, cfda_number, cfda_title,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_cfda_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_cfda_fy_date_idx ON search_summary_txn_awarding_cfda_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_cfda_fy_awarding_idx ON search_summary_txn_awarding_cfda_fy (awarding_toptier_agency_name, action_date);

CREATE TABLE search_summary_txn_awarding_pop_county_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_pop_county_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_pop_county_fy_date_idx ON search_summary_txn_awarding_pop_county_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_pop_county_fy_awarding_idx ON search_summary_txn_awarding_pop_county_fy (awarding_toptier_agency_name, action_date);

CREATE TABLE search_summary_txn_awarding_recipient_fy AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_recipient_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_recipient_fy_date_idx ON search_summary_txn_awarding_recipient_fy (action_date, type);
CREATE INDEX search_summary_txn_awarding_recipient_fy_recipient_idx ON search_summary_txn_awarding_recipient_fy (recipient_hash, action_date);
CREATE INDEX search_summary_txn_awarding_recipient_fy_parent_idx ON search_summary_txn_awarding_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;
CREATE INDEX search_summary_txn_awarding_recipient_fy_awarding_idx ON search_summary_txn_awarding_recipient_fy (awarding_toptier_agency_name, action_date);

CREATE TABLE search_summary_txn_pop_state_naics_fy AS
  SELECT action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, naics_code, naics_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_pop_state_naics_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_pop_state_naics_fy_date_idx ON search_summary_txn_pop_state_naics_fy (action_date, type);
CREATE INDEX search_summary_txn_pop_state_naics_fy_pop_state_idx ON search_summary_txn_pop_state_naics_fy (pop_state_code, action_date);
CREATE INDEX search_summary_txn_pop_state_naics_fy_naics_idx ON search_summary_txn_pop_state_naics_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_pop_state_psc_fy AS
  SELECT action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, product_or_service_code, product_or_service_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_pop_state_psc_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_pop_state_psc_fy_date_idx ON search_summary_txn_pop_state_psc_fy (action_date, type);
CREATE INDEX search_summary_txn_pop_state_psc_fy_pop_state_idx ON search_summary_txn_pop_state_psc_fy (pop_state_code, action_date);

CREATE TABLE search_summary_txn_pop_state_cfda_fy AS
  SELECT action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, cfda_number, cfda_title,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_pop_state_cfda_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_pop_state_cfda_fy_date_idx ON search_summary_txn_pop_state_cfda_fy (action_date, type);
CREATE INDEX search_summary_txn_pop_state_cfda_fy_pop_state_idx ON search_summary_txn_pop_state_cfda_fy (pop_state_code, action_date);

CREATE TABLE search_summary_txn_pop_state_recipient_fy AS
  SELECT action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_pop_state_recipient_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_pop_state_recipient_fy_date_idx ON search_summary_txn_pop_state_recipient_fy (action_date, type);
CREATE INDEX search_summary_txn_pop_state_recipient_fy_recipient_idx ON search_summary_txn_pop_state_recipient_fy (recipient_hash, action_date);
CREATE INDEX search_summary_txn_pop_state_recipient_fy_parent_idx ON search_summary_txn_pop_state_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;
CREATE INDEX search_summary_txn_pop_state_recipient_fy_pop_state_idx ON search_summary_txn_pop_state_recipient_fy (pop_state_code, action_date);

CREATE TABLE search_summary_txn_naics_psc_fy AS
  SELECT action_date, type, award_category, naics_code, naics_description, product_or_service_code, product_or_service_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_naics_psc_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_naics_psc_fy_date_idx ON search_summary_txn_naics_psc_fy (action_date, type);
CREATE INDEX search_summary_txn_naics_psc_fy_naics_idx ON search_summary_txn_naics_psc_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_naics_cfda_fy AS
  SELECT action_date, type, award_category, naics_code, naics_description, cfda_number, cfda_title,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_naics_cfda_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_naics_cfda_fy_date_idx ON search_summary_txn_naics_cfda_fy (action_date, type);
CREATE INDEX search_summary_txn_naics_cfda_fy_naics_idx ON search_summary_txn_naics_cfda_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_naics_pop_county_fy AS
  SELECT action_date, type, award_category, naics_code, naics_description, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_naics_pop_county_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_naics_pop_county_fy_date_idx ON search_summary_txn_naics_pop_county_fy (action_date, type);
CREATE INDEX search_summary_txn_naics_pop_county_fy_naics_idx ON search_summary_txn_naics_pop_county_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_naics_recipient_fy AS
  SELECT action_date, type, award_category, naics_code, naics_description, recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_naics_recipient_fy ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_naics_recipient_fy_date_idx ON search_summary_txn_naics_recipient_fy (action_date, type);
CREATE INDEX search_summary_txn_naics_recipient_fy_recipient_idx ON search_summary_txn_naics_recipient_fy (recipient_hash, action_date);
CREATE INDEX search_summary_txn_naics_recipient_fy_parent_idx ON search_summary_txn_naics_recipient_fy (parent_recipient_hash, action_date) WHERE parent_recipient_hash IS NOT NULL;
CREATE INDEX search_summary_txn_naics_recipient_fy_naics_idx ON search_summary_txn_naics_recipient_fy (naics_code, action_date);

CREATE TABLE search_summary_txn_naics_month AS
  SELECT action_date, type, award_category, naics_code, naics_description,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_naics_month ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_naics_month_date_idx ON search_summary_txn_naics_month (action_date, type);
CREATE INDEX search_summary_txn_naics_month_naics_idx ON search_summary_txn_naics_month (naics_code, action_date);

-- The new tables are empty: the next refresh must rebuild every summary before the planner reads them.
UPDATE search_summary_state SET base_version = NULL;

-- Up Migration
-- Filter summaries: transaction sums per month and award type by awarding toptier agency and by place of
-- performance state (the filters most requests carry), so over_time and category requests with such a filter
-- read a few hundred summary rows through the filter column's index instead of scanning transaction_search; and
-- award sums per fiscal year by agency, state and NAICS code for award counts. Built in the same grouping-sets scan
-- as the other transaction summaries (search_summary_build_txn_sets) and kept up the same way. Pairs of a filter
-- and a second dimension per fiscal year (agency x NAICS, state x PSC, ...) were tried and left out: at bench
-- scale their grouping sets filled the temporary space of the scan (> 37 GB).

CREATE TABLE search_summary_txn_awarding_month AS
  SELECT action_date, type, award_category, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_awarding_month ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_awarding_month_date_idx ON search_summary_txn_awarding_month (action_date, type);
CREATE INDEX search_summary_txn_awarding_month_awarding_idx ON search_summary_txn_awarding_month (awarding_toptier_agency_name, action_date);

CREATE TABLE search_summary_txn_pop_state_month AS
  SELECT action_date, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, 0::bigint AS row_count
  FROM transaction_search WITH NO DATA;
ALTER TABLE search_summary_txn_pop_state_month ALTER action_date SET NOT NULL, ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_txn_pop_state_month_date_idx ON search_summary_txn_pop_state_month (action_date, type);
CREATE INDEX search_summary_txn_pop_state_month_pop_state_idx ON search_summary_txn_pop_state_month (pop_state_code, action_date);


-- Award summaries by the same common filters (award counts and amounts with an agency, state or NAICS filter):
-- fiscal years of action_date and date_signed like search_summary_award_fy, plus the filter columns.
CREATE TABLE search_summary_award_awarding_fy AS
  SELECT action_date, date_signed, type, category, awarding_toptier_agency_name,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, total_outlays::numeric AS total_outlays, 0::bigint AS row_count
  FROM award_search WITH NO DATA;
CREATE TABLE search_summary_award_pop_state_fy AS
  SELECT action_date, date_signed, type, category, pop_country_code, pop_state_code,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, total_outlays::numeric AS total_outlays, 0::bigint AS row_count
  FROM award_search WITH NO DATA;
CREATE TABLE search_summary_award_naics_fy AS
  SELECT action_date, date_signed, type, category, naics_code,
    generated_pragmatic_obligation::numeric AS generated_pragmatic_obligation, total_outlays::numeric AS total_outlays, 0::bigint AS row_count
  FROM award_search WITH NO DATA;
ALTER TABLE search_summary_award_awarding_fy ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
ALTER TABLE search_summary_award_pop_state_fy ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
ALTER TABLE search_summary_award_naics_fy ALTER generated_pragmatic_obligation SET NOT NULL, ALTER row_count SET NOT NULL;
CREATE INDEX search_summary_award_awarding_fy_date_idx ON search_summary_award_awarding_fy (action_date, type);
CREATE INDEX search_summary_award_awarding_fy_awarding_idx ON search_summary_award_awarding_fy (awarding_toptier_agency_name, action_date);
CREATE INDEX search_summary_award_pop_state_fy_date_idx ON search_summary_award_pop_state_fy (action_date, type);
CREATE INDEX search_summary_award_pop_state_fy_pop_state_idx ON search_summary_award_pop_state_fy (pop_state_code, action_date);
CREATE INDEX search_summary_award_naics_fy_date_idx ON search_summary_award_naics_fy (action_date, type);
CREATE INDEX search_summary_award_naics_fy_naics_idx ON search_summary_award_naics_fy (naics_code, action_date);

-- The new tables are empty: the next refresh must rebuild every summary before the planner reads them.
UPDATE search_summary_state SET base_version = NULL;

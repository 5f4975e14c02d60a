-- Up Migration
-- Narrow search summaries, replacing the wide ones of 0041 (whose groups crossed awarding and funding
-- agencies or several place levels, so they came out almost as large as the base tables). The shape rule,
-- the freshness sequence, state row and triggers of 0041 stay as they are.
--
-- Each summary keeps few dimensions (time, award type and one subject: an agency side, a place level, an
-- industry code or the recipient), so it stays much smaller than the base table; the planner picks the
-- smallest summary that has every column a request reads. Transaction summaries are built from one scan of
-- transaction_search with GROUPING SETS.

DROP FUNCTION refresh_search_summaries();
DROP TABLE search_summary_txn_recipient_fy, search_summary_txn_industry_fy, search_summary_txn_recipient_location_fy,
  search_summary_txn_pop_fy, search_summary_award_month, search_summary_txn_month;
-- New builds must happen before the planner trusts the (now empty) summaries again.
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Transactions per month x award type: spending_over_time (every grouping) and spending_by_transaction_count.
CREATE TABLE search_summary_txn_month (
  action_date date NOT NULL, -- first day of the month
  type text,
  award_category text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_month_date_idx ON search_summary_txn_month (action_date);

-- Transactions per fiscal year x award type x awarding agency: the awarding agency categories, and over_time / counts filtered by awarding agency.
CREATE TABLE search_summary_txn_awarding_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_awarding_fy_date_idx ON search_summary_txn_awarding_fy (action_date);

-- Transactions per fiscal year x award type x funding agency: the funding agency categories.
CREATE TABLE search_summary_txn_funding_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_funding_fy_date_idx ON search_summary_txn_funding_fy (action_date);

-- Transactions per fiscal year x award type x place-of-performance state and country: geography state/country layers, state and country categories.
CREATE TABLE search_summary_txn_pop_state_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_pop_state_fy_date_idx ON search_summary_txn_pop_state_fy (action_date);

-- Transactions per fiscal year x award type x place-of-performance county: geography county layer, county category.
CREATE TABLE search_summary_txn_pop_county_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_pop_county_fy_date_idx ON search_summary_txn_pop_county_fy (action_date);

-- Transactions per fiscal year x award type x place-of-performance current congressional district: district layer and category.
CREATE TABLE search_summary_txn_pop_district_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  pop_country_code text,
  pop_state_code text,
  pop_state_fips text,
  pop_congressional_code_current text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_district_fy_date_idx ON search_summary_txn_pop_district_fy (action_date);

-- Transactions per fiscal year x award type x recipient-location state and country (geography, scope recipient_location).
CREATE TABLE search_summary_txn_rloc_state_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_rloc_state_fy_date_idx ON search_summary_txn_rloc_state_fy (action_date);

-- Transactions per fiscal year x award type x recipient-location county.
CREATE TABLE search_summary_txn_rloc_county_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
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
CREATE INDEX search_summary_txn_rloc_county_fy_date_idx ON search_summary_txn_rloc_county_fy (action_date);

-- Transactions per fiscal year x award type x recipient-location current congressional district.
CREATE TABLE search_summary_txn_rloc_district_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  recipient_location_country_code text,
  recipient_location_state_code text,
  recipient_location_state_fips text,
  recipient_location_congressional_code_current text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_rloc_district_fy_date_idx ON search_summary_txn_rloc_district_fy (action_date);

-- Transactions per fiscal year x award type x NAICS code: naics category.
CREATE TABLE search_summary_txn_naics_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  naics_code text,
  naics_description text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_naics_fy_date_idx ON search_summary_txn_naics_fy (action_date);

-- Transactions per fiscal year x award type x product/service code: psc category.
CREATE TABLE search_summary_txn_psc_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  product_or_service_code text,
  product_or_service_description text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_psc_fy_date_idx ON search_summary_txn_psc_fy (action_date);

-- Transactions per fiscal year x award type x assistance listing: cfda category.
CREATE TABLE search_summary_txn_cfda_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  cfda_number text,
  cfda_title text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_cfda_fy_date_idx ON search_summary_txn_cfda_fy (action_date);

-- Transactions per fiscal year x award type x recipient: recipient categories.
CREATE TABLE search_summary_txn_recipient_fy (
  action_date date NOT NULL, -- first day of the fiscal year (October 1)
  type text,
  award_category text,
  recipient_hash uuid,
  recipient_levels text[],
  recipient_name text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
CREATE INDEX search_summary_txn_recipient_fy_date_idx ON search_summary_txn_recipient_fy (action_date);

-- Awards per fiscal year of the latest action x fiscal year signed x award type: spending_by_award_count and award-level over_time by fiscal year (the award time filter reads both dates).
CREATE TABLE search_summary_award_fy (
  action_date                     date,            -- first day of its fiscal year
  date_signed                     date,            -- first day of its fiscal year
  type                            text,
  category                        text,
  generated_pragmatic_obligation  numeric NOT NULL,
  total_outlays                   numeric,
  row_count                       bigint NOT NULL
);
CREATE INDEX search_summary_award_fy_date_idx ON search_summary_award_fy (action_date);

-- Awards the same per month: award counts and award-level over_time for month-aligned periods (the award time filter reads both dates).
CREATE TABLE search_summary_award_month (
  action_date                     date,            -- first day of its month
  date_signed                     date,            -- first day of its month
  type                            text,
  category                        text,
  generated_pragmatic_obligation  numeric NOT NULL,
  total_outlays                   numeric,
  row_count                       bigint NOT NULL
);
CREATE INDEX search_summary_award_month_date_idx ON search_summary_award_month (action_date);


-- Rebuilds every summary from the base tables. Call it after loading or deriving award data (the
-- derive step does). SHARE locks wait for in-flight writes to commit and hold new ones off meanwhile, so
-- the recorded version describes exactly the rows summarised. The transaction summaries come from one
-- scan of transaction_search (GROUPING SETS, one set per summary; GROUPING() tells the sets apart).
CREATE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET work_mem = '512MB'
SET client_min_messages = warning
AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;

  TRUNCATE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  DROP TABLE IF EXISTS search_summary_txn_sets;
  CREATE TEMP TABLE search_summary_txn_sets ON COMMIT DROP AS
  SELECT GROUPING(month_start) AS g_month,
      GROUPING(awarding_subtier_agency_code) AS g_awarding,
      GROUPING(funding_subtier_agency_code) AS g_funding,
      GROUPING(pop_state_code) AS g_pop_state,
      GROUPING(pop_county_code) AS g_pop_county,
      GROUPING(pop_congressional_code_current) AS g_pop_district,
      GROUPING(recipient_location_state_code) AS g_rloc_state,
      GROUPING(recipient_location_county_code) AS g_rloc_county,
      GROUPING(recipient_location_congressional_code_current) AS g_rloc_district,
      GROUPING(naics_code) AS g_naics,
      GROUPING(product_or_service_code) AS g_psc,
      GROUPING(cfda_number) AS g_cfda,
      GROUPING(recipient_hash) AS g_recipient,
      month_start, fy_start, type, award_category,
      awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name, pop_congressional_code_current, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code, recipient_location_county_name, recipient_location_congressional_code_current, naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title, recipient_hash, recipient_levels, recipient_name,
      sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, count(*) AS row_count
  FROM (
    SELECT date_trunc('month', action_date)::date AS month_start, (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date AS fy_start, *
    FROM transaction_search
  ) AS t
  GROUP BY GROUPING SETS (
      (month_start, type, award_category),
      (fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation),
      (fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation),
      (fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name),
      (fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name),
      (fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current),
      (fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name),
      (fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name),
      (fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current),
      (fy_start, type, award_category, naics_code, naics_description),
      (fy_start, type, award_category, product_or_service_code, product_or_service_description),
      (fy_start, type, award_category, cfda_number, cfda_title),
      (fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name)
  );

  INSERT INTO search_summary_txn_month
  SELECT month_start, type, award_category, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_month = 0;
  INSERT INTO search_summary_txn_awarding_fy
  SELECT fy_start, type, award_category, awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code, awarding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_awarding = 0;
  INSERT INTO search_summary_txn_funding_fy
  SELECT fy_start, type, award_category, funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code, funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code, funding_subtier_agency_abbreviation, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_funding = 0;
  INSERT INTO search_summary_txn_pop_state_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_state = 0 AND g_pop_county = 1 AND g_pop_district = 1;
  INSERT INTO search_summary_txn_pop_county_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_county_code, pop_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_county = 0;
  INSERT INTO search_summary_txn_pop_district_fy
  SELECT fy_start, type, award_category, pop_country_code, pop_state_code, pop_state_fips, pop_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_pop_district = 0;
  INSERT INTO search_summary_txn_rloc_state_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_country_name, recipient_location_state_code, recipient_location_state_fips, recipient_location_state_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_state = 0 AND g_rloc_county = 1 AND g_rloc_district = 1;
  INSERT INTO search_summary_txn_rloc_county_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_county_code, recipient_location_county_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_county = 0;
  INSERT INTO search_summary_txn_rloc_district_fy
  SELECT fy_start, type, award_category, recipient_location_country_code, recipient_location_state_code, recipient_location_state_fips, recipient_location_congressional_code_current, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_rloc_district = 0;
  INSERT INTO search_summary_txn_naics_fy
  SELECT fy_start, type, award_category, naics_code, naics_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_naics = 0;
  INSERT INTO search_summary_txn_psc_fy
  SELECT fy_start, type, award_category, product_or_service_code, product_or_service_description, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_psc = 0;
  INSERT INTO search_summary_txn_cfda_fy
  SELECT fy_start, type, award_category, cfda_number, cfda_title, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_cfda = 0;
  INSERT INTO search_summary_txn_recipient_fy
  SELECT fy_start, type, award_category, recipient_hash, recipient_levels, recipient_name, generated_pragmatic_obligation, row_count FROM search_summary_txn_sets WHERE g_recipient = 0;

  INSERT INTO search_summary_award_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, (date_trunc('year', date_signed + interval '3 months') - interval '3 months')::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search GROUP BY 1, 2, 3, 4;

  ANALYZE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy,
    search_summary_award_fy, search_summary_award_month;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

-- Down Migration
DROP FUNCTION refresh_search_summaries();
DROP TABLE search_summary_txn_month, search_summary_txn_awarding_fy, search_summary_txn_funding_fy, search_summary_txn_pop_state_fy, search_summary_txn_pop_county_fy, search_summary_txn_pop_district_fy, search_summary_txn_rloc_state_fy, search_summary_txn_rloc_county_fy, search_summary_txn_rloc_district_fy, search_summary_txn_naics_fy, search_summary_txn_psc_fy, search_summary_txn_cfda_fy, search_summary_txn_recipient_fy, search_summary_award_fy, search_summary_award_month;
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Transactions per month x award type x awarding/funding agency: spending_over_time (all groupings),
-- the four agency categories and spending_by_transaction_count.
CREATE TABLE search_summary_txn_month (
  action_date                           date NOT NULL,   -- first day of the month
  type                                  text,
  award_category                        text,
  awarding_agency_id                    integer,
  awarding_toptier_agency_id            integer,
  awarding_toptier_agency_name          text,
  awarding_toptier_agency_code          text,
  awarding_toptier_agency_abbreviation  text,
  awarding_subtier_agency_name          text,
  awarding_subtier_agency_code          text,
  awarding_subtier_agency_abbreviation  text,
  funding_agency_id                     integer,
  funding_toptier_agency_id             integer,
  funding_toptier_agency_name           text,
  funding_toptier_agency_code           text,
  funding_toptier_agency_abbreviation   text,
  funding_subtier_agency_name           text,
  funding_subtier_agency_code           text,
  funding_subtier_agency_abbreviation   text,
  generated_pragmatic_obligation        numeric NOT NULL,
  federal_action_obligation             numeric,
  row_count                             bigint NOT NULL
);
CREATE INDEX search_summary_txn_month_date_idx ON search_summary_txn_month (action_date);

-- Awards per month of their latest action x month signed x award type x agency: spending_by_award_count
-- and award-level over_time / agency categories (the award time filter reads both dates).
CREATE TABLE search_summary_award_month (
  action_date                           date,            -- first day of the month
  date_signed                           date,            -- first day of the month
  type                                  text,
  category                              text,
  awarding_agency_id                    integer,
  awarding_toptier_agency_id            integer,
  awarding_toptier_agency_name          text,
  awarding_toptier_agency_code          text,
  awarding_toptier_agency_abbreviation  text,
  awarding_subtier_agency_name          text,
  awarding_subtier_agency_code          text,
  awarding_subtier_agency_abbreviation  text,
  funding_agency_id                     integer,
  funding_toptier_agency_id             integer,
  funding_toptier_agency_name           text,
  funding_toptier_agency_code           text,
  funding_toptier_agency_abbreviation   text,
  funding_subtier_agency_name           text,
  funding_subtier_agency_code           text,
  funding_subtier_agency_abbreviation   text,
  generated_pragmatic_obligation        numeric NOT NULL,
  total_outlays                         numeric,
  row_count                             bigint NOT NULL
);
CREATE INDEX search_summary_award_month_date_idx ON search_summary_award_month (action_date);

-- Transactions per fiscal year x award type x place of performance: spending_by_geography (scope
-- place_of_performance) and the country / county / district / state categories.
CREATE TABLE search_summary_txn_pop_fy (
  action_date                      date NOT NULL,        -- first day of the fiscal year (October 1)
  type                             text,
  award_category                   text,
  pop_country_code                 text,
  pop_country_name                 text,
  pop_state_code                   text,
  pop_state_fips                   text,
  pop_state_name                   text,
  pop_county_code                  text,
  pop_county_name                  text,
  pop_congressional_code_current   text,
  generated_pragmatic_obligation   numeric NOT NULL,
  row_count                        bigint NOT NULL
);
CREATE INDEX search_summary_txn_pop_fy_date_idx ON search_summary_txn_pop_fy (action_date);

-- The same per recipient location: spending_by_geography with scope recipient_location.
CREATE TABLE search_summary_txn_recipient_location_fy (
  action_date                                     date NOT NULL,
  type                                            text,
  award_category                                  text,
  recipient_location_country_code                 text,
  recipient_location_country_name                 text,
  recipient_location_state_code                   text,
  recipient_location_state_fips                   text,
  recipient_location_state_name                   text,
  recipient_location_county_code                  text,
  recipient_location_county_name                  text,
  recipient_location_congressional_code_current   text,
  generated_pragmatic_obligation                  numeric NOT NULL,
  row_count                                       bigint NOT NULL
);
CREATE INDEX search_summary_txn_recipient_location_fy_date_idx ON search_summary_txn_recipient_location_fy (action_date);

-- Transactions per fiscal year x award type x NAICS x PSC x assistance listing: the naics, psc and cfda
-- categories.
CREATE TABLE search_summary_txn_industry_fy (
  action_date                      date NOT NULL,
  type                             text,
  award_category                   text,
  naics_code                       text,
  naics_description                text,
  product_or_service_code          text,
  product_or_service_description   text,
  cfda_number                      text,
  cfda_title                       text,
  generated_pragmatic_obligation   numeric NOT NULL,
  row_count                        bigint NOT NULL
);
CREATE INDEX search_summary_txn_industry_fy_date_idx ON search_summary_txn_industry_fy (action_date);

-- Transactions per fiscal year x award type x recipient: the recipient categories.
CREATE TABLE search_summary_txn_recipient_fy (
  action_date                      date NOT NULL,
  type                             text,
  award_category                   text,
  recipient_hash                   uuid,
  recipient_levels                 text[],
  recipient_name                   text,
  generated_pragmatic_obligation   numeric NOT NULL,
  row_count                        bigint NOT NULL
);
CREATE INDEX search_summary_txn_recipient_fy_date_idx ON search_summary_txn_recipient_fy (action_date);

-- Rebuilds every summary from the base tables. Call it after loading or deriving award data (the
-- derive step does). SHARE locks wait for in-flight writes to commit and hold new ones off meanwhile, so
-- the recorded version describes exactly the rows summarised.
CREATE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
  started timestamptz := clock_timestamp();
BEGIN
  LOCK TABLE award_search, transaction_search IN SHARE MODE;
  SELECT last_value INTO version FROM search_base_version;

  TRUNCATE search_summary_txn_month, search_summary_award_month, search_summary_txn_pop_fy,
    search_summary_txn_recipient_location_fy, search_summary_txn_industry_fy, search_summary_txn_recipient_fy;

  INSERT INTO search_summary_txn_month
  SELECT date_trunc('month', action_date)::date, type, award_category,
         awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code,
         awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code,
         awarding_subtier_agency_abbreviation,
         funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code,
         funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code,
         funding_subtier_agency_abbreviation,
         sum(generated_pragmatic_obligation), sum(federal_action_obligation), count(*)
  FROM transaction_search
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19;

  INSERT INTO search_summary_award_month
  SELECT date_trunc('month', action_date)::date, date_trunc('month', date_signed)::date, type, category,
         awarding_agency_id, awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code,
         awarding_toptier_agency_abbreviation, awarding_subtier_agency_name, awarding_subtier_agency_code,
         awarding_subtier_agency_abbreviation,
         funding_agency_id, funding_toptier_agency_id, funding_toptier_agency_name, funding_toptier_agency_code,
         funding_toptier_agency_abbreviation, funding_subtier_agency_name, funding_subtier_agency_code,
         funding_subtier_agency_abbreviation,
         sum(generated_pragmatic_obligation), sum(total_outlays), count(*)
  FROM award_search
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20;

  INSERT INTO search_summary_txn_pop_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, type, award_category,
         pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code,
         pop_county_name, pop_congressional_code_current,
         sum(generated_pragmatic_obligation), count(*)
  FROM transaction_search
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;

  INSERT INTO search_summary_txn_recipient_location_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, type, award_category,
         recipient_location_country_code, recipient_location_country_name, recipient_location_state_code,
         recipient_location_state_fips, recipient_location_state_name, recipient_location_county_code,
         recipient_location_county_name, recipient_location_congressional_code_current,
         sum(generated_pragmatic_obligation), count(*)
  FROM transaction_search
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;

  INSERT INTO search_summary_txn_industry_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, type, award_category,
         naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title,
         sum(generated_pragmatic_obligation), count(*)
  FROM transaction_search
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

  INSERT INTO search_summary_txn_recipient_fy
  SELECT (date_trunc('year', action_date + interval '3 months') - interval '3 months')::date, type, award_category,
         recipient_hash, recipient_levels, recipient_name,
         sum(generated_pragmatic_obligation), count(*)
  FROM transaction_search
  GROUP BY 1, 2, 3, 4, 5, 6;

  ANALYZE search_summary_txn_month, search_summary_award_month, search_summary_txn_pop_fy,
    search_summary_txn_recipient_location_fy, search_summary_txn_industry_fy, search_summary_txn_recipient_fy;

  UPDATE search_summary_state
  SET base_version = version, refreshed_at = clock_timestamp(),
      seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

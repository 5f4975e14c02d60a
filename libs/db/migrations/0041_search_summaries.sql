-- Up Migration
-- Pre-aggregated summaries of the search tables, read by the search planner (apps/search/src/planner)
-- when a request's filters and grouping only touch columns a summary keeps.
--
-- Shape rule: a summary keeps the base table's column names. Date columns hold the first day of their
-- month (or fiscal year), so a time filter whose bounds fall on month (fiscal year) boundaries selects
-- exactly the same base rows through the summary; measures hold per-group sums under the base column
-- name, so `sum(x)` over a summary equals `sum(x)` over the base rows, and `row_count` replaces count(*).
-- The planner therefore runs the same SQL against either table.
--
-- Freshness: every write statement on award_search / transaction_search bumps the sequence
-- search_base_version (a statement trigger; nextval never blocks nor rolls back). refresh_search_summaries()
-- records the version it was built from; the planner only reads summaries whose recorded version equals
-- the sequence's current value, so stale summaries are never used.

CREATE SEQUENCE search_base_version;

CREATE TABLE search_summary_state (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  base_version  bigint,          -- search_base_version.last_value the summaries were built from; NULL = never
  refreshed_at  timestamptz,
  seconds       numeric(10, 1)
);
INSERT INTO search_summary_state DEFAULT VALUES;

CREATE FUNCTION search_base_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_base_version');
  RETURN NULL;
END
$$;

CREATE TRIGGER award_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON award_search
  FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();
CREATE TRIGGER transaction_search_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transaction_search
  FOR EACH STATEMENT EXECUTE FUNCTION search_base_changed();

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

-- Down Migration
DROP FUNCTION refresh_search_summaries();
DROP TABLE search_summary_txn_recipient_fy, search_summary_txn_industry_fy, search_summary_txn_recipient_location_fy,
  search_summary_txn_pop_fy, search_summary_award_month, search_summary_txn_month;
DROP TRIGGER transaction_search_changed ON transaction_search;
DROP TRIGGER award_search_changed ON award_search;
DROP FUNCTION search_base_changed();
DROP TABLE search_summary_state;
DROP SEQUENCE search_base_version;

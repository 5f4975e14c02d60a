-- Up Migration
-- State profiles (apps/profile: recipient/state/{fips}/ and recipient/state/awards/{fips}/) count the distinct
-- awards with transactions performed in one state in a period, which no summary keeps. This index lets them read
-- that state's transactions in the period instead of scanning transaction_search (demo scale, Virginia, year=all:
-- 0.76 s before, 0.09 s after; at bench scale the scan it replaces reads about 10M rows).
CREATE INDEX transaction_search_pop_state_idx ON transaction_search (pop_state_code, action_date)
  WHERE pop_country_code = 'USA';

-- Down Migration
DROP INDEX IF EXISTS transaction_search_pop_state_idx;

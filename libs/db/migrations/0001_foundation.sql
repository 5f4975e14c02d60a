-- Up Migration
-- Foundation: reference tables of the first vertical slice and the filter-hash store.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Bookkeeping of reference-data loads: one row per table group, so reloading identical files is a no-op.
CREATE TABLE reference_data_load (
  group_name  text PRIMARY KEY,
  source      text NOT NULL,           -- 'files:<dir>' or 'generated'
  checksum    text NOT NULL,           -- sha256 over the source content
  row_count   integer NOT NULL,
  loaded_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE disaster_emergency_fund_code (
  code                               text PRIMARY KEY,
  public_law                         text NOT NULL,
  title                              text,
  group_name                         text CHECK (group_name IN ('covid_19', 'infrastructure')),
  urls                               text,  -- '|'-separated, as upstream stores them
  earliest_public_law_enactment_date date
);

CREATE TABLE budget_function (
  budget_function_code  text PRIMARY KEY,
  budget_function_title text NOT NULL
);

CREATE TABLE budget_subfunction (
  budget_subfunction_code  text PRIMARY KEY,
  budget_subfunction_title text NOT NULL,
  budget_function_code     text NOT NULL REFERENCES budget_function (budget_function_code)
);
CREATE INDEX budget_subfunction_function_idx ON budget_subfunction (budget_function_code);

-- Stored advanced-search filter sets. `filter` keeps the request exactly as sent (json, not jsonb).
CREATE TABLE filter_hash (
  hash       text PRIMARY KEY,
  filter     json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE filter_hash;
DROP TABLE budget_subfunction;
DROP TABLE budget_function;
DROP TABLE disaster_emergency_fund_code;
DROP TABLE reference_data_load;

-- Up Migration
-- Award data loading (tools/datagen, tools/loader awards): id sequences for imported rows, natural key and
-- spare download columns of subawards, spare columns of imported award summaries, a record of every award
-- data build, and a holding table for index definitions dropped around bulk loads.

-- Imported rows take new ids from these; the generator moves them past the ids it writes.
CREATE SEQUENCE award_search_award_id_seq OWNED BY award_search.award_id;
ALTER TABLE award_search ALTER COLUMN award_id SET DEFAULT nextval('award_search_award_id_seq');
CREATE SEQUENCE transaction_search_transaction_id_seq OWNED BY transaction_search.transaction_id;
ALTER TABLE transaction_search ALTER COLUMN transaction_id SET DEFAULT nextval('transaction_search_transaction_id_seq');
CREATE SEQUENCE subaward_search_broker_subaward_id_seq OWNED BY subaward_search.broker_subaward_id;
ALTER TABLE subaward_search ALTER COLUMN broker_subaward_id SET DEFAULT nextval('subaward_search_broker_subaward_id_seq');

-- Download columns of an imported prime award summary file that have no typed column, keyed by download
-- column name (award.d1 / award.d2). Generated awards leave it null: their details live on the transactions.
ALTER TABLE award_search ADD COLUMN detail jsonb;

-- subaward_key = '<prime unique_award_key>|<subaward_number>|<SAM report id>': the natural key an import
-- upserts on. detail holds the subaward download columns (subaward_search.d1 / .d2) without a typed column.
ALTER TABLE subaward_search
  ADD COLUMN subaward_key text,
  ADD COLUMN detail jsonb;
CREATE UNIQUE INDEX subaward_search_subaward_key_idx ON subaward_search (subaward_key);

-- Business categories seen on the recipient's awards (names such as small_business, nonprofit).
ALTER TABLE recipient_lookup ADD COLUMN business_categories text[];

-- One row per award data build: a generated dataset or an imported set of files.
CREATE TABLE award_data_load (
  id          serial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('generated', 'imported')),
  source      text NOT NULL,          -- 'datagen scale=<scale> seed=<seed>' or the file names
  as_of       date NOT NULL,          -- the generator's "today", or the import date
  row_counts  jsonb NOT NULL,         -- {table: rows}
  seconds     numeric(10, 1),
  loaded_at   timestamptz NOT NULL DEFAULT now()
);

-- Index and constraint definitions dropped for a bulk load and not yet rebuilt. Dropping writes here in the
-- same transaction, so an interrupted load is repaired by the next one (tools/datagen bulk-indexes.ts).
CREATE TABLE bulk_load_dropped_index (
  table_name    text NOT NULL,
  index_name    text NOT NULL,
  is_constraint boolean NOT NULL,
  definition    text NOT NULL,        -- CREATE INDEX statement, or the constraint definition
  PRIMARY KEY (table_name, index_name)
);

-- Down Migration
DROP TABLE bulk_load_dropped_index;
DROP TABLE award_data_load;
ALTER TABLE recipient_lookup DROP COLUMN business_categories;
DROP INDEX subaward_search_subaward_key_idx;
ALTER TABLE subaward_search DROP COLUMN detail, DROP COLUMN subaward_key;
ALTER TABLE award_search DROP COLUMN detail;
ALTER TABLE subaward_search ALTER COLUMN broker_subaward_id DROP DEFAULT;
ALTER TABLE transaction_search ALTER COLUMN transaction_id DROP DEFAULT;
ALTER TABLE award_search ALTER COLUMN award_id DROP DEFAULT;
DROP SEQUENCE subaward_search_broker_subaward_id_seq, transaction_search_transaction_id_seq, award_search_award_id_seq;

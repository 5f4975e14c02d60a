-- Up Migration
-- A narrow transaction_search. Its `detail` JSON (the download columns without a typed column: ~390 of a row's
-- ~1,640 bytes at bench scale, stored inline because the rows stay under the 2 kB toast threshold) moves to a
-- table of its own, keyed by transaction id. Every filter, aggregation, summary refresh and index build scans
-- transaction_search; only downloads and the award page's latest transaction read `detail`, one row at a time
-- by key. No foreign key: the bulk load drops transaction_search's primary key, which a foreign key would pin.
-- Deleting transactions removes their details (the statement trigger below, functions/transaction_detail_rows_deleted.sql).
-- A TRUNCATE of transaction_search names transaction_detail too: a trigger cannot do it for it, because the
-- generator fills each table in a transaction of its own that begins with its TRUNCATE (COPY FREEZE), and a
-- trigger on one table that touched the other would wait for the other's transaction to end.

CREATE TABLE transaction_detail (
  transaction_id bigint PRIMARY KEY,
  detail jsonb NOT NULL
);
-- (as on the search tables: a detail too long to stay inline is moved out uncompressed)
ALTER TABLE transaction_detail ALTER COLUMN detail SET STORAGE EXTERNAL;

INSERT INTO transaction_detail (transaction_id, detail)
SELECT transaction_id, detail FROM transaction_search WHERE detail IS NOT NULL;

ALTER TABLE transaction_search DROP COLUMN detail;

CREATE TRIGGER transaction_search_detail_rows_deleted AFTER DELETE ON transaction_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_detail_rows_deleted();

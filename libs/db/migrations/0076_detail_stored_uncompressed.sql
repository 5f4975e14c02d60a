-- Up Migration
-- The `detail` JSON of transactions, awards and subawards (the download columns no other column holds) is
-- stored out of line without compression. A value is about 1 KB of distinct field values: pglz must save a
-- quarter to keep its result, and on the demo dataset it kept it for 3.5% of the transactions. Trying
-- cost CPU on every row written, about 1 s of the 5 s the importer spends writing 114k contract
-- transactions. Storage stays as it was (out of line once a row passes the TOAST threshold), so scans that
-- do not read `detail` are unaffected. Only new values are stored this way: nothing is rewritten here.
ALTER TABLE transaction_search ALTER COLUMN detail SET STORAGE EXTERNAL;
ALTER TABLE award_search ALTER COLUMN detail SET STORAGE EXTERNAL;
ALTER TABLE subaward_search ALTER COLUMN detail SET STORAGE EXTERNAL;

-- Down Migration
ALTER TABLE transaction_search ALTER COLUMN detail SET STORAGE EXTENDED;
ALTER TABLE award_search ALTER COLUMN detail SET STORAGE EXTENDED;
ALTER TABLE subaward_search ALTER COLUMN detail SET STORAGE EXTENDED;

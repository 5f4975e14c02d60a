-- Up Migration
-- Re-imports pass over what has not changed, and imports whose derive never ran are derived later.
--
-- source_digest: the importer's fingerprint of the file row a transaction was last written from: a 64-bit
-- hash (hashtextextended) of the row's values, seeded with a hash of the file's column layout, the
-- importer's mapping of that layout, and the checksums of the reference data loaded (agencies and offices
-- are looked up). It is only ever compared with the fingerprint of the same transaction's row in a later
-- file. NULL for rows written any other way (the data generator). A transaction file's award whose rows
-- all carry the fingerprint they would get again is left as it is: nothing of it is mapped, written or
-- derived again.
ALTER TABLE transaction_search ADD COLUMN source_digest bigint;

-- Awards an import wrote whose derive has not finished. Written in the file's transaction and emptied once
-- the derive of those awards is done, so that an import cut off between the two (a killed process, a
-- failed derive) has them derived by the next import, even when that import changes nothing.
CREATE TABLE award_derive_pending (
  award_id bigint PRIMARY KEY
);

-- Down Migration
DROP TABLE award_derive_pending;
ALTER TABLE transaction_search DROP COLUMN source_digest;

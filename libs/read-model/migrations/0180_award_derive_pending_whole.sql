-- Up Migration
-- An award the importer created from a transaction file that held all its transactions (it did not exist before
-- the file) is written with the values the award-level derive steps would give it: its rollups, keyword text,
-- File C columns and their copies on its transactions. `whole` marks such awards in the pending list, so that
-- the scoped derive passes them over in those steps (derive_award_rollups, derive_award_keyword_text,
-- derive_award_file_c, derive_search_file_c) and derives only what other writes may have changed (links,
-- subawards, recipients, parent_award). Any other write of the award clears the mark.
ALTER TABLE award_derive_pending ADD COLUMN whole boolean NOT NULL DEFAULT false;

-- Up Migration
-- Trigram indexes for the text filters of the search endpoints. libs/filters compiles `keywords` into one
-- OR of `column ILIKE 'kw%'` (identifier columns) and `column ILIKE '%kw%'` (names and descriptions) over
-- every searched column, `recipient_search_text` into substring matches on the recipient (and parent)
-- names plus equality on UEI/DUNS, `description` and subaward `program_numbers` into substring matches.
-- PostgreSQL serves such an OR with a BitmapOr only when every branch has an index, so each searched
-- column gets a pg_trgm GIN index (which also serves `=` and prefix matches). Keywords shorter than three
-- characters cannot use trigrams and fall back to a scan.

-- award_search
CREATE INDEX as_piid_trgm_idx ON award_search USING gin (piid gin_trgm_ops);
CREATE INDEX as_fain_trgm_idx ON award_search USING gin (fain gin_trgm_ops);
CREATE INDEX as_uri_trgm_idx ON award_search USING gin (uri gin_trgm_ops);
CREATE INDEX as_display_award_id_trgm_idx ON award_search USING gin (display_award_id gin_trgm_ops);
CREATE INDEX as_recipient_uei_trgm_idx ON award_search USING gin (recipient_uei gin_trgm_ops);
CREATE INDEX as_recipient_unique_id_trgm_idx ON award_search USING gin (recipient_unique_id gin_trgm_ops);
CREATE INDEX as_parent_uei_trgm_idx ON award_search USING gin (parent_uei gin_trgm_ops);
CREATE INDEX as_parent_recipient_unique_id_trgm_idx ON award_search USING gin (parent_recipient_unique_id gin_trgm_ops);
CREATE INDEX as_naics_code_trgm_idx ON award_search USING gin (naics_code gin_trgm_ops);
CREATE INDEX as_product_or_service_code_trgm_idx ON award_search USING gin (product_or_service_code gin_trgm_ops);
CREATE INDEX as_recipient_name_trgm_idx ON award_search USING gin (recipient_name gin_trgm_ops);
CREATE INDEX as_parent_recipient_name_trgm_idx ON award_search USING gin (parent_recipient_name gin_trgm_ops);
CREATE INDEX as_description_trgm_idx ON award_search USING gin (description gin_trgm_ops);
CREATE INDEX as_naics_description_trgm_idx ON award_search USING gin (naics_description gin_trgm_ops);
CREATE INDEX as_product_or_service_description_trgm_idx ON award_search USING gin (product_or_service_description gin_trgm_ops);

-- transaction_search
CREATE INDEX ts_piid_trgm_idx ON transaction_search USING gin (piid gin_trgm_ops);
CREATE INDEX ts_fain_trgm_idx ON transaction_search USING gin (fain gin_trgm_ops);
CREATE INDEX ts_uri_trgm_idx ON transaction_search USING gin (uri gin_trgm_ops);
CREATE INDEX ts_display_award_id_trgm_idx ON transaction_search USING gin (display_award_id gin_trgm_ops);
CREATE INDEX ts_recipient_uei_trgm_idx ON transaction_search USING gin (recipient_uei gin_trgm_ops);
CREATE INDEX ts_recipient_unique_id_trgm_idx ON transaction_search USING gin (recipient_unique_id gin_trgm_ops);
CREATE INDEX ts_parent_uei_trgm_idx ON transaction_search USING gin (parent_uei gin_trgm_ops);
CREATE INDEX ts_parent_recipient_unique_id_trgm_idx ON transaction_search USING gin (parent_recipient_unique_id gin_trgm_ops);
CREATE INDEX ts_naics_code_trgm_idx ON transaction_search USING gin (naics_code gin_trgm_ops);
CREATE INDEX ts_product_or_service_code_trgm_idx ON transaction_search USING gin (product_or_service_code gin_trgm_ops);
CREATE INDEX ts_recipient_name_trgm_idx ON transaction_search USING gin (recipient_name gin_trgm_ops);
CREATE INDEX ts_parent_recipient_name_trgm_idx ON transaction_search USING gin (parent_recipient_name gin_trgm_ops);
CREATE INDEX ts_transaction_description_trgm_idx ON transaction_search USING gin (transaction_description gin_trgm_ops);
CREATE INDEX ts_naics_description_trgm_idx ON transaction_search USING gin (naics_description gin_trgm_ops);
CREATE INDEX ts_product_or_service_description_trgm_idx ON transaction_search USING gin (product_or_service_description gin_trgm_ops);

-- subaward_search
CREATE INDEX ss_subaward_number_trgm_idx ON subaward_search USING gin (subaward_number gin_trgm_ops);
CREATE INDEX ss_award_piid_fain_trgm_idx ON subaward_search USING gin (award_piid_fain gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_uei_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_uei gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_uniqu_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_uniqu gin_trgm_ops);
CREATE INDEX ss_sub_ultimate_parent_uei_trgm_idx ON subaward_search USING gin (sub_ultimate_parent_uei gin_trgm_ops);
CREATE INDEX ss_naics_code_trgm_idx ON subaward_search USING gin (naics_code gin_trgm_ops);
CREATE INDEX ss_product_or_service_code_trgm_idx ON subaward_search USING gin (product_or_service_code gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_legal_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_legal gin_trgm_ops);
CREATE INDEX ss_sub_ultimate_parent_legal_enti_trgm_idx ON subaward_search USING gin (sub_ultimate_parent_legal_enti gin_trgm_ops);
CREATE INDEX ss_subaward_description_trgm_idx ON subaward_search USING gin (subaward_description gin_trgm_ops);
CREATE INDEX ss_naics_description_trgm_idx ON subaward_search USING gin (naics_description gin_trgm_ops);
CREATE INDEX ss_product_or_service_description_trgm_idx ON subaward_search USING gin (product_or_service_description gin_trgm_ops);
CREATE INDEX ss_cfda_numbers_trgm_idx ON subaward_search USING gin (cfda_numbers gin_trgm_ops);

-- Down Migration
DROP INDEX as_piid_trgm_idx;
DROP INDEX as_fain_trgm_idx;
DROP INDEX as_uri_trgm_idx;
DROP INDEX as_display_award_id_trgm_idx;
DROP INDEX as_recipient_uei_trgm_idx;
DROP INDEX as_recipient_unique_id_trgm_idx;
DROP INDEX as_parent_uei_trgm_idx;
DROP INDEX as_parent_recipient_unique_id_trgm_idx;
DROP INDEX as_naics_code_trgm_idx;
DROP INDEX as_product_or_service_code_trgm_idx;
DROP INDEX as_recipient_name_trgm_idx;
DROP INDEX as_parent_recipient_name_trgm_idx;
DROP INDEX as_description_trgm_idx;
DROP INDEX as_naics_description_trgm_idx;
DROP INDEX as_product_or_service_description_trgm_idx;
DROP INDEX ts_piid_trgm_idx;
DROP INDEX ts_fain_trgm_idx;
DROP INDEX ts_uri_trgm_idx;
DROP INDEX ts_display_award_id_trgm_idx;
DROP INDEX ts_recipient_uei_trgm_idx;
DROP INDEX ts_recipient_unique_id_trgm_idx;
DROP INDEX ts_parent_uei_trgm_idx;
DROP INDEX ts_parent_recipient_unique_id_trgm_idx;
DROP INDEX ts_naics_code_trgm_idx;
DROP INDEX ts_product_or_service_code_trgm_idx;
DROP INDEX ts_recipient_name_trgm_idx;
DROP INDEX ts_parent_recipient_name_trgm_idx;
DROP INDEX ts_transaction_description_trgm_idx;
DROP INDEX ts_naics_description_trgm_idx;
DROP INDEX ts_product_or_service_description_trgm_idx;
DROP INDEX ss_subaward_number_trgm_idx;
DROP INDEX ss_award_piid_fain_trgm_idx;
DROP INDEX ss_sub_awardee_or_recipient_uei_trgm_idx;
DROP INDEX ss_sub_awardee_or_recipient_uniqu_trgm_idx;
DROP INDEX ss_sub_ultimate_parent_uei_trgm_idx;
DROP INDEX ss_naics_code_trgm_idx;
DROP INDEX ss_product_or_service_code_trgm_idx;
DROP INDEX ss_sub_awardee_or_recipient_legal_trgm_idx;
DROP INDEX ss_sub_ultimate_parent_legal_enti_trgm_idx;
DROP INDEX ss_subaward_description_trgm_idx;
DROP INDEX ss_naics_description_trgm_idx;
DROP INDEX ss_product_or_service_description_trgm_idx;
DROP INDEX ss_cfda_numbers_trgm_idx;

-- Up Migration
-- One trigram index per prime table instead of fifteen (0042). Building fifteen pg_trgm GIN indexes on
-- transaction_search dominated the bulk index rebuild (26-91 s each at bench scale), and every one of them
-- rescanned the heap. The text filters of libs/filters (`keywords`, `recipient_search_text`, `description`)
-- now AND their exact per-column conditions with a substring match on a "keyword document": every searched
-- column joined with a unit separator (U+001F). Any row whose column contains a term also has the term in
-- its document, so the extra condition never removes a match; it only lets one GIN index (a bitmap scan)
-- find the candidate rows, which the per-column conditions then recheck exactly.
-- The document is an index expression over an immutable, inlinable SQL function (no stored column: adding
-- a generated column would rewrite the 10M-row table). Queries must call the function with the same
-- columns in the same order (LevelColumns.keywordDocument in libs/filters) for the index to match.

CREATE FUNCTION search_keyword_document(
  piid text, fain text, uri text, display_award_id text,
  recipient_uei text, recipient_unique_id text, parent_uei text, parent_recipient_unique_id text,
  naics_code text, product_or_service_code text,
  recipient_name text, parent_recipient_name text, description text,
  naics_description text, product_or_service_description text
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(piid, '') || E'\x1f' || coalesce(fain, '') || E'\x1f' || coalesce(uri, '') || E'\x1f'
  || coalesce(display_award_id, '') || E'\x1f' || coalesce(recipient_uei, '') || E'\x1f'
  || coalesce(recipient_unique_id, '') || E'\x1f' || coalesce(parent_uei, '') || E'\x1f'
  || coalesce(parent_recipient_unique_id, '') || E'\x1f' || coalesce(naics_code, '') || E'\x1f'
  || coalesce(product_or_service_code, '') || E'\x1f' || coalesce(recipient_name, '') || E'\x1f'
  || coalesce(parent_recipient_name, '') || E'\x1f' || coalesce(description, '') || E'\x1f'
  || coalesce(naics_description, '') || E'\x1f' || coalesce(product_or_service_description, '');

CREATE INDEX award_search_keyword_document_trgm_idx ON award_search USING gin (search_keyword_document(
  piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  naics_code, product_or_service_code, recipient_name, parent_recipient_name, description,
  naics_description, product_or_service_description) gin_trgm_ops);

CREATE INDEX transaction_search_keyword_document_trgm_idx ON transaction_search USING gin (search_keyword_document(
  piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  naics_code, product_or_service_code, recipient_name, parent_recipient_name, transaction_description,
  naics_description, product_or_service_description) gin_trgm_ops);

-- The per-column trigram indexes of 0042 on the two prime tables are now unused (subaward_search keeps its own).
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

-- Down Migration
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
DROP INDEX transaction_search_keyword_document_trgm_idx;
DROP INDEX award_search_keyword_document_trgm_idx;
DROP FUNCTION search_keyword_document(text, text, text, text, text, text, text, text, text, text, text, text, text, text, text);

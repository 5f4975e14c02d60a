-- Up Migration
-- subaward_search gets the one-index keyword document of 0045 instead of thirteen per-column trigram
-- indexes (0042). Rebuilding those after a bulk load took most of the subaward index time, each one a
-- full heap scan. The text filters on subawards (keywords, description, recipient_search_text and the
-- partial award_ids) AND their exact per-column conditions with a substring match on the document, which
-- holds every column they search (libs/filters LevelColumns.keywordDocument, same columns, same order).

CREATE FUNCTION subaward_keyword_document(
  subaward_number text, award_piid_fain text,
  sub_awardee_or_recipient_uei text, sub_awardee_or_recipient_uniqu text, sub_ultimate_parent_uei text,
  naics_code text, product_or_service_code text,
  sub_awardee_or_recipient_legal text, sub_ultimate_parent_legal_enti text, subaward_description text,
  naics_description text, product_or_service_description text
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(subaward_number, '') || E'\x1f' || coalesce(award_piid_fain, '') || E'\x1f'
  || coalesce(sub_awardee_or_recipient_uei, '') || E'\x1f' || coalesce(sub_awardee_or_recipient_uniqu, '') || E'\x1f'
  || coalesce(sub_ultimate_parent_uei, '') || E'\x1f' || coalesce(naics_code, '') || E'\x1f'
  || coalesce(product_or_service_code, '') || E'\x1f' || coalesce(sub_awardee_or_recipient_legal, '') || E'\x1f'
  || coalesce(sub_ultimate_parent_legal_enti, '') || E'\x1f' || coalesce(subaward_description, '') || E'\x1f'
  || coalesce(naics_description, '') || E'\x1f' || coalesce(product_or_service_description, '');

CREATE INDEX subaward_search_keyword_document_trgm_idx ON subaward_search USING gin (subaward_keyword_document(
  subaward_number, award_piid_fain, sub_awardee_or_recipient_uei, sub_awardee_or_recipient_uniqu, sub_ultimate_parent_uei,
  naics_code, product_or_service_code, sub_awardee_or_recipient_legal, sub_ultimate_parent_legal_enti, subaward_description,
  naics_description, product_or_service_description) gin_trgm_ops);

-- ss_cfda_numbers_trgm_idx stays (program_numbers on subawards). IF EXISTS and the bookkeeping rows: a bulk load may have dropped them and not rebuilt them yet.
DROP INDEX IF EXISTS ss_award_piid_fain_trgm_idx, ss_naics_code_trgm_idx, ss_naics_description_trgm_idx,
  ss_product_or_service_code_trgm_idx, ss_product_or_service_description_trgm_idx, ss_sub_awardee_or_recipient_legal_trgm_idx,
  ss_sub_awardee_or_recipient_uei_trgm_idx, ss_sub_awardee_or_recipient_uniqu_trgm_idx, ss_sub_ultimate_parent_legal_enti_trgm_idx,
  ss_sub_ultimate_parent_uei_trgm_idx, ss_subaward_description_trgm_idx, ss_subaward_number_trgm_idx;
DELETE FROM bulk_load_dropped_index WHERE table_name = 'subaward_search' AND index_name IN (
  'ss_award_piid_fain_trgm_idx', 'ss_naics_code_trgm_idx', 'ss_naics_description_trgm_idx',
  'ss_product_or_service_code_trgm_idx', 'ss_product_or_service_description_trgm_idx', 'ss_sub_awardee_or_recipient_legal_trgm_idx',
  'ss_sub_awardee_or_recipient_uei_trgm_idx', 'ss_sub_awardee_or_recipient_uniqu_trgm_idx', 'ss_sub_ultimate_parent_legal_enti_trgm_idx',
  'ss_sub_ultimate_parent_uei_trgm_idx', 'ss_subaward_description_trgm_idx', 'ss_subaward_number_trgm_idx');

-- Down Migration
DROP INDEX subaward_search_keyword_document_trgm_idx;
DROP FUNCTION subaward_keyword_document(text, text, text, text, text, text, text, text, text, text, text, text);
CREATE INDEX ss_award_piid_fain_trgm_idx ON subaward_search USING gin (award_piid_fain gin_trgm_ops);
CREATE INDEX ss_naics_code_trgm_idx ON subaward_search USING gin (naics_code gin_trgm_ops);
CREATE INDEX ss_naics_description_trgm_idx ON subaward_search USING gin (naics_description gin_trgm_ops);
CREATE INDEX ss_product_or_service_code_trgm_idx ON subaward_search USING gin (product_or_service_code gin_trgm_ops);
CREATE INDEX ss_product_or_service_description_trgm_idx ON subaward_search USING gin (product_or_service_description gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_legal_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_legal gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_uei_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_uei gin_trgm_ops);
CREATE INDEX ss_sub_awardee_or_recipient_uniqu_trgm_idx ON subaward_search USING gin (sub_awardee_or_recipient_uniqu gin_trgm_ops);
CREATE INDEX ss_sub_ultimate_parent_legal_enti_trgm_idx ON subaward_search USING gin (sub_ultimate_parent_legal_enti gin_trgm_ops);
CREATE INDEX ss_sub_ultimate_parent_uei_trgm_idx ON subaward_search USING gin (sub_ultimate_parent_uei gin_trgm_ops);
CREATE INDEX ss_subaward_description_trgm_idx ON subaward_search USING gin (subaward_description gin_trgm_ops);
CREATE INDEX ss_subaward_number_trgm_idx ON subaward_search USING gin (subaward_number gin_trgm_ops);

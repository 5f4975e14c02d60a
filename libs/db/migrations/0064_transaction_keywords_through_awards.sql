-- Up Migration
-- Transactions are text-searched through their award's keyword document; transaction_search loses its
-- own trigram index. That index (0045) was the costliest build of the data build by far (about 570 s of
-- CPU at bench scale, 10M rows) and most of an import's index rebuild, for text that is nearly all the
-- award's: a transaction repeats its award's ids, recipient, NAICS and PSC, and differs in its own
-- description (modifications) and, in imported data, sometimes in a value that changed over the award's
-- life.
--
-- award_search.transaction_keyword_text holds exactly that difference: the distinct non-blank values of
-- the award's transactions' searched columns that are not among the award's own searched values, sorted
-- byte-wise and joined with the unit separator (NULL when there are none). The award document
-- (search_award_keyword_document) is the 0045 document plus that text, so it contains every value any of
-- the award's transactions has in a searched column. A transaction filter ANDs its exact per-column
-- conditions with "its award's document matches" (libs/filters, KeywordDocument.viaAward): the extra
-- condition never removes a matching transaction, and one GIN index on award_search finds the candidates.
-- derive_award_keyword_text keeps the column right after imports; the generator writes it itself.

ALTER TABLE award_search ADD COLUMN transaction_keyword_text text;

CREATE FUNCTION search_award_keyword_document(
  piid text, fain text, uri text, display_award_id text,
  recipient_uei text, recipient_unique_id text, parent_uei text, parent_recipient_unique_id text,
  naics_code text, product_or_service_code text,
  recipient_name text, parent_recipient_name text, description text,
  naics_description text, product_or_service_description text, transaction_keyword_text text
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(piid, '') || E'\x1f' || coalesce(fain, '') || E'\x1f' || coalesce(uri, '') || E'\x1f'
  || coalesce(display_award_id, '') || E'\x1f' || coalesce(recipient_uei, '') || E'\x1f'
  || coalesce(recipient_unique_id, '') || E'\x1f' || coalesce(parent_uei, '') || E'\x1f'
  || coalesce(parent_recipient_unique_id, '') || E'\x1f' || coalesce(naics_code, '') || E'\x1f'
  || coalesce(product_or_service_code, '') || E'\x1f' || coalesce(recipient_name, '') || E'\x1f'
  || coalesce(parent_recipient_name, '') || E'\x1f' || coalesce(description, '') || E'\x1f'
  || coalesce(naics_description, '') || E'\x1f' || coalesce(product_or_service_description, '') || E'\x1f'
  || coalesce(transaction_keyword_text, '');

-- The transaction values an award's document must add (see above), for the awards in derive_scope when
-- `scoped`, else for all. Guarded: rows already right are not rewritten.
CREATE FUNCTION derive_award_keyword_text(scoped boolean DEFAULT false) RETURNS bigint
LANGUAGE plpgsql SET work_mem = '512MB' AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  UPDATE award_search a SET transaction_keyword_text = w.text
  FROM (
    SELECT a.award_id, (
      SELECT string_agg(DISTINCT x.v COLLATE "C", E'\x1f' ORDER BY x.v COLLATE "C")
      FROM transaction_search t
      CROSS JOIN LATERAL unnest(ARRAY[t.piid, t.fain, t.uri, t.display_award_id, t.recipient_uei, t.recipient_unique_id, t.parent_uei,
        t.parent_recipient_unique_id, t.naics_code, t.product_or_service_code, t.recipient_name, t.parent_recipient_name,
        t.transaction_description, t.naics_description, t.product_or_service_description]) AS x(v)
      WHERE t.award_id = a.award_id AND x.v <> ''
        AND x.v <> ALL (ARRAY[coalesce(a.piid, ''), coalesce(a.fain, ''), coalesce(a.uri, ''), coalesce(a.display_award_id, ''),
          coalesce(a.recipient_uei, ''), coalesce(a.recipient_unique_id, ''), coalesce(a.parent_uei, ''),
          coalesce(a.parent_recipient_unique_id, ''), coalesce(a.naics_code, ''), coalesce(a.product_or_service_code, ''),
          coalesce(a.recipient_name, ''), coalesce(a.parent_recipient_name, ''), coalesce(a.description, ''),
          coalesce(a.naics_description, ''), coalesce(a.product_or_service_description, '')])
    ) AS text
    FROM award_search a
    WHERE NOT scoped OR a.award_id IN (SELECT award_id FROM derive_scope)
  ) AS w
  WHERE a.award_id = w.award_id AND a.transaction_keyword_text IS DISTINCT FROM w.text;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

-- The derive steps of 0021, with the keyword text after the rollups (which set the award's own values).
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_keyword_text', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
      WHEN 'award_keyword_text' THEN derive_award_keyword_text(scoped)
      WHEN 'award_file_c' THEN derive_award_file_c(scoped, as_of)
      WHEN 'search_file_c' THEN derive_search_file_c(scoped)
      WHEN 'award_subawards' THEN derive_award_subawards(scoped)
      WHEN 'recipients' THEN derive_recipients(as_of)
      ELSE derive_parent_award() END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $$;

-- Existing data: derive the column for every award.
SELECT derive_award_keyword_text(false);

-- IF EXISTS and the bookkeeping rows: a bulk load may have dropped the old indexes and not rebuilt them yet.
DROP INDEX IF EXISTS transaction_search_keyword_document_trgm_idx, award_search_keyword_document_trgm_idx;
DELETE FROM bulk_load_dropped_index
WHERE (table_name, index_name) IN (('transaction_search', 'transaction_search_keyword_document_trgm_idx'), ('award_search', 'award_search_keyword_document_trgm_idx'));

CREATE INDEX award_search_keyword_document_trgm_idx ON award_search USING gin (search_award_keyword_document(
  piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  naics_code, product_or_service_code, recipient_name, parent_recipient_name, description,
  naics_description, product_or_service_description, transaction_keyword_text) gin_trgm_ops);

-- Down Migration
DROP INDEX IF EXISTS award_search_keyword_document_trgm_idx;
CREATE INDEX award_search_keyword_document_trgm_idx ON award_search USING gin (search_keyword_document(
  piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  naics_code, product_or_service_code, recipient_name, parent_recipient_name, description,
  naics_description, product_or_service_description) gin_trgm_ops);
CREATE INDEX transaction_search_keyword_document_trgm_idx ON transaction_search USING gin (search_keyword_document(
  piid, fain, uri, display_award_id, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id,
  naics_code, product_or_service_code, recipient_name, parent_recipient_name, transaction_description,
  naics_description, product_or_service_description) gin_trgm_ops);
CREATE OR REPLACE FUNCTION derive_award_data(scoped boolean DEFAULT false, as_of date DEFAULT current_date)
RETURNS TABLE (step text, changed bigint, seconds numeric)
LANGUAGE plpgsql AS $$
DECLARE
  started timestamptz;
  steps text[] := ARRAY['award_links', 'award_rollups', 'award_file_c', 'search_file_c', 'award_subawards', 'recipients', 'parent_award'];
  s text;
  n bigint;
BEGIN
  FOREACH s IN ARRAY steps LOOP
    CONTINUE WHEN s = 'search_file_c' AND NOT scoped;
    started := clock_timestamp();
    n := CASE s
      WHEN 'award_links' THEN derive_award_links(scoped)
      WHEN 'award_rollups' THEN derive_award_rollups(scoped)
      WHEN 'award_file_c' THEN derive_award_file_c(scoped, as_of)
      WHEN 'search_file_c' THEN derive_search_file_c(scoped)
      WHEN 'award_subawards' THEN derive_award_subawards(scoped)
      WHEN 'recipients' THEN derive_recipients(as_of)
      ELSE derive_parent_award() END;
    step := s;
    changed := n;
    seconds := round(extract(epoch FROM clock_timestamp() - started)::numeric, 2);
    RETURN NEXT;
  END LOOP;
END $$;
DROP FUNCTION derive_award_keyword_text(boolean);
DROP FUNCTION search_award_keyword_document(text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text);
ALTER TABLE award_search DROP COLUMN transaction_keyword_text;

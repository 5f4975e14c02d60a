-- The transaction values an award's keyword document adds to its own (the text searched by keyword), for the
-- awards in derive_scope when scoped.
CREATE OR REPLACE FUNCTION derive_award_keyword_text(scoped boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  -- (awards the importer wrote whole already hold what this step computes)
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope WHERE NOT whole ORDER BY award_id) END;
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
    WHERE NOT scoped OR a.award_id = ANY (scope)
  ) AS w
  WHERE a.award_id = w.award_id AND a.transaction_keyword_text IS DISTINCT FROM w.text;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $function$;

-- The key of the six values `recipient_search_text` matches on a row (migration 0192): equal values, equal key;
-- the record text tells NULL from an empty string, so no two different value lists share a text.
CREATE OR REPLACE FUNCTION recipient_text_key(recipient_name text, parent_recipient_name text, recipient_uei text,
  recipient_unique_id text, parent_uei text, parent_recipient_unique_id text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT md5(ROW(recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id)::text)::uuid
$function$;

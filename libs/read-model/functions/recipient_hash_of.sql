-- Recipient hash: md5 of 'uei-<UEI>' if there is a UEI, else 'duns-<DUNS>', else 'name-<legal name>',
-- upper-cased, read as a UUID.
CREATE OR REPLACE FUNCTION recipient_hash_of(uei text, duns text, legal_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN (md5(upper(CASE WHEN (uei IS NOT NULL) THEN ('uei-'::text || uei) WHEN (duns IS NOT NULL) THEN ('duns-'::text || duns) ELSE ('name-'::text || COALESCE(legal_name, ''::text)) END)))::uuid;

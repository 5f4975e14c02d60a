-- The text a subaward is searched by keyword in (ids, recipient, codes, descriptions; separated by U+001F).
-- IMMUTABLE: the trigram index of subaward_search is built on it.
CREATE OR REPLACE FUNCTION subaward_keyword_document(subaward_number text, award_piid_fain text, sub_awardee_or_recipient_uei text, sub_awardee_or_recipient_uniqu text, sub_ultimate_parent_uei text, naics_code text, product_or_service_code text, sub_awardee_or_recipient_legal text, sub_ultimate_parent_legal_enti text, subaward_description text, naics_description text, product_or_service_description text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
RETURN ((((((((((((((((((((((COALESCE(subaward_number, ''::text) || ''::text) || COALESCE(award_piid_fain, ''::text)) || ''::text) || COALESCE(sub_awardee_or_recipient_uei, ''::text)) || ''::text) || COALESCE(sub_awardee_or_recipient_uniqu, ''::text)) || ''::text) || COALESCE(sub_ultimate_parent_uei, ''::text)) || ''::text) || COALESCE(naics_code, ''::text)) || ''::text) || COALESCE(product_or_service_code, ''::text)) || ''::text) || COALESCE(sub_awardee_or_recipient_legal, ''::text)) || ''::text) || COALESCE(sub_ultimate_parent_legal_enti, ''::text)) || ''::text) || COALESCE(subaward_description, ''::text)) || ''::text) || COALESCE(naics_description, ''::text)) || ''::text) || COALESCE(product_or_service_description, ''::text));

-- Up Migration
-- Type-ahead indexes of the reference app (autocompletes), on top of those 0002 creates.
--
-- Two shapes, chosen per lookup:
-- * `(upper(col) COLLATE "C")` btree: serves a left-anchored `LIKE 'ABC%'` AND returns rows already in
--   name order, so `ORDER BY ... LIMIT n` stops after n index entries however common the prefix is.
--   Used on the tables that grow with award data (recipients, award cities).
-- * `upper(col) gin_trgm_ops`: serves `LIKE '%abc%'` (contains) for search texts of 3+ characters.
-- Small code lists only get a text_pattern_ops prefix index.

-- Recipients (autocomplete/recipient): name prefix and contains, UEI and DUNS prefix.
CREATE INDEX recipient_profile_name_c_idx ON recipient_profile ((upper(recipient_name) COLLATE "C"));
CREATE INDEX recipient_profile_name_trgm_idx ON recipient_profile USING gin (upper(recipient_name) gin_trgm_ops);
CREATE INDEX recipient_profile_uei_c_idx ON recipient_profile ((upper(uei) COLLATE "C"));
CREATE INDEX recipient_profile_duns_c_idx ON recipient_profile ((recipient_unique_id COLLATE "C"));

-- Cities of award data (autocomplete/city): the prefix range carries state and country so the
-- per-city counts come from an index-only scan.
CREATE INDEX award_search_pop_city_c_idx
  ON award_search ((upper(pop_city_name) COLLATE "C"), pop_state_code, pop_country_code);
CREATE INDEX award_search_recipient_city_c_idx
  ON award_search ((upper(recipient_location_city_name) COLLATE "C"), recipient_location_state_code, recipient_location_country_code);

-- Small lists: prefix (and a few contains) lookups.
CREATE INDEX glossary_term_prefix_idx ON glossary (upper(term) text_pattern_ops);
CREATE INDEX references_cfda_popular_prefix_idx ON references_cfda (upper(popular_name) text_pattern_ops);
CREATE INDEX ref_population_county_name_prefix_idx ON ref_population_county (upper(county_name) text_pattern_ops);
CREATE INDEX ref_population_county_name_trgm_idx ON ref_population_county USING gin (upper(county_name) gin_trgm_ops);
CREATE INDEX zips_zip5_prefix_idx ON zips (zip5 text_pattern_ops);
CREATE INDEX naics_code_length_idx ON naics (length(code), code);

-- Down Migration
DROP INDEX naics_code_length_idx;
DROP INDEX zips_zip5_prefix_idx;
DROP INDEX ref_population_county_name_trgm_idx;
DROP INDEX ref_population_county_name_prefix_idx;
DROP INDEX references_cfda_popular_prefix_idx;
DROP INDEX glossary_term_prefix_idx;
DROP INDEX award_search_recipient_city_c_idx;
DROP INDEX award_search_pop_city_c_idx;
DROP INDEX recipient_profile_duns_c_idx;
DROP INDEX recipient_profile_uei_c_idx;
DROP INDEX recipient_profile_name_trgm_idx;
DROP INDEX recipient_profile_name_c_idx;

-- Up Migration
-- Agency autocompletes match abbreviations anywhere in the text, like names ("DLA" in "DLA-TS"):
-- trigram indexes let `upper(name) LIKE '%x%' OR upper(abbreviation) LIKE '%x%'` use a BitmapOr of
-- two index scans instead of reading the table.
CREATE INDEX toptier_agency_abbreviation_trgm_idx ON toptier_agency USING gin (upper(abbreviation) gin_trgm_ops);
CREATE INDEX subtier_agency_abbreviation_trgm_idx ON subtier_agency USING gin (upper(abbreviation) gin_trgm_ops);

-- Down Migration
DROP INDEX subtier_agency_abbreviation_trgm_idx;
DROP INDEX toptier_agency_abbreviation_trgm_idx;

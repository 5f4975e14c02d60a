-- Up Migration
-- A cheap "has anything changed" signal for in-memory caches of reference responses.
--
-- Every transaction that writes to a table those responses read leaves one row here, through a
-- statement-level trigger (once per statement, not per row, so bulk loads pay nothing noticeable).
-- The row becomes visible when the writing transaction commits, together with its data, so a reader
-- that sees a new count also sees the new rows. Readers compare `count(*)`: unlike max(txid) it also
-- changes when an older transaction commits after a newer one. Rows are keyed by transaction id, so
-- concurrent writers never wait on each other here.

CREATE TABLE reference_data_change (
  txid       xid8 PRIMARY KEY,
  table_name text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE FUNCTION note_reference_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reference_data_change (txid, table_name) VALUES (pg_current_xact_id(), TG_TABLE_NAME)
  ON CONFLICT (txid) DO NOTHING;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    -- reference tables (0002, 0051)
    'cgac', 'toptier_agency', 'subtier_agency', 'agency', 'office', 'federal_account',
    'treasury_appropriation_account', 'ref_program_activity', 'psc', 'naics', 'references_cfda',
    'ref_country_code', 'state_data', 'ref_population_county', 'ref_population_cong_district',
    'ref_city_county_state_code', 'zips', 'glossary', 'dabs_submission_window_schedule', 'award_type',
    -- award and account tables some reference responses aggregate (0003)
    'award_search', 'recipient_profile', 'submission_attributes', 'appropriation_account_balances',
    'gtas_sf133_balances'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER note_reference_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION note_reference_data_change()', t);
  END LOOP;
END
$$;

-- Down Migration
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'cgac', 'toptier_agency', 'subtier_agency', 'agency', 'office', 'federal_account',
    'treasury_appropriation_account', 'ref_program_activity', 'psc', 'naics', 'references_cfda',
    'ref_country_code', 'state_data', 'ref_population_county', 'ref_population_cong_district',
    'ref_city_county_state_code', 'zips', 'glossary', 'dabs_submission_window_schedule', 'award_type',
    'award_search', 'recipient_profile', 'submission_attributes', 'appropriation_account_balances',
    'gtas_sf133_balances'
  ] LOOP
    EXECUTE format('DROP TRIGGER note_reference_data_change ON %I', t);
  END LOOP;
END
$$;
DROP FUNCTION note_reference_data_change();
DROP TABLE reference_data_change;

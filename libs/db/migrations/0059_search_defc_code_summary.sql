-- Up Migration
-- One DEF code per row. A request filtering on a single DEF code and grouping by awarding agency (the
-- "DEF code Q by awarding agency" shape) read search_summary_txn_defc_awarding_fy, whose rows keep the
-- codes array whole, the subtier agency and the award type: at bench scale 142k of its 251k groups hold Q,
-- and summing them took ~85 ms against ~13 ms at demo scale. This table unnests the array (one element per
-- row, as search_summary_txn_federal_account_fy does) and keeps only the toptier agency, without the award
-- type (requests with an award type filter keep using the wider table). It is exact for requests whose
-- def_codes filter names exactly one code and that do not read the codes otherwise: every matching record
-- then matches through exactly one of its rows (the arrays hold distinct codes). Not for the defc category:
-- there a record passes the filter on one code and is then counted under each of its codes. Step dates are
-- those of the fiscal-year DEF summary it is built from.
CREATE TABLE search_summary_txn_defc_code_awarding_fy (
  action_date date NOT NULL, -- step date: first day of the fiscal year, or a later enactment date in it
  disaster_emergency_fund_codes text[] NOT NULL, -- one code
  awarding_toptier_agency_id integer,
  awarding_toptier_agency_name text,
  awarding_toptier_agency_code text,
  awarding_toptier_agency_abbreviation text,
  generated_pragmatic_obligation numeric NOT NULL,
  row_count bigint NOT NULL
);
-- The def_codes filter compiles to an overlap (&&); rows are stored in code order, so one code's rows share pages.
CREATE INDEX search_summary_txn_defc_code_awarding_fy_codes_idx ON search_summary_txn_defc_code_awarding_fy USING gin (disaster_emergency_fund_codes);

-- From here on a summary family has its own refresh function and refresh_search_summaries() calls them in
-- order, so a new family adds a function and one line instead of restating the whole builder. The builder
-- of 0056 (core summaries, DEF and federal account summaries, rankings) keeps its body under a new name.
ALTER FUNCTION refresh_search_summaries() RENAME TO refresh_search_summaries_main;

CREATE FUNCTION refresh_search_summaries_defc_code() RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
BEGIN
  TRUNCATE search_summary_txn_defc_code_awarding_fy;
  INSERT INTO search_summary_txn_defc_code_awarding_fy
  SELECT f.action_date, ARRAY[u.code],
         f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation,
         sum(f.generated_pragmatic_obligation), sum(f.row_count)
  FROM search_summary_txn_defc_awarding_fy AS f
  CROSS JOIN LATERAL unnest(f.disaster_emergency_fund_codes) AS u(code)
  GROUP BY u.code, f.action_date,
           f.awarding_toptier_agency_id, f.awarding_toptier_agency_name, f.awarding_toptier_agency_code, f.awarding_toptier_agency_abbreviation
  ORDER BY u.code, f.action_date;
  ANALYZE search_summary_txn_defc_code_awarding_fy;
END
$$;

CREATE FUNCTION refresh_search_summaries() RETURNS void LANGUAGE plpgsql
SET client_min_messages = warning
AS $$
DECLARE
  started timestamptz := clock_timestamp();
BEGIN
  PERFORM refresh_search_summaries_main();
  PERFORM refresh_search_summaries_defc_code();
  UPDATE search_summary_state SET seconds = round(extract(epoch FROM clock_timestamp() - started)::numeric, 1);
END
$$;

UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

-- Down Migration
DROP FUNCTION refresh_search_summaries();
DROP FUNCTION refresh_search_summaries_defc_code();
ALTER FUNCTION refresh_search_summaries_main() RENAME TO refresh_search_summaries;
DROP TABLE search_summary_txn_defc_code_awarding_fy;
UPDATE search_summary_state SET base_version = NULL, refreshed_at = NULL, seconds = NULL;

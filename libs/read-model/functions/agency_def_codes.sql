-- DEF codes in a funding agency's File B data of the latest submissions of a fiscal year, as the JSON array the
-- agency overview answers with (code, public_law, title, urls, disaster; by code): the codes of the spans of
-- agency_latest_defc (migration 0160) that contain now(). Rebuilds the agency summaries first when a write marked
-- them stale (the statement after the rebuild sees it): a function, so that the stale check, the rebuild and the
-- read are one round trip.
CREATE OR REPLACE FUNCTION agency_def_codes(p_toptier_agency_id integer, p_fiscal_year integer) RETURNS json
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT stale FROM agency_summary_state WHERE id = 1) THEN PERFORM refresh_agency_summaries(); END IF;
  RETURN (
    SELECT coalesce(json_agg(json_build_object('code', d.code, 'public_law', d.public_law, 'title', d.title,
      'urls', CASE WHEN d.urls IS NULL OR d.urls = '' THEN NULL ELSE string_to_array(d.urls, '|') END,
      'disaster', d.group_name) ORDER BY d.code), '[]'::json)
    FROM disaster_emergency_fund_code d
    WHERE d.code IN (
      SELECT x.defc FROM agency_latest_defc x
      WHERE x.toptier_agency_id = p_toptier_agency_id AND x.fiscal_year = p_fiscal_year
        AND x.latest_from <= now() AND (x.latest_until IS NULL OR x.latest_until > now())));
END $$;

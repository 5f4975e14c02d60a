-- Up Migration
-- Submission statistics (apps/profile reporting/agencies/...) count, per agency and period, the awards the agency
-- awarded from the start of the fiscal year to the end of the period that no File C row links to (unlinked
-- File D awards). Without this index each agency reads every award of the date range and filters by agency
-- (demo scale, FY2024 P12, 139 agencies: 8.7 s before, 0.7 s after for the whole overview).
CREATE INDEX IF NOT EXISTS award_search_awarding_toptier_action_date_idx ON award_search (awarding_toptier_agency_code, action_date);

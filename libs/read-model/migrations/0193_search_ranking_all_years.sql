-- Up Migration
-- The all-years slice of the ranking tables (rows dated '-infinity', fill_search_rankings_all_years), which
-- refresh_search_summaries now writes after every refresh: written here once for rankings filled before, so the
-- planner, which sends requests without a time period to it, finds it complete while the summaries stay fresh.
SELECT fill_search_rankings_all_years();

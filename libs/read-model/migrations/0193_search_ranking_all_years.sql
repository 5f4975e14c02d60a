-- Up Migration
-- The all-years slice of the ranking tables: rows dated '-infinity' holding every fiscal year summed, written by
-- fill_search_rankings_all_years after every refresh that changed a fiscal year. The planner sends category
-- requests without a time period to it, so it must exist before the rankings are read again: the next refresh
-- rebuilds every summary and ranking.
UPDATE search_summary_state SET base_version = NULL;

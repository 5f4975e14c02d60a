-- Up Migration
-- Drops the pair summaries of 0170 whose groups are too many at bench scale: built in the one grouping-sets scan
-- of transaction_search, their sets filled the temporary table past the free disk (> 37 GB). The per-month ones
-- by awarding agency and by state (a few hundred groups per month) stay.
DROP TABLE search_summary_txn_awarding_naics_fy, search_summary_txn_awarding_psc_fy, search_summary_txn_awarding_cfda_fy, search_summary_txn_awarding_pop_county_fy, search_summary_txn_pop_state_naics_fy, search_summary_txn_pop_state_psc_fy, search_summary_txn_pop_state_cfda_fy, search_summary_txn_naics_psc_fy, search_summary_txn_naics_cfda_fy, search_summary_txn_naics_month;
UPDATE search_summary_state SET base_version = NULL;

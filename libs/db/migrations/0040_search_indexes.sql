-- Up Migration
-- Indexes of the advanced search read path (apps/search) beyond the base indexes of 0003: the filters the
-- search endpoints compile most often (recipient ids, DEF codes, award dates) and the default award sort.
-- Keyword (trigram) indexes are in 0042; pre-aggregated summary tables in 0041.

-- recipient_id filter: P = parent hash, C/R = recipient hash (award_search has recipient_hash already).
CREATE INDEX award_search_parent_recipient_hash_idx ON award_search (parent_recipient_hash);
CREATE INDEX transaction_search_recipient_hash_idx ON transaction_search (recipient_hash);
CREATE INDEX transaction_search_parent_recipient_hash_idx ON transaction_search (parent_recipient_hash);

-- def_codes filter: `disaster_emergency_fund_codes && codes`.
CREATE INDEX award_search_defc_idx ON award_search USING gin (disaster_emergency_fund_codes);
CREATE INDEX transaction_search_defc_idx ON transaction_search USING gin (disaster_emergency_fund_codes);
CREATE INDEX subaward_search_defc_idx ON subaward_search USING gin (disaster_emergency_fund_codes);

-- Award time filter: `action_date >= start AND date_signed <= end` (action_date is indexed in 0003).
CREATE INDEX award_search_date_signed_idx ON award_search (date_signed);
CREATE INDEX subaward_search_sub_action_date_idx ON subaward_search (sub_action_date);

-- spending_by_award sorted by `Award Amount` (total_obligation) descending, the page the website opens
-- with: the index is read in order, rows filtered as they come, so the first pages stop early.
CREATE INDEX award_search_total_obligation_idx ON award_search (total_obligation DESC NULLS LAST, award_id DESC);

-- spending_by_transaction sorted by `Transaction Amount` descending (its default).
CREATE INDEX transaction_search_obligation_idx
  ON transaction_search (federal_action_obligation DESC NULLS LAST, transaction_id DESC);

-- Down Migration
DROP INDEX transaction_search_obligation_idx;
DROP INDEX award_search_total_obligation_idx;
DROP INDEX subaward_search_sub_action_date_idx;
DROP INDEX award_search_date_signed_idx;
DROP INDEX subaward_search_defc_idx;
DROP INDEX transaction_search_defc_idx;
DROP INDEX award_search_defc_idx;
DROP INDEX transaction_search_parent_recipient_hash_idx;
DROP INDEX transaction_search_recipient_hash_idx;
DROP INDEX award_search_parent_recipient_hash_idx;

-- Up Migration
-- Recipient profiles (apps/profile) report the face value of a recipient's loans for a period. Obligations
-- and transaction counts come from recipient_profile (trailing 12 months) and search_summary_txn_recipient_fy
-- (fiscal years), neither of which carries loan face values. Loans are a small share of transaction_search, so
-- these partial indexes let a profile read only its recipient's loan rows (by its own hash, or as a parent)
-- instead of every transaction of a busy recipient.
CREATE INDEX transaction_search_recipient_loans_idx ON transaction_search (recipient_hash, action_date)
  WHERE award_category = 'loans';
CREATE INDEX transaction_search_parent_recipient_loans_idx ON transaction_search (parent_recipient_hash, action_date)
  WHERE award_category = 'loans' AND parent_recipient_hash IS NOT NULL;

-- Down Migration
DROP INDEX IF EXISTS transaction_search_parent_recipient_loans_idx;
DROP INDEX IF EXISTS transaction_search_recipient_loans_idx;

-- Statement trigger on transaction_search (AFTER DELETE, old rows as `old_rows`): the deleted transactions'
-- transaction_detail rows go with them.
CREATE OR REPLACE FUNCTION transaction_detail_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_detail d USING old_rows o WHERE d.transaction_id = o.transaction_id;
  RETURN NULL;
END
$$;

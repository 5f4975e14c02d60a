-- Row trigger on transaction_search: stamps row_changed_at, which the monthly archive deltas read.
CREATE OR REPLACE FUNCTION transaction_search_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_changed_at := now();
  RETURN NEW;
END
$$;

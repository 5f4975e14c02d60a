-- Every non-empty subset of an award's DEF codes (`included`) with the award's other codes (`excluded`): the keys of
-- disaster_award_rollup. A request for codes S reads exactly one subset per award (included = the award's codes in
-- S), so its sums and its being counted are those of that subset. Awards carry a handful of codes; the rows grow as
-- 2^n with n codes per award.
CREATE OR REPLACE FUNCTION disaster_code_subsets(codes text[]) RETURNS TABLE (included text[], excluded text[])
LANGUAGE sql IMMUTABLE AS $$
  SELECT array(SELECT codes[i] FROM generate_subscripts(codes, 1) i WHERE (m >> (i - 1)) & 1 = 1 ORDER BY i),
         array(SELECT codes[i] FROM generate_subscripts(codes, 1) i WHERE (m >> (i - 1)) & 1 = 0 ORDER BY i)
  FROM generate_series(1, (1 << cardinality(codes)) - 1) m
$$;

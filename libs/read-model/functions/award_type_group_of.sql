-- Up Migration
-- spending_by_award by Award Amount (the website's default list) walks the (total_obligation, award_id) index
-- in order and stops after offset + limit + 1 matches; deep pages walk far. The awards it passes over are
-- rejected by the time period and award type filters every list carries, but each rejection was a heap fetch:
-- page 100 of a fiscal year's contracts read ~40k awards at bench scale (~180 ms, ~15 ms at demo scale).
-- The index now leads with the award type group, which the endpoint requires (one group per request, 422
-- otherwise) and repeats as a condition, so the walk stays within the group (contracts are 42% of the awards),
-- and it carries the type and dates the filters read, so the walk is an index-only scan: ~5k index entries
-- and no heap fetch for that page; the heap is read for the page's rows only. Cursor pages filter on the
-- key columns the same way.
--
-- award_type_group_of() is libs/filters' AWARD_TYPE_GROUPS as SQL (keep in step; a test compares them). It
-- must stay IMMUTABLE for the index: a change of the groups is a new migration that rebuilds the index.
CREATE OR REPLACE FUNCTION award_type_group_of(award_type text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE
    WHEN award_type IN ('A', 'B', 'C', 'D') THEN 'contracts'
    WHEN award_type IN ('IDV_A', 'IDV_B', 'IDV_B_A', 'IDV_B_B', 'IDV_B_C', 'IDV_C', 'IDV_D', 'IDV_E') THEN 'idvs'
    WHEN award_type IN ('02', '03', '04', '05', 'F001', 'F002') THEN 'grants'
    WHEN award_type IN ('06', '10', 'F006', 'F007') THEN 'direct_payments'
    WHEN award_type IN ('07', '08', 'F003', 'F004') THEN 'loans'
    WHEN award_type IN ('09', '11', '-1', 'F005', 'F008', 'F009', 'F010') THEN 'other_financial_assistance'
  END
$function$;

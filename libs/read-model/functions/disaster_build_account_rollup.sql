-- Fills disaster_account_rollup for one total spending dimension (called by refresh_disaster_summaries): File B sums
-- (disaster_account_balance, the submissions of each year's latest balances) and, `with_gtas`, the GTAS total
-- budgetary resources (disaster_gtas_balance) per DEF code, result, child (null c_id: none) and in total. The
-- arguments are SQL expressions over the account rows `r` (treasury_account_id, object_class_id) and the
-- dimension's `joins`, as the per-request query had them; rows with no result are left out of every level.
CREATE OR REPLACE FUNCTION disaster_build_account_rollup(
  dimension text, p_id text, p_code text, p_desc text, c_id text, c_code text, c_desc text, joins text, with_gtas boolean
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO disaster_account_rollup (dimension, code_key, level, p_id, c_id, p_code, p_desc, c_code, c_desc, obligation,
      outlay, total_budgetary_resources, has_gtas)
    WITH src AS (
      SELECT def_code, treasury_account_id, object_class_id, obligation, outlay, 0::numeric AS tbr, false AS is_gtas
      FROM disaster_account_balance WHERE has_latest
      %9$s
    ), base AS (
      SELECT r.def_code, %2$s AS p_id, %3$s AS p_code, %4$s AS p_desc, %5$s AS c_id, %6$s AS c_code, %7$s AS c_desc,
        r.obligation, r.outlay, r.tbr, r.is_gtas
      FROM src r
      %8$s
    )
    SELECT %1$L, def_code, %10$s, p_id, %11$s, max(p_code), max(p_desc), max(c_code), max(c_desc),
      coalesce(sum(obligation), 0), coalesce(sum(outlay), 0), coalesce(sum(tbr) FILTER (WHERE is_gtas), 0), coalesce(bool_or(is_gtas), false)
    FROM base
    WHERE p_id IS NOT NULL
    GROUP BY def_code, %12$s
    HAVING %13$s
  $q$, dimension, p_id, p_code, p_desc, coalesce(c_id, 'NULL::text'), coalesce(c_code, 'NULL::text'), coalesce(c_desc, 'NULL::text'), joins,
    CASE WHEN with_gtas THEN 'UNION ALL SELECT def_code, treasury_account_identifier, NULL::int, 0, 0, total_budgetary_resources, true FROM disaster_gtas_balance' ELSE '' END,
    CASE WHEN c_id IS NULL THEN 'CASE WHEN GROUPING(p_id) = 1 THEN ''total'' ELSE ''parent'' END'
      ELSE 'CASE WHEN GROUPING(p_id) = 1 THEN ''total'' WHEN GROUPING(c_id) = 1 THEN ''parent'' ELSE ''child'' END' END,
    CASE WHEN c_id IS NULL THEN 'NULL::text' ELSE 'c_id' END,
    CASE WHEN c_id IS NULL THEN 'GROUPING SETS ((p_id), ())' ELSE 'GROUPING SETS ((p_id, c_id), (p_id), ())' END,
    CASE WHEN c_id IS NULL THEN 'true' ELSE 'GROUPING(c_id) = 1 OR c_id IS NOT NULL' END);
END $$;

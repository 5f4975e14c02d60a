-- Fills disaster_award_rollup for one dimension of the disaster award endpoints (called by
-- refresh_disaster_summaries). The arguments are SQL expressions over the File C sums `r` (disaster_award_row), the
-- linked award `a` and the dimension's `joins`: the result (p_*) and child (c_*, null c_id: no children) naming a
-- row, an extra text per result, a FIPS code (geography). As the per-request query did: rows are summed per award
-- within each level (child, result, all results) so an award funded through two children of a result counts once
-- for it; an award counts where its sums are not zero; rows with no result are left out of every level; the loan face
-- value is the total loan value of the counted loan awards. Reads what refresh_disaster_summaries keeps in temporary
-- tables for the whole refresh: the File C rows expanded to their code subsets (disaster_row_set_tmp), or, where the
-- dimension depends on the award only (`per_award`: not on the File C row's account or object class), their sums per
-- award and code subset (disaster_award_set_tmp); `a` is the linked award's columns the dimensions read
-- (disaster_award_attr_tmp, a narrow copy of those awards: an expression or join on another award_search column
-- needs it added there). Every sum is kept per DEF code subset (disaster_code_set), per award type and for all
-- types ('*'; an award has one type, so the counts add up).
-- The per-award sums hold one row per code subset and award key (its award id, type and attributes follow from the
-- key, and every join of `joins` is on a unique key), so a per-award dimension takes each of their rows once per
-- level as it is, with no second grouping per award: at bench scale (950k rows) that grouping was a sort of every
-- row for each of the ten per-award dimensions, ~60% of the rebuild's rollup time.
CREATE OR REPLACE FUNCTION disaster_build_rollup(
  dimension text, p_id text, p_code text, p_desc text, c_id text, c_code text, c_desc text, extra text, fips text,
  joins text, linked_only boolean, per_award boolean
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sets text := CASE WHEN c_id IS NOT NULL
    THEN 'GROUPING SETS ((set_id, award_type, p_id, c_id, award_key), (set_id, award_type, p_id, award_key), (set_id, award_type, award_key))'
    ELSE 'GROUPING SETS ((set_id, award_type, p_id, award_key), (set_id, award_type, award_key))' END;
  lvl text := CASE WHEN c_id IS NOT NULL
    THEN 'CASE WHEN GROUPING(p_id) = 1 THEN ''total'' WHEN GROUPING(c_id) = 1 THEN ''parent'' ELSE ''child'' END'
    ELSE 'CASE WHEN GROUPING(p_id) = 1 THEN ''total'' ELSE ''parent'' END' END;
  -- File C rows (not per_award): summed per award within each level, as the grouping sets above say.
  grouped text := format($g$
      SELECT %1$s AS level, set_id, award_type, p_id, %2$s AS c_id,
        max(p_code) AS p_code, max(p_desc) AS p_desc, max(c_code) AS c_code, max(c_desc) AS c_desc, max(extra) AS extra,
        max(fips) AS fips, award_key, max(loan_value) AS loan_value, sum(obligation) AS obligation, sum(outlay) AS outlay
      FROM base
      WHERE p_id IS NOT NULL
      GROUP BY %3$s$g$, lvl, CASE WHEN c_id IS NOT NULL THEN 'c_id' ELSE 'NULL::text' END, sets);
  -- Per-award sums: already one row per award, repeated for each level with the ids the level leaves out nulled
  -- (the other columns as the grouping's max() over that one row gives them).
  per_award_rows text := format($p$
      SELECT l.level, b.set_id, b.award_type, CASE WHEN l.level <> 'total' THEN b.p_id END AS p_id,
        CASE WHEN l.level = 'child' THEN b.c_id END AS c_id, b.p_code, b.p_desc, b.c_code, b.c_desc, b.extra, b.fips,
        b.award_key, b.loan_value, b.obligation, b.outlay
      FROM base b
      CROSS JOIN (VALUES %1$s) AS l (level)
      WHERE b.p_id IS NOT NULL$p$,
    CASE WHEN c_id IS NOT NULL THEN '(''child''), (''parent''), (''total'')' ELSE '(''parent''), (''total'')' END);
BEGIN
  EXECUTE format($q$
    INSERT INTO disaster_award_rollup (dimension, set_id, award_type, level, p_id, c_id, p_code, p_desc, c_code,
      c_desc, extra, fips, award_count, obligation, outlay, face_value_of_loan)
    WITH base AS (
      SELECT r.set_id, r.award_type, r.award_key, r.obligation, r.outlay,
        CASE WHEN a.type IN ('07', '08') THEN a.total_loan_value END AS loan_value,
        %2$s AS p_id, %3$s AS p_code, %4$s AS p_desc, %5$s AS c_id, %6$s AS c_code, %7$s AS c_desc, %8$s AS extra, %9$s AS fips
      FROM %13$s r
      LEFT JOIN disaster_award_attr_tmp a ON a.award_id = r.award_id
      %10$s
      WHERE true %11$s
    ), per_award AS (%12$s
    )
    SELECT %1$L, set_id, CASE WHEN GROUPING(award_type) = 1 THEN '*' ELSE award_type END, level, p_id, c_id, max(p_code), max(p_desc), max(c_code), max(c_desc),
      max(extra), max(fips),
      count(*) FILTER (WHERE award_key IS NOT NULL AND (obligation <> 0 OR outlay <> 0)),
      coalesce(sum(obligation), 0), coalesce(sum(outlay), 0),
      coalesce(sum(loan_value) FILTER (WHERE award_key IS NOT NULL AND (obligation <> 0 OR outlay <> 0)), 0)
    FROM per_award
    WHERE level <> 'child' OR c_id IS NOT NULL
    GROUP BY set_id, level, p_id, c_id, GROUPING SETS ((award_type), ())
    ORDER BY 2, 3
  $q$, dimension, p_id, p_code, p_desc, coalesce(c_id, 'NULL::text'), coalesce(c_code, 'NULL::text'),
    coalesce(c_desc, 'NULL::text'), coalesce(extra, 'NULL::text'), coalesce(fips, 'NULL::text'), joins,
    CASE WHEN linked_only THEN 'AND r.award_id IS NOT NULL' ELSE '' END,
    CASE WHEN per_award THEN per_award_rows ELSE grouped END,
    CASE WHEN per_award THEN 'disaster_award_set_tmp' ELSE 'disaster_row_set_tmp' END);
END $$;

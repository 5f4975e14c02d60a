-- The filter pair summaries (search_summary_pair_targets) from `source` for [lo, hi) or everything: from
-- transaction_search (rebuild: the range's rows were forgotten here first), or from the log of changed rows
-- (signed: the sums are changes, merged into each table). Built apart from the grouping-sets scan of the
-- other summaries, whose hash tables for these sets outgrew the temporary space at bench scale: one scan of
-- the source into a narrow projection of the columns the pairs keep, then one GROUP BY per table, so only
-- one table's groups are in memory at a time. The fiscal-year pairs are summed from a pre-aggregation of the
-- projection by fiscal year and every key column (the transactions of an award in one year fall together: 3.6M of
-- 10M rows at bench scale), and those of the dimensions with few values (awarding agency, place-of-performance
-- state, NAICS, PSC, CFDA) from a second one by those five alone (about a quarter of the projection's rows); only
-- the month pairs read the projection itself. A full rebuild writes the tables without their indexes and builds
-- those afterwards. Their all-years companions follow (search_summary_write_pair_all_years).
CREATE OR REPLACE FUNCTION search_summary_write_pairs(source regclass, signed boolean, lo date, hi date)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  target record;
  pre record;
  rebuild_all boolean := lo IS NULL AND NOT signed;
  index_defs text[];
  rows_sql text;
  -- The pre-aggregation's key columns besides fy_start, type and award_category.
  few_valued text[] := ARRAY['awarding_toptier_agency_id', 'awarding_toptier_agency_name', 'awarding_toptier_agency_code',
    'awarding_toptier_agency_abbreviation', 'pop_country_code', 'pop_country_name', 'pop_state_code', 'pop_state_fips',
    'pop_state_name', 'naics_code', 'naics_description', 'product_or_service_code',
    'product_or_service_description', 'cfda_number', 'cfda_title'];
  -- The fiscal-year pre-aggregation's key columns besides fy_start, type and award_category: every key column of
  -- the projection but its month.
  fy_keys text := 'awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation,
      pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name,
      naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title,
      recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei, recipient_text_key';
  rows_from text;
BEGIN
  IF rebuild_all THEN
    EXECUTE 'TRUNCATE ' || (SELECT string_agg(quote_ident(t.name), ', ') FROM search_summary_pair_targets() AS t);
    index_defs := drop_table_indexes(VARIADIC ARRAY(SELECT t.name::regclass FROM search_summary_pair_targets() AS t));
  ELSIF NOT signed THEN
    PERFORM search_summaries_forget(lo, hi, ARRAY(SELECT t.name FROM search_summary_pair_targets() AS t));
  END IF;

  DROP TABLE IF EXISTS search_summary_pair_rows;
  EXECUTE format($sql$
    CREATE TEMP TABLE search_summary_pair_rows ON COMMIT DROP AS
    SELECT fiscal_year_start_of(action_date) AS fy_start, date_trunc('month', action_date)::date AS month_start,
      type, award_category,
      awarding_toptier_agency_id, awarding_toptier_agency_name, awarding_toptier_agency_code, awarding_toptier_agency_abbreviation,
      pop_country_code, pop_country_name, pop_state_code, pop_state_fips, pop_state_name, pop_county_code, pop_county_name,
      naics_code, naics_description, product_or_service_code, product_or_service_description, cfda_number, cfda_title,
      recipient_hash, recipient_levels, recipient_name, parent_recipient_hash, parent_uei,
      recipient_text_key(recipient_name, parent_recipient_name, recipient_uei, recipient_unique_id, parent_uei, parent_recipient_unique_id) AS recipient_text_key,
      %2$s AS generated_pragmatic_obligation, %3$s AS row_count
    FROM %1$s
    WHERE %4$L::date IS NULL OR (action_date >= %4$L::date AND action_date < %5$L::date)$sql$,
    source,
    CASE WHEN signed THEN 'generated_pragmatic_obligation * sign' ELSE 'generated_pragmatic_obligation' END,
    CASE WHEN signed THEN 'sign::bigint' ELSE '1::bigint' END,
    lo, hi);

  -- The two pre-aggregations, in this order: by fiscal year and every key column, then by the few-valued ones.
  FOR pre IN SELECT * FROM (VALUES
      ('search_summary_pair_fy', 'search_summary_pair_rows', fy_keys),
      ('search_summary_pair_few_valued', 'search_summary_pair_fy', array_to_string(few_valued, ', '))) AS p (name, source, keys) LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', pre.name);
    EXECUTE format($sql$
      CREATE TEMP TABLE %1$I ON COMMIT DROP AS
      SELECT fy_start, type, award_category, %3$s,
        sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, sum(row_count) AS row_count
      FROM %2$I GROUP BY fy_start, type, award_category, %3$s$sql$,
      pre.name, pre.source, pre.keys);
  END LOOP;

  FOR target IN SELECT * FROM search_summary_pair_targets() LOOP
    rows_from := CASE
      WHEN target.date_column <> 'fy_start' THEN 'search_summary_pair_rows'
      WHEN string_to_array(target.key_columns, ', ') <@ few_valued THEN 'search_summary_pair_few_valued'
      ELSE 'search_summary_pair_fy' END;
    rows_sql := format(
      'SELECT %1$I AS action_date, type, award_category, %2$s, sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, sum(row_count) AS row_count
       FROM %3$I GROUP BY %1$I, type, award_category, %2$s',
      target.date_column, target.key_columns, rows_from);
    IF NOT signed THEN
      EXECUTE format('INSERT INTO %I (action_date, type, award_category, %s, generated_pragmatic_obligation, row_count) %s ORDER BY 1, 2',
        target.name, target.key_columns, rows_sql);
      CONTINUE;
    END IF;
    DROP TABLE IF EXISTS search_summary_merge_rows;
    EXECUTE format('CREATE TEMP TABLE search_summary_merge_rows ON COMMIT DROP AS %s', rows_sql);
    ANALYZE search_summary_merge_rows;
    PERFORM merge_group_changes(target.name, 'search_summary_merge_rows',
      ARRAY['action_date', 'type', 'award_category'] || string_to_array(target.key_columns, ', '),
      ARRAY['generated_pragmatic_obligation'], 'row_count', 'action_date');
  END LOOP;
  -- (after a fiscal-year range, refresh_search_summaries rebuilds the companions once, when every range is written)
  IF signed OR lo IS NULL THEN
    PERFORM search_summary_write_pair_all_years(signed);
  END IF;
  DROP TABLE search_summary_pair_rows, search_summary_pair_fy, search_summary_pair_few_valued;

  IF rebuild_all THEN
    PERFORM create_indexes(index_defs);
  END IF;
  PERFORM analyze_search_summaries(VARIADIC ARRAY(SELECT t.name::regclass FROM search_summary_pair_targets() AS t));
END
$function$;

-- The all-years companions of the filter pairs (search_summary_pair_all_years, migration 0194), after
-- search_summary_write_pairs wrote their fiscal-year tables: rebuilt from those tables (a full or fiscal-year
-- rebuild: every year summed, in the order of the filter column, indexes built afterwards), or, for the signed
-- changes of the logged rows (`signed`, search_summary_pair_rows holding them), merged as those changes summed
-- without their date.
CREATE OR REPLACE FUNCTION search_summary_write_pair_all_years(signed boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  c record;
  index_defs text[];
BEGIN
  FOR c IN SELECT a.name, a.source, a.cluster_column, t.key_columns
    FROM search_summary_pair_all_years() AS a JOIN search_summary_pair_targets() AS t ON t.name = a.source LOOP
    IF signed THEN
      DROP TABLE IF EXISTS search_summary_merge_rows;
      EXECUTE format('CREATE TEMP TABLE search_summary_merge_rows ON COMMIT DROP AS
        SELECT type, award_category, %1$s, sum(generated_pragmatic_obligation) AS generated_pragmatic_obligation, sum(row_count) AS row_count
        FROM search_summary_pair_rows GROUP BY type, award_category, %1$s', c.key_columns);
      ANALYZE search_summary_merge_rows;
      PERFORM merge_group_changes(c.name, 'search_summary_merge_rows', ARRAY['type', 'award_category'] || string_to_array(c.key_columns, ', '),
        ARRAY['generated_pragmatic_obligation'], 'row_count', 'recipient_hash');
      CONTINUE;
    END IF;
    index_defs := drop_table_indexes(c.name::regclass);
    EXECUTE format('TRUNCATE %I', c.name);
    EXECUTE format('INSERT INTO %1$I (type, award_category, %2$s, generated_pragmatic_obligation, row_count)
      SELECT type, award_category, %2$s, sum(generated_pragmatic_obligation), sum(row_count)
      FROM %3$I GROUP BY type, award_category, %2$s ORDER BY %4$I', c.name, c.key_columns, c.source, c.cluster_column);
    PERFORM create_indexes(index_defs);
  END LOOP;
  PERFORM analyze_search_summaries(VARIADIC ARRAY(SELECT a.name::regclass FROM search_summary_pair_all_years() AS a));
END
$function$;

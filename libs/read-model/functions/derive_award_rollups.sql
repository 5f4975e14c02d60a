-- Award totals, dates, counts and latest/earliest transaction from the award's transactions. Latest and
-- earliest order by (action_date, modification_number, transaction_unique_id), byte-wise; the three are
-- packed into one text key with chr(1) separators so that plain max()/min() find them in one pass.
-- Awards without transactions (an imported award summary alone) keep their values.
CREATE OR REPLACE FUNCTION derive_award_rollups(scoped boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE plpgsql
 SET work_mem TO '512MB'
AS $function$
DECLARE
  scope bigint[];
  n bigint;
BEGIN
  PERFORM derive_ensure_scope();
  -- (awards the importer wrote whole already hold what this step computes)
  scope := CASE WHEN scoped THEN ARRAY(SELECT award_id FROM derive_scope WHERE NOT whole ORDER BY award_id) END;
  WITH t AS (
    SELECT award_id,
      count(*)::integer AS transaction_count,
      coalesce(sum(federal_action_obligation), 0)::numeric(23, 2) AS total_obligation,
      sum(original_loan_subsidy_cost)::numeric(23, 2) AS total_subsidy_cost,
      sum(face_value_loan_guarantee)::numeric(23, 2) AS total_loan_value,
      coalesce(sum(generated_pragmatic_obligation), 0)::numeric(23, 2) AS generated_pragmatic_obligation,
      sum(base_and_all_options_value)::numeric(23, 2) AS base_and_all_options_value,
      sum(base_exercised_options_val)::numeric(23, 2) AS base_exercised_options_val,
      sum(total_funding_amount)::numeric(23, 2) AS total_funding_amount,
      sum(non_federal_funding_amount)::numeric(23, 2) AS non_federal_funding_amount,
      sum(indirect_federal_sharing)::numeric(23, 2) AS total_indirect_federal_sharing,
      max((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text || chr(1) || coalesce(last_modified_date::text, '')) COLLATE "C") AS latest_key,
      min((action_date::text || chr(1) || coalesce(modification_number, '') || chr(1) || transaction_unique_id
           || chr(1) || transaction_id::text) COLLATE "C") AS earliest_key
    FROM transaction_search
    WHERE NOT scoped OR award_id = ANY (scope)
    GROUP BY award_id
  ), r AS (
    SELECT t.*,
      split_part(latest_key, chr(1), 1)::date AS action_date,
      split_part(latest_key, chr(1), 4)::bigint AS latest_transaction_id,
      nullif(split_part(latest_key, chr(1), 5), '')::date AS last_modified_date,
      split_part(earliest_key, chr(1), 1)::date AS date_signed,
      split_part(earliest_key, chr(1), 4)::bigint AS earliest_transaction_id
    FROM t
  )
  UPDATE award_search a SET
    transaction_count = r.transaction_count,
    total_obligation = r.total_obligation,
    total_subsidy_cost = r.total_subsidy_cost,
    total_loan_value = r.total_loan_value,
    award_amount = CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
    generated_pragmatic_obligation = r.generated_pragmatic_obligation,
    base_and_all_options_value = r.base_and_all_options_value,
    base_exercised_options_val = r.base_exercised_options_val,
    total_funding_amount = r.total_funding_amount,
    non_federal_funding_amount = r.non_federal_funding_amount,
    total_indirect_federal_sharing = r.total_indirect_federal_sharing,
    last_modified_date = r.last_modified_date,
    action_date = r.action_date,
    fiscal_year = fiscal_year_of(r.action_date),
    date_signed = r.date_signed,
    latest_transaction_id = r.latest_transaction_id,
    earliest_transaction_id = r.earliest_transaction_id
  FROM r
  WHERE a.award_id = r.award_id
    AND (a.transaction_count, a.total_obligation, a.total_subsidy_cost, a.total_loan_value, a.award_amount,
         a.generated_pragmatic_obligation, a.base_and_all_options_value, a.base_exercised_options_val,
         a.total_funding_amount, a.non_federal_funding_amount, a.total_indirect_federal_sharing,
         a.last_modified_date, a.action_date, a.fiscal_year, a.date_signed, a.latest_transaction_id,
         a.earliest_transaction_id)
      IS DISTINCT FROM
        (r.transaction_count, r.total_obligation, r.total_subsidy_cost, r.total_loan_value,
         CASE WHEN a.type IN ('07', '08') THEN r.total_loan_value ELSE r.total_obligation END,
         r.generated_pragmatic_obligation, r.base_and_all_options_value, r.base_exercised_options_val,
         r.total_funding_amount, r.non_federal_funding_amount, r.total_indirect_federal_sharing,
         r.last_modified_date, r.action_date, fiscal_year_of(r.action_date), r.date_signed, r.latest_transaction_id,
         r.earliest_transaction_id);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $function$;

-- The award type group ('contracts', 'idvs', 'grants', ...) of an award type code; used by the award amount index
-- of award_search, so it must stay IMMUTABLE and give the same answers.
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

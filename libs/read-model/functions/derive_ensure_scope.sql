-- The session table naming the awards of a scoped derivation (empty and unused when not scoped).
CREATE OR REPLACE FUNCTION derive_ensure_scope()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF to_regclass('pg_temp.derive_scope') IS NULL THEN
    CREATE TEMP TABLE derive_scope (award_id bigint PRIMARY KEY);
  END IF;
END $function$;

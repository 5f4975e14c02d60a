-- The session table naming the awards of a scoped derivation (empty and unused when not scoped). `whole`: the
-- importer wrote the award whole (award_derive_pending.whole), so the steps that recompute what it wrote pass it over.
CREATE OR REPLACE FUNCTION derive_ensure_scope()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF to_regclass('pg_temp.derive_scope') IS NULL THEN
    CREATE TEMP TABLE derive_scope (award_id bigint PRIMARY KEY, whole boolean NOT NULL DEFAULT false);
  END IF;
END $function$;

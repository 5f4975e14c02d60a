import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const FreshRow = z.object({
  stale: z.boolean(),
  codes: z.array(z.object({ code: z.string(), group_name: z.string().nullable() })),
});

/**
 * The DEF codes (code and disaster group, ordered by code) after bringing the disaster summaries up to date (one
 * round trip when they are current). The disaster endpoints read pre-aggregated tables (libs/read-model migration
 * 0150): File C and File B rows of the latest submission per agency and period in the revealed submission windows
 * from FY2020 P7 on (upstream `disaster_base.py` applies that start to every DEF code), already chosen and summed by
 * `refresh_disaster_summaries()`. Writes to the source tables mark them stale and a newly revealed window expires
 * them; then one rebuild runs, with the statement timeout lifted for it (seconds on the demo data), and concurrent
 * callers wait for it. Every disaster route calls this first (through resolveDisasterCodes), so the query modules
 * read without checking again.
 */
export async function freshDefCodes(db: CommonQueryMethods): Promise<ReadonlyArray<{ code: string; group_name: string | null }>> {
  const row = await db.one(sql.type(FreshRow)`
    SELECT coalesce((SELECT stale OR coalesce(valid_until <= now(), false) FROM disaster_summary_state WHERE id = 1), true) AS stale,
      coalesce((SELECT json_agg(json_build_object('code', code, 'group_name', group_name) ORDER BY code COLLATE "C")
        FROM disaster_emergency_fund_code), '[]'::json) AS codes
  `);
  if (row.stale) {
    // A rebuild outlasts the interactive statement timeout on large data; it runs once, under its own lock.
    await db.transaction(async (t) => {
      await t.query(sql.type(z.object({ timeout: z.string() }))`SELECT set_config('statement_timeout', '0', true) AS timeout`);
      await t.query(sql.type(z.object({ rebuilt: z.boolean() }))`SELECT refresh_disaster_summaries() AS rebuilt`);
    });
  }
  return row.codes;
}

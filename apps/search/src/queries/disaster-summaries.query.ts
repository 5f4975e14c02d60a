import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const FreshRow = z.object({
  rebuilt: z.boolean(),
  codes: z.array(z.object({ code: z.string(), group_name: z.string().nullable() })),
});

/**
 * The DEF codes (code and disaster group, ordered by code) after bringing the disaster summaries up to date, in
 * one round trip. The disaster endpoints read pre-aggregated tables (libs/read-model migration 0150): File C and
 * File B rows of the latest submission per agency and period in the revealed submission windows from FY2020 P7 on
 * (upstream `disaster_base.py` applies that start to every DEF code), already chosen and summed by
 * `refresh_disaster_summaries()`. Writes to the source tables mark them stale and a newly revealed window expires
 * them; the call is a no-op check when they are current, one rebuild otherwise. Every disaster route calls this
 * first (through resolveDisasterCodes), so the query modules read without checking again.
 */
export async function freshDefCodes(db: CommonQueryMethods): Promise<ReadonlyArray<{ code: string; group_name: string | null }>> {
  const row = await db.one(sql.type(FreshRow)`
    SELECT (SELECT refresh_disaster_summaries()) AS rebuilt,
      coalesce((SELECT json_agg(json_build_object('code', code, 'group_name', group_name) ORDER BY code COLLATE "C")
        FROM disaster_emergency_fund_code), '[]'::json) AS codes
  `);
  return row.codes;
}

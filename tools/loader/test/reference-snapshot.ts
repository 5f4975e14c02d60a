import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

/** Tables whose ids award and account data point at; their ids must survive reloads. */
export const ID_TABLES = [
  'toptier_agency', 'subtier_agency', 'agency', 'office', 'federal_account', 'treasury_appropriation_account',
  'object_class', 'ref_program_activity',
];

/** Row count and a digest of the full contents (ids included) of each table. */
export async function snapshotTables(pool: DatabasePool, tables: string[]): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of tables) {
    const r = await pool.one(sql.type(z.object({ rows: z.number(), digest: z.string().nullable() }))`
      SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier([table])} AS t`);
    out[table] = { rows: r.rows, digest: r.digest ?? '' };
  }
  return out;
}

import type { DefCodeGroup, FilterContext } from '@usas/filters';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const DefCodeRow = z.object({ code: z.string(), group_name: z.enum(['covid_19', 'infrastructure']).nullable(), enacted: z.string().nullable() });

/** DEF code facts the filter compiler needs (enactment dates and groups), plus every known code. */
export async function loadFilterContext(db: CommonQueryMethods): Promise<FilterContext & { defCodes: string[] }> {
  const rows = await db.any(sql.type(DefCodeRow)`
    SELECT code, group_name, earliest_public_law_enactment_date::text AS enacted FROM disaster_emergency_fund_code ORDER BY code COLLATE "C"`);
  const defCodeEnactment: Record<string, string> = {};
  const defCodeGroup: Record<string, DefCodeGroup> = {};
  for (const r of rows) {
    if (r.group_name !== null && r.enacted !== null) {
      defCodeEnactment[r.code] = r.enacted;
      defCodeGroup[r.code] = r.group_name;
    }
  }
  return { defCodeEnactment, defCodeGroup, defCodes: rows.map((r) => r.code) };
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** The toptier code of an agency named in a filter (a toptier name, or a subtier's toptier), or null. */
export async function toptierCodeOf(db: CommonQueryMethods, agency: { tier: string; name: string; toptier_name?: string }): Promise<string | null> {
  const name = agency.tier === 'toptier' ? agency.name : agency.toptier_name;
  if (name) {
    return db.maybeOneFirst(sql.type(z.object({ code: z.string() }))`SELECT toptier_code AS code FROM toptier_agency WHERE upper(name) = upper(${name}) LIMIT 1`);
  }
  return db.maybeOneFirst(sql.type(z.object({ code: z.string() }))`
    SELECT t.toptier_code AS code FROM subtier_agency s JOIN agency a USING (subtier_agency_id) JOIN toptier_agency t USING (toptier_agency_id)
    WHERE upper(s.name) = upper(${agency.name}) ORDER BY t.toptier_code LIMIT 1`);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const Agency = z.object({ toptier_code: z.string(), name: z.string(), abbreviation: z.string().nullable() });

/** A toptier agency by its id (the `agency` of list_monthly_files), or null. */
export async function findToptierAgency(db: CommonQueryMethods, toptierAgencyId: number): Promise<z.infer<typeof Agency> | null> {
  return db.maybeOne(sql.type(Agency)`
    SELECT toptier_code, name, nullif(abbreviation, '') AS abbreviation FROM toptier_agency WHERE toptier_agency_id = ${toptierAgencyId}`);
}

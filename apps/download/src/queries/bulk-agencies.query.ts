import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const AgencyRow = z.object({ toptier_code: z.string(), name: z.string(), toptier_agency_id: z.number() });
export type BulkAgencyRow = z.infer<typeof AgencyRow>;

/** Toptier agencies with at least one user-selectable subtier (bulk award downloads), by name. */
export async function listAwardAgencies(db: CommonQueryMethods): Promise<readonly BulkAgencyRow[]> {
  return db.any(sql.type(AgencyRow)`
    SELECT t.toptier_code, t.name, t.toptier_agency_id
    FROM toptier_agency t
    WHERE EXISTS (SELECT 1 FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id AND a.subtier_agency_id IS NOT NULL AND a.user_selectable)
    ORDER BY t.name`);
}

/** Toptier agencies with at least one File A/B/C submission (account downloads), by name. */
export async function listAccountAgencies(db: CommonQueryMethods): Promise<readonly BulkAgencyRow[]> {
  return db.any(sql.type(AgencyRow)`
    SELECT t.toptier_code, t.name, t.toptier_agency_id
    FROM toptier_agency t
    WHERE EXISTS (SELECT 1 FROM submission_attributes s WHERE s.toptier_code = t.toptier_code)
    ORDER BY t.name`);
}

/** User-selectable subtier agencies of one toptier agency, by name. */
export async function listSubAgencies(db: CommonQueryMethods, toptierAgencyId: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ subtier_agency_name: z.string() }))`
    SELECT DISTINCT s.name AS subtier_agency_name
    FROM agency a JOIN subtier_agency s ON s.subtier_agency_id = a.subtier_agency_id
    WHERE a.toptier_agency_id = ${toptierAgencyId} AND a.user_selectable
    ORDER BY 1`);
}

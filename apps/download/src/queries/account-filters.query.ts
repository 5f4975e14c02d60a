import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const Agency = z.object({ toptier_agency_id: z.number(), toptier_code: z.string() });

/** The toptier agency an account download names: by toptier_agency_id when all digits, else by abbreviation (upstream). */
export async function findAccountAgency(db: CommonQueryMethods, agency: string): Promise<z.infer<typeof Agency> | null> {
  const where = /^\d+$/.test(agency)
    ? sql.fragment`toptier_agency_id = ${Number(agency)}`
    : sql.fragment`upper(abbreviation) = upper(${agency})`;
  return db.maybeOne(sql.type(Agency)`SELECT toptier_agency_id, toptier_code FROM toptier_agency WHERE ${where} ORDER BY toptier_agency_id LIMIT 1`);
}

/** Whether a federal account id exists. */
export async function federalAccountExists(db: CommonQueryMethods, id: number): Promise<boolean> {
  return db.exists(sql.type(z.object({ id: z.number() }))`SELECT id FROM federal_account WHERE id = ${id}`);
}

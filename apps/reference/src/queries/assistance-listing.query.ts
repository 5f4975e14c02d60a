import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const ListingRow = z.object({ code: z.string(), description: z.string().nullable(), federal_agency: z.string().nullable() });
export type ListingRow = z.infer<typeof ListingRow>;

/** Every assistance listing of references_cfda (number, title, administering agency), by number. */
export async function listAssistanceListings(db: CommonQueryMethods): Promise<readonly ListingRow[]> {
  return db.any(sql.type(ListingRow)`
    SELECT program_number AS code, program_title AS description, federal_agency FROM references_cfda ORDER BY program_number`);
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const PscRow = z.object({ code: z.string(), description: z.string().nullable() });
const TasRow = z.object({
  toptier_code: z.string(),
  agency_name: z.string(),
  agency_abbreviation: z.string().nullable(),
  federal_account_code: z.string(),
  federal_account_title: z.string().nullable(),
  tas_rendering_label: z.string(),
  tas_title: z.string().nullable(),
});

/** Every product and service code (the PSC tree is assembled in memory: a few thousand rows). */
export async function listPscCodes(db: CommonQueryMethods) {
  return db.any(sql.type(PscRow)`SELECT code, description FROM psc ORDER BY code COLLATE "C"`);
}

/**
 * Every Treasury account symbol with its federal account and that account's owning toptier agency;
 * symbols without a federal account or agency cannot be placed in the tree and are left out.
 */
export async function listTasTreeRows(db: CommonQueryMethods) {
  return db.any(sql.type(TasRow)`
    SELECT ta.toptier_code, ta.name AS agency_name, ta.abbreviation AS agency_abbreviation,
           fa.federal_account_code, fa.account_title AS federal_account_title,
           t.tas_rendering_label, t.account_title AS tas_title
    FROM treasury_appropriation_account t
    JOIN federal_account fa ON fa.id = t.federal_account_id
    JOIN toptier_agency ta ON ta.toptier_agency_id = fa.parent_toptier_agency_id
    ORDER BY ta.toptier_code, fa.federal_account_code, t.tas_rendering_label
  `);
}

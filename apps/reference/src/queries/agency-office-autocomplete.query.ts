import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { matchRank, textPatterns } from '../search/search-text';

/** Which side of an award the offices are looked up for. */
export type OfficeRole = 'awarding' | 'funding';

/**
 * Offices eligible for a role: only an office whose flags for the role are both known to be false is
 * left out (reference files often leave the flags empty).
 */
function roleCondition(role: OfficeRole) {
  return role === 'awarding'
    ? sql.fragment`coalesce(o.contract_awards_office OR o.financial_assistance_awards_office, TRUE)`
    : sql.fragment`coalesce(o.contract_funding_office OR o.financial_assistance_funding_office, TRUE)`;
}

const ToptierRow = z.object({ toptier_agency_id: z.number(), code: z.string(), abbreviation: z.string().nullable(), name: z.string() });
const SubtierOfToptierRow = z.object({ toptier_agency_id: z.number(), code: z.string(), abbreviation: z.string().nullable(), name: z.string() });
const OfficeOfToptierRow = z.object({ toptier_agency_id: z.number(), code: z.string(), name: z.string() });
const SubtierRow = z.object({
  code: z.string(),
  abbreviation: z.string().nullable(),
  name: z.string(),
  toptier_code: z.string(),
  toptier_abbreviation: z.string().nullable(),
  toptier_name: z.string(),
});
const OfficeOfSubtierRow = z.object({ subtier_code: z.string(), code: z.string(), name: z.string() });
const OfficeRow = z.object({
  code: z.string(),
  name: z.string(),
  subtier_code: z.string(),
  subtier_abbreviation: z.string().nullable(),
  subtier_name: z.string(),
  toptier_code: z.string(),
  toptier_abbreviation: z.string().nullable(),
  toptier_name: z.string(),
});

/** Toptier agencies (having subtier agencies) whose name or abbreviation contains the text. */
export async function searchToptierAgencies(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  const rank = sql.fragment`least(${matchRank(sql.fragment`upper(t.name)`, p)}, ${matchRank(sql.fragment`upper(t.abbreviation)`, p)})`;
  return db.any(sql.type(ToptierRow)`
    SELECT t.toptier_agency_id, t.toptier_code AS code, t.abbreviation, t.name
    FROM toptier_agency t
    WHERE (upper(t.name) LIKE ${p.contains} OR upper(t.abbreviation) LIKE ${p.contains})
      AND EXISTS (SELECT 1 FROM agency a WHERE a.toptier_agency_id = t.toptier_agency_id)
    ORDER BY ${rank}, upper(t.name) COLLATE "C", t.toptier_code
    LIMIT ${limit}
  `);
}

/** Every subtier agency of the given toptier agencies (toptier-flagged first, then by name). */
export async function listSubtiersOfToptiers(db: CommonQueryMethods, toptierIds: readonly number[]) {
  if (toptierIds.length === 0) return [];
  return db.any(sql.type(SubtierOfToptierRow)`
    SELECT a.toptier_agency_id, s.subtier_code AS code, s.abbreviation, s.name
    FROM agency a
    JOIN subtier_agency s ON s.subtier_agency_id = a.subtier_agency_id
    WHERE a.toptier_agency_id = ANY(${sql.array(toptierIds, 'int4')})
    ORDER BY a.toptier_flag DESC, upper(s.name) COLLATE "C", s.subtier_code
  `);
}

/** Every office (for the role) under the subtier agencies of the given toptier agencies. */
export async function listOfficesOfToptiers(db: CommonQueryMethods, toptierIds: readonly number[], role: OfficeRole) {
  if (toptierIds.length === 0) return [];
  return db.any(sql.type(OfficeOfToptierRow)`
    SELECT a.toptier_agency_id, o.office_code AS code, o.office_name AS name
    FROM office o
    JOIN subtier_agency s ON s.subtier_code = o.sub_tier_code
    JOIN agency a ON a.subtier_agency_id = s.subtier_agency_id
    WHERE a.toptier_agency_id = ANY(${sql.array(toptierIds, 'int4')}) AND ${roleCondition(role)}
    ORDER BY a.toptier_flag DESC, upper(s.name) COLLATE "C", upper(o.office_name) COLLATE "C", o.office_code
  `);
}

/** Subtier agencies whose name or abbreviation contains the text, with their toptier agency. */
export async function searchSubtierAgencies(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  const rank = sql.fragment`least(${matchRank(sql.fragment`upper(s.name)`, p)}, ${matchRank(sql.fragment`upper(s.abbreviation)`, p)})`;
  return db.any(sql.type(SubtierRow)`
    SELECT s.subtier_code AS code, s.abbreviation, s.name,
           t.toptier_code, t.abbreviation AS toptier_abbreviation, t.name AS toptier_name
    FROM agency a
    JOIN subtier_agency s ON s.subtier_agency_id = a.subtier_agency_id
    JOIN toptier_agency t ON t.toptier_agency_id = a.toptier_agency_id
    WHERE upper(s.name) LIKE ${p.contains} OR upper(s.abbreviation) LIKE ${p.contains}
    ORDER BY ${rank}, a.toptier_flag DESC, upper(t.name) COLLATE "C", upper(s.name) COLLATE "C", s.subtier_code
    LIMIT ${limit}
  `);
}

/** Every office (for the role) of the given subtier agencies, by name. */
export async function listOfficesOfSubtiers(db: CommonQueryMethods, subtierCodes: readonly string[], role: OfficeRole) {
  if (subtierCodes.length === 0) return [];
  return db.any(sql.type(OfficeOfSubtierRow)`
    SELECT o.sub_tier_code AS subtier_code, o.office_code AS code, o.office_name AS name
    FROM office o
    WHERE o.sub_tier_code = ANY(${sql.array(subtierCodes, 'text')}) AND ${roleCondition(role)}
    ORDER BY upper(o.office_name) COLLATE "C", o.office_code
  `);
}

/** Offices (for the role) whose name contains the text, with their subtier and toptier agency. */
export async function searchOffices(db: CommonQueryMethods, text: string, limit: number, role: OfficeRole) {
  const p = textPatterns(text);
  return db.any(sql.type(OfficeRow)`
    SELECT o.office_code AS code, o.office_name AS name,
           s.subtier_code, s.abbreviation AS subtier_abbreviation, s.name AS subtier_name,
           t.toptier_code, t.abbreviation AS toptier_abbreviation, t.name AS toptier_name
    FROM office o
    JOIN subtier_agency s ON s.subtier_code = o.sub_tier_code
    JOIN agency a ON a.subtier_agency_id = s.subtier_agency_id
    JOIN toptier_agency t ON t.toptier_agency_id = a.toptier_agency_id
    WHERE upper(o.office_name) LIKE ${p.contains} AND ${roleCondition(role)}
    ORDER BY ${matchRank(sql.fragment`upper(o.office_name)`, p)}, a.toptier_flag DESC, upper(t.name) COLLATE "C",
      upper(s.name) COLLATE "C", upper(o.office_name) COLLATE "C", o.office_code
    LIMIT ${limit}
  `);
}

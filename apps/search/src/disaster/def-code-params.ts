import { badRequest } from '@usas/errors';
import type { CommonQueryMethods } from 'slonik';
import { freshDefCodes } from '../queries/disaster-summaries.query';

/**
 * Checks requested DEF codes against the known ones (upstream answers an unknown code with 400) and returns them
 * without duplicates. Without codes, the COVID-19 codes (the overview's default).
 */
function checkDefCodes(known: ReadonlyArray<{ code: string; group_name: string | null }>, requested: readonly string[] | undefined, path: string): string[] {
  if (requested === undefined) return known.filter((c) => c.group_name === 'covid_19').map((c) => c.code);
  if (requested.length === 0) {
    throw badRequest(`Field '${path}' needs at least one DEF code.`, [{ path, message: 'at least one DEF code', code: 'minItems' }]);
  }
  const codes = new Set(known.map((c) => c.code));
  const unknown = requested.filter((c) => !codes.has(c));
  if (unknown.length > 0) {
    throw badRequest(`Unknown DEF code${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `'${c}'`).join(', ')} in '${path}'; see /api/v2/references/def_codes/.`, [
      { path, message: `unknown DEF code ${unknown.join(', ')}`, code: 'enum' },
    ]);
  }
  return [...new Set(requested)];
}

/**
 * The requested DEF codes, checked against the DEF code table; brings the disaster summaries up to date in the same
 * round trip (freshDefCodes), so the queries after it read current sums.
 */
export async function resolveDisasterCodes(db: CommonQueryMethods, requested: readonly string[] | undefined, path: string): Promise<string[]> {
  return checkDefCodes(await freshDefCodes(db), requested, path);
}

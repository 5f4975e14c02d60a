import { badRequest } from '@usas/errors';
import type { CommonQueryMethods } from 'slonik';
import { listDefCodes } from '../queries/def-codes.query';

/**
 * Checks requested DEF codes against the DEF code table (upstream answers an unknown code with 400) and
 * returns them without duplicates. Without codes, the COVID-19 codes (the overview's default).
 */
export async function resolveDefCodes(db: CommonQueryMethods, requested: readonly string[] | undefined, path: string): Promise<string[]> {
  const known = await listDefCodes(db);
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

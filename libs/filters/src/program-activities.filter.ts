import { badRequest } from '@usas/errors';
import { sql } from 'slonik';
import { allOf, anyOf, col, type Fragment } from './sql-helpers';
import type { ProgramActivityFilter } from './types';

/**
 * `program_activities`: objects OR-ed; each matches a row whose `program_activities` jsonb array holds one
 * element with that name and/or code. Codes are padded to four characters (as stored) and compared by
 * containment, `program_activities @> '[{"code": ...}]'`, which a GIN index (jsonb_path_ops) serves; names
 * compare case-insensitively (the read model keeps the reference data's mixed case), which needs an
 * element scan: with a code it only runs on the rows the containment found.
 */
export function programActivitiesFilter(items: readonly ProgramActivityFilter[]): Fragment {
  const parts: Fragment[] = [];
  items.forEach((item, i) => {
    const name = typeof item.name === 'string' ? item.name.trim().toUpperCase() : '';
    const rawCode = item.code === undefined || item.code === null ? '' : String(item.code).trim();
    const code = rawCode ? rawCode.padStart(4, '0') : '';
    if (!name && !code) {
      throw badRequest('Each program_activities entry needs a name or a code.', [
        { path: `/body/filters/program_activities/${i}`, message: 'name or code required', code: 'required' },
      ]);
    }
    const byCode = code ? sql.fragment`${col('program_activities')} @> ${sql.jsonb([{ code }])}` : null;
    if (!name && byCode) {
      parts.push(byCode);
      return;
    }
    const sameElementCode = code ? sql.fragment` AND pa.value->>'code' = ${code}` : sql.fragment``;
    const byName = sql.fragment`EXISTS (SELECT 1 FROM jsonb_array_elements(${col('program_activities')}) AS pa WHERE upper(pa.value->>'name') = ${name}${sameElementCode})`;
    parts.push(byCode ? allOf([byCode, byName]) : byName);
  });
  return anyOf(parts);
}

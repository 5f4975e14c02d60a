import { sql } from 'slonik';
import { allOf, anyOf, col, equalsAny, unique, type Fragment } from './sql-helpers';
import type { AgencyFilter } from './types';

/**
 * `agencies`: entries of one type (awarding / funding) are OR-ed, and the awarding and the funding
 * groups are AND-ed (upstream emits one `should` per type). Names compare exactly, like upstream's keyword
 * fields, against the denormalised `<type>_<tier>_agency_name` columns.
 * Plain names of one type and tier collapse into `name_column = ANY(names)` (btree index on the name
 * column); a subtier scoped by `toptier_name` adds an equality on the toptier name column.
 */
export function agenciesFilter(agencies: readonly AgencyFilter[]): Fragment {
  const groups: Fragment[] = [];
  for (const type of ['awarding', 'funding'] as const) {
    const ofType = agencies.filter((a) => a.type === type);
    if (ofType.length === 0) continue;
    const parts: Fragment[] = [];
    for (const tier of ['toptier', 'subtier'] as const) {
      const nameColumn = `${type}_${tier}_agency_name`;
      const ofTier = ofType.filter((a) => a.tier === tier);
      const plain = unique(ofTier.filter((a) => tier === 'toptier' || !a.toptier_name).map((a) => a.name));
      if (plain.length > 0) parts.push(equalsAny(nameColumn, plain));
      if (tier === 'subtier') {
        for (const a of ofTier.filter((x) => x.toptier_name)) {
          parts.push(allOf([sql.fragment`${col(nameColumn)} = ${a.name}`, sql.fragment`${col(`${type}_toptier_agency_name`)} = ${a.toptier_name!}`]));
        }
      }
    }
    groups.push(anyOf(parts));
  }
  return allOf(groups);
}

import { badRequest, unprocessable } from '@usas/errors';
import { sql } from 'slonik';
import { mostSpecificRule, type HierarchyRule } from './hierarchical-rules';
import { col, escapeLike, type Fragment } from './sql-helpers';
import type { AdvancedFilter } from './types';

/**
 * Prefix match of a code column: `column LIKE 'code%'`, which a btree index with text_pattern_ops (or a
 * "C"-collated btree) serves as a range scan. A full-length code compares with `=` (plain btree).
 */
function codePrefix(column: string, fullLength: number) {
  return (code: string): Fragment =>
    code.length >= fullLength ? sql.fragment`${col(column)} = ${code}` : sql.fragment`${col(column)} LIKE ${`${escapeLike(code)}%`}`;
}

/**
 * `naics_codes`: `{require, exclude}` prefixes (or a legacy array = require) with the most specific rule
 * winning. Codes must have 2, 4 or 6 digits (upstream's rule, 400 otherwise).
 */
export function naicsFilter(value: NonNullable<AdvancedFilter['naics_codes']>): Fragment {
  const require = Array.isArray(value) ? value : (value.require ?? []);
  const exclude = Array.isArray(value) ? [] : (value.exclude ?? []);
  const rules: HierarchyRule[] = [];
  for (const [codes, isRequire] of [[require, true], [exclude, false]] as const) {
    for (const raw of codes) {
      const code = String(raw).trim();
      if (!/^\d{2}(\d{2}){0,2}$/.test(code)) {
        throw badRequest(`Invalid NAICS code '${raw}': NAICS filtering supports codes of 2, 4 or 6 digits.`, [
          { path: '/body/filters/naics_codes', message: 'codes must have 2, 4 or 6 digits', code: 'format' },
        ]);
      }
      rules.push({ key: code, require: isRequire });
    }
  }
  return mostSpecificRule(rules, codePrefix('naics_code', 6));
}

/** PSC tier-1 groups of the filter tree and the code prefixes each stands for. */
export const PSC_GROUPS: Record<string, string[]> = {
  'Research and Development': ['A'],
  Service: 'BCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''),
  Product: '0123456789'.split(''),
};

const PSC_CODE = /^[A-Z0-9]{1,4}$/;

function pscCode(code: string): string {
  if (!PSC_CODE.test(code)) {
    throw unprocessable(`PSC codes must be one to four character uppercased alphanumeric strings.  Offending code: '${code}'.`, [
      { path: '/body/filters/psc_codes', message: 'invalid PSC code', code: 'format' },
    ]);
  }
  return code;
}

/** The code prefixes a PSC tree path selects: its last element, or every prefix of a bare tier-1 group. */
function pscPathKeys(path: readonly string[]): string[] {
  if (path.length === 0) throw unprocessable('PSC filter paths must not be empty.', [{ path: '/body/filters/psc_codes', message: 'empty path', code: 'format' }]);
  const [first, ...rest] = path;
  const group = PSC_GROUPS[first!];
  if (group) return rest.length === 0 ? group : [pscCode(rest[rest.length - 1]!)];
  // Paths without the tier-1 group name (and the legacy array form) are plain code lists.
  return [pscCode(path[path.length - 1]!)];
}

/**
 * `psc_codes`: a legacy array of codes (= require) or `{require, exclude}` tree paths from the tier-1 group
 * down to a code; the last element is a code prefix (4 characters = a leaf code) and the most specific
 * rule wins. Invalid codes answer 422 as upstream.
 */
export function pscFilter(value: NonNullable<AdvancedFilter['psc_codes']>): Fragment {
  const rules: HierarchyRule[] = [];
  if (Array.isArray(value)) {
    for (const code of value) rules.push({ key: pscCode(code), require: true });
  } else {
    for (const path of value.require ?? []) for (const key of pscPathKeys(path)) rules.push({ key, require: true });
    for (const path of value.exclude ?? []) for (const key of pscPathKeys(path)) rules.push({ key, require: false });
  }
  return mostSpecificRule(rules, codePrefix('product_or_service_code', 4));
}

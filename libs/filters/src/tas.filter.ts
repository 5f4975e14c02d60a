import { unprocessable } from '@usas/errors';
import { sql } from 'slonik';
import { mostSpecificRule, type HierarchyRule } from './hierarchical-rules';
import { anyOf, col, escapeLike, overlaps, TRUE, type Fragment } from './sql-helpers';
import { formatTasComponents, formatTasPath, parseTasLabel, tasAgencyPrefix, tasFederalAccountPrefix } from './tas-path';
import type { AdvancedFilter, TreasuryAccountComponents } from './types';

const AGENCY_CODE = /^[0-9A-Z]{3,4}$/;
const FEDERAL_ACCOUNT = /^([0-9A-Z]{3})-(\d{4})$/;
/** Marks a rule key as a whole tas_paths element (not a prefix), so two TAS never look nested. */
const EXACT = '|';

function cannotParse(path: readonly string[]): never {
  throw unprocessable(`Unable to parse TAS filter path ${JSON.stringify(path)}: expected [agency], [agency, federal account] or [agency, federal account, TAS].`, [
    { path: '/body/filters/tas_codes', message: 'invalid TAS path', code: 'format' },
  ]);
}

/** The rule key of one TAS tree path: a tas_paths prefix for agency / federal account, the whole element for a TAS. */
function tasPathKey(path: readonly string[]): string {
  const [agency, federalAccount, label] = path.map((p) => p.trim());
  if (path.length < 1 || path.length > 3 || !agency || !AGENCY_CODE.test(agency)) cannotParse(path);
  if (federalAccount === undefined) return tasAgencyPrefix(agency);
  const fa = FEDERAL_ACCOUNT.exec(federalAccount);
  if (!fa) cannotParse(path);
  if (label === undefined) return tasFederalAccountPrefix(agency, fa[1]!, fa[2]!);
  const tas = parseTasLabel(label);
  if (!tas) cannotParse(path);
  return formatTasPath({ agency, faAid: fa[1]!, faMain: fa[2]!, ...tas }) + EXACT;
}

/**
 * One TAS rule against the `tas_paths` array: a whole TAS is `tas_paths && ARRAY[path]` (GIN index on
 * tas_paths); an agency or federal-account prefix needs an element scan, `EXISTS (unnest ... LIKE
 * 'prefix%')`, which no index serves: it is evaluated on the rows the other, indexed predicates leave.
 */
function matchTasPath(key: string): Fragment {
  if (key.endsWith(EXACT)) return overlaps('tas_paths', [key.slice(0, -EXACT.length)]);
  return sql.fragment`EXISTS (SELECT 1 FROM unnest(${col('tas_paths')}) AS tas_path WHERE tas_path LIKE ${`${escapeLike(key)}%`})`;
}

/** `tas_codes` in the tree form: `{require, exclude}` paths with the most specific rule winning. */
function tasTreeFilter(value: { require?: string[][]; exclude?: string[][] }): Fragment {
  const rules: HierarchyRule[] = [
    ...(value.require ?? []).map((p) => ({ key: tasPathKey(p), require: true })),
    ...(value.exclude ?? []).map((p) => ({ key: tasPathKey(p), require: false })),
  ];
  return mostSpecificRule(rules, matchTasPath);
}

const COMPONENT_KEYS = ['ata', 'sub', 'bpoa', 'epoa', 'a'] as const;

/**
 * Component objects against `tas_components`: a given component must equal the value (null = the TAS has
 * no such component), a missing one matches anything. Objects giving all seven components are whole
 * elements, OR-ed into one `tas_components && ARRAY[...]` (GIN index); the others become
 * `EXISTS (unnest ... LIKE pattern)` with `%` for the missing components (no index; see matchTasPath).
 */
function componentsFilter(objects: readonly TreasuryAccountComponents[]): Fragment {
  const exact: string[] = [];
  const parts: Fragment[] = [];
  for (const o of objects) {
    if (COMPONENT_KEYS.every((k) => o[k] !== undefined)) {
      exact.push(formatTasComponents({ aid: o.aid, main: o.main, ata: o.ata ?? null, sub: o.sub ?? null, bpoa: o.bpoa ?? null, epoa: o.epoa ?? null, a: o.a ?? null }));
      continue;
    }
    const piece = (k: (typeof COMPONENT_KEYS)[number]) => (o[k] === undefined ? '%' : escapeLike(o[k] ?? ''));
    const pattern =
      `aid=${escapeLike(o.aid)}main=${escapeLike(o.main)}ata=${piece('ata')}sub=${piece('sub')}` +
      `bpoa=${piece('bpoa')}epoa=${piece('epoa')}a=${piece('a')}`;
    parts.push(sql.fragment`EXISTS (SELECT 1 FROM unnest(${col('tas_components')}) AS tas_component WHERE tas_component LIKE ${pattern})`);
  }
  if (exact.length > 0) parts.unshift(overlaps('tas_components', [...new Set(exact)]));
  return anyOf(parts);
}

/**
 * `tas_codes` and `treasury_account_components`, OR-ed with each other (upstream's exception to AND-ing
 * filters). The legacy array form of `tas_codes` is a list of component objects.
 */
export function tasFilter(tasCodes: AdvancedFilter['tas_codes'], components: AdvancedFilter['treasury_account_components']): Fragment {
  const parts: Fragment[] = [];
  if (tasCodes !== undefined) {
    if (Array.isArray(tasCodes)) {
      if (tasCodes.length > 0) parts.push(componentsFilter(tasCodes));
    } else if ((tasCodes.require?.length ?? 0) + (tasCodes.exclude?.length ?? 0) > 0) {
      parts.push(tasTreeFilter(tasCodes));
    }
  }
  if (components !== undefined && components.length > 0) parts.push(componentsFilter(components));
  return parts.length === 0 ? TRUE : anyOf(parts);
}

import { allOf, anyOf, FALSE, notTrue, TRUE, type Fragment } from './sql-helpers';

/** One require/exclude rule over a code hierarchy where a longer key is more specific. */
export interface HierarchyRule {
  /** Position in the hierarchy as a string whose prefixes are its ancestors (NAICS code, PSC code, TAS path). */
  key: string;
  require: boolean;
}

/**
 * "The most specific rule wins": a row is kept when the longest rule that matches it is a require rule;
 * rows no rule matches are kept only when there are no require rules at all (exclude-only filters).
 * A code listed in both lists counts as excluded.
 *
 * Compiled without per-row rule ranking, as
 *   OR over require rules r of ( match(r) AND NOT any exclude rule strictly below r matches )
 * which is equivalent because the rules matching one value form a chain of prefixes: the longest matching
 * rule is a require rule exactly when some matching require rule has no matching exclude rule below it.
 * For array columns (TAS paths) "matches" means "some element matches", so an exclusion below a required
 * node removes the whole row, as upstream's document-level query does.
 * Exclude-only: NOT (any exclude matches), keeping rows whose column is NULL (upstream keeps them too).
 */
export function mostSpecificRule(rules: readonly HierarchyRule[], match: (key: string) => Fragment): Fragment {
  const excludeKeys = [...new Set(rules.filter((r) => !r.require).map((r) => r.key))];
  const requireKeys = [...new Set(rules.filter((r) => r.require).map((r) => r.key))];
  if (requireKeys.length === 0 && excludeKeys.length === 0) return TRUE;
  // Exclude-only: no rule above the excludes can re-admit anything, so only the top-most excludes matter.
  if (requireKeys.length === 0) return notTrue(anyOf(topMost(excludeKeys).map(match)));

  const effectiveRequires = requireKeys.filter((k) => !excludeKeys.includes(k));
  if (effectiveRequires.length === 0) return FALSE;
  const parts = effectiveRequires.map((r) => {
    const below = topMost(excludeKeys.filter((e) => e.length > r.length && e.startsWith(r)));
    return below.length === 0 ? match(r) : allOf([match(r), notTrue(anyOf(below.map(match)))]);
  });
  return anyOf(parts);
}

/** Keys that have no ancestor among the others (a descendant's matches are a subset of its ancestor's). */
function topMost(keys: readonly string[]): string[] {
  return keys.filter((k) => !keys.some((other) => other.length < k.length && k.startsWith(other)));
}

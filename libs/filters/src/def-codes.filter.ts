import { sql } from 'slonik';
import { allOf, anyOf, col, overlaps, unique, type Fragment } from './sql-helpers';
import type { FilterContext, SpendingLevel } from './types';

/** Award-level totals that must be non-zero for a grouped DEF code to count, per group. */
const NONZERO_TOTALS = {
  covid_19: ['total_covid_obligation', 'total_covid_outlay'],
  infrastructure: ['total_iija_obligation', 'total_iija_outlay'],
} as const;

function nonZero(columns: readonly string[]): Fragment {
  return anyOf(columns.map((c) => sql.fragment`${col(c)} <> 0`));
}

/**
 * `def_codes`: `disaster_emergency_fund_codes && codes` (GIN index on the array). Codes of the COVID-19
 * and IIJA groups (those in `context.defCodeEnactment`) only count on or after the enactment date of their
 * public law: transactions compare action_date, subawards sub_action_date (btree indexes on the dates);
 * awards instead need a non-zero COVID-19 (or IIJA) obligation or outlay total, as upstream.
 */
export function defCodesFilter(codes: readonly string[], level: SpendingLevel, context: FilterContext): Fragment {
  const wanted = unique(codes.map((c) => c.trim().toUpperCase()).filter((c) => c.length > 0));
  const plain = wanted.filter((c) => context.defCodeEnactment[c] === undefined);
  const grouped = wanted.filter((c) => context.defCodeEnactment[c] !== undefined);
  const parts: Fragment[] = [];
  if (plain.length > 0) parts.push(overlaps('disaster_emergency_fund_codes', plain));

  if (level === 'awards') {
    const byTotals = new Map<string, string[]>();
    for (const code of grouped) {
      const group = context.defCodeGroup?.[code];
      const totals = group ? [...NONZERO_TOTALS[group]] : [...NONZERO_TOTALS.covid_19, ...NONZERO_TOTALS.infrastructure];
      const key = totals.join(',');
      byTotals.set(key, [...(byTotals.get(key) ?? []), code]);
    }
    for (const [key, groupCodes] of byTotals) parts.push(allOf([overlaps('disaster_emergency_fund_codes', groupCodes), nonZero(key.split(','))]));
  } else {
    const dateColumn = level === 'transactions' ? 'action_date' : 'sub_action_date';
    // Codes sharing an enactment date share one condition, so the SQL stays small for the 7 COVID codes.
    const byDate = new Map<string, string[]>();
    for (const code of grouped) {
      const date = context.defCodeEnactment[code]!;
      byDate.set(date, [...(byDate.get(date) ?? []), code]);
    }
    for (const [date, groupCodes] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
      parts.push(
        allOf([overlaps('disaster_emergency_fund_codes', groupCodes), sql.fragment`${col(dateColumn)} >= ${sql.date(new Date(`${date}T00:00:00Z`))}`]),
      );
    }
  }
  return anyOf(parts);
}

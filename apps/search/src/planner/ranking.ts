import { AWARD_TYPE_GROUPS, type FilterNeeds } from '@usas/filters';
import { alignedTo } from './eligibility';

/**
 * The slices of a ranking table a request reads: the `action_date` of their rows, one fiscal year's first
 * day each (several whole fiscal years are summed per key) or ALL_YEARS alone (every fiscal year summed
 * already), and an award type group or `all`.
 */
export interface RankingSlice {
  actionDates: string[];
  awardTypeGroup: string;
}

/** The date of the all-years slice's rows (fill_search_rankings_all_years). */
export const ALL_YEARS = '-infinity';

/**
 * A ranking table (the baseline): per slice, the groups of a category with the keys (k1[, k2]),
 * amount and fallback name its grouped query computes, indexed by amount descending then the keys.
 */
export interface RankingTable {
  table: string;
  keys: [string] | [string, string];
  /** Columns holding the grouped query's extra aggregates, under the same names (fallback_name, ...). */
  fallbacks: string[];
}

const SUBAGENCY_FALLBACKS = ['fallback_name', 'fallback_code', 'fallback_agency_name', 'fallback_agency_abbreviation'];

/** The categories that have a ranking table (the baseline). */
export const RANKING_TABLES: Readonly<Record<string, RankingTable>> = {
  recipient: { table: 'search_ranking_recipient_fy', keys: ['recipient_hash', 'recipient_level'], fallbacks: ['fallback_name'] },
  recipient_duns: { table: 'search_ranking_recipient_fy', keys: ['recipient_hash', 'recipient_level'], fallbacks: ['fallback_name'] },
  federal_account: { table: 'search_ranking_federal_account_fy', keys: ['federal_account_id'], fallbacks: [] },
  awarding_agency: { table: 'search_ranking_awarding_agency_fy', keys: ['awarding_toptier_agency_code'], fallbacks: ['fallback_name'] },
  funding_agency: { table: 'search_ranking_funding_agency_fy', keys: ['funding_toptier_agency_code'], fallbacks: ['fallback_name'] },
  awarding_subagency: { table: 'search_ranking_awarding_subagency_fy', keys: ['awarding_subtier_agency_code'], fallbacks: SUBAGENCY_FALLBACKS },
  funding_subagency: { table: 'search_ranking_funding_subagency_fy', keys: ['funding_subtier_agency_code'], fallbacks: SUBAGENCY_FALLBACKS },
  county: { table: 'search_ranking_county_fy', keys: ['pop_state_code', 'pop_county_code'], fallbacks: ['fips', 'fallback_name'] },
  psc: { table: 'search_ranking_psc_fy', keys: ['product_or_service_code'], fallbacks: ['fallback_name'] },
};

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((v) => x.has(v));
};

/**
 * The ranking slices that answer a category request exactly, or null: transactions, no filter besides
 * award type codes that are absent or exactly one award type group and a time period that is absent (all
 * years) or one covering whole fiscal years by action date. Decided from the compiled filter's needs.
 */
export function rankingSlice(needs: FilterNeeds): RankingSlice | null {
  if (needs.level !== 'transactions') return null;
  if (!needs.keys.every((key) => key === 'time_period' || key === 'award_type_codes')) return null;
  if (needs.periods.length > 1) return null;
  const period = needs.periods[0];
  if (period) {
    if (period.dateType !== 'action_date') return null;
    if (!alignedTo('fiscal_year', period.start, period.end)) return null;
  }
  let awardTypeGroup = 'all';
  if (needs.awardTypeCodes !== null) {
    const codes = needs.awardTypeCodes;
    const group = Object.entries(AWARD_TYPE_GROUPS).find(([, groupCodes]) => sameSet(codes, groupCodes));
    if (!group) return null;
    awardTypeGroup = group[0];
  }
  if (!period) return { actionDates: [ALL_YEARS], awardTypeGroup };
  const first = Number(period.start.slice(0, 4));
  const last = Number(period.end.slice(0, 4));
  if (last <= first) return null;
  return { actionDates: Array.from({ length: last - first }, (_, i) => `${first + i}-10-01`), awardTypeGroup };
}

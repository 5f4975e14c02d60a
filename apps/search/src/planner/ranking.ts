import { AWARD_TYPE_GROUPS, type AdvancedFilter } from '@usas/filters';
import type { SpendingLevel } from '../common/spending-level';
import { alignedTo } from './eligibility';

/** One slice of a ranking table: a fiscal year (its first day) and an award type group or `all`. */
export interface RankingSlice {
  fiscalYearStart: string;
  awardTypeGroup: string;
}

/**
 * A ranking table (migrations 0055, 0058): per slice, the groups of a category with the keys (k1[, k2]),
 * amount and fallback name its grouped query computes, indexed by amount descending then the keys.
 */
export interface RankingTable {
  table: string;
  keys: [string] | [string, string];
  /** Columns holding the grouped query's extra aggregates, under the same names (fallback_name, ...). */
  fallbacks: string[];
}

const SUBAGENCY_FALLBACKS = ['fallback_name', 'fallback_code', 'fallback_agency_name', 'fallback_agency_abbreviation'];

/** The categories that have a ranking table (migrations 0055, 0058). */
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
 * The ranking slice that answers a category request exactly (migration 0055), or null: transactions, no
 * filter besides one time period covering exactly one fiscal year by action date, and award type codes
 * that are absent or exactly one award type group.
 */
export function rankingSlice(level: SpendingLevel, filters: AdvancedFilter): RankingSlice | null {
  if (level !== 'transactions') return null;
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (key !== 'time_period' && key !== 'award_type_codes') return null;
  }
  const periods = filters.time_period ?? [];
  if (periods.length !== 1) return null;
  const period = periods[0]!;
  const dateType = (period as { date_type?: string }).date_type;
  if (dateType !== undefined && dateType !== 'action_date') return null;
  if (!alignedTo('fiscal_year', period.start_date, period.end_date)) return null;
  if (Number(period.end_date.slice(0, 4)) !== Number(period.start_date.slice(0, 4)) + 1) return null;
  const codes = filters.award_type_codes ?? [];
  let awardTypeGroup = 'all';
  if (codes.length > 0) {
    const group = Object.entries(AWARD_TYPE_GROUPS).find(([, groupCodes]) => sameSet(codes, groupCodes));
    if (!group) return null;
    awardTypeGroup = group[0];
  }
  return { fiscalYearStart: period.start_date, awardTypeGroup };
}

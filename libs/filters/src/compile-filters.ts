import { badRequest } from '@usas/errors';
import { sql } from 'slonik';
import { agenciesFilter } from './agencies.filter';
import { awardIdsFilter } from './award-ids.filter';
import { defCodesFilter } from './def-codes.filter';
import { descriptionFilter, keywordsFilter, searchKeywords } from './keywords.filter';
import { LEVEL_COLUMNS, type LevelColumns } from './level-columns';
import { locationsFilter, scopeFilter } from './location.filter';
import { naicsFilter, pscFilter } from './naics-psc.filter';
import { programActivitiesFilter } from './program-activities.filter';
import { RECIPIENT_TEXT_KEY, recipientIdFilter, recipientSearchTextFilter, recipientSearchTextKeyFilter } from './recipient.filter';
import { allOf, anyOf, col, equalsAny, escapeLike, FALSE, overlaps, qualified, TRUE, unique, type Fragment } from './sql-helpers';
import { tasFilter } from './tas.filter';
import { SEARCH_MIN_DATE, timePeriodFilter, validateTimePeriods } from './time-period.filter';
import { locationNeeds, periodColumns, type CompiledFilters, type FilterNeeds, type PeriodNeed } from './filter-needs';
import type { AdvancedFilter, AgencyFilter, FilterContext, ProgramActivityFilter, SpendingLevel } from './types';

/** True for a filter value that carries a condition (absent, null and empty lists carry none). */
function given<T>(value: T | undefined | null): value is T {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * `award_type_codes`: `type = ANY(codes)` (btree index on type; subawards filter the prime award type).
 * The literal "no intersection" (sent by clients whose selections cannot overlap) matches nothing.
 */
function awardTypeFilter(codes: readonly string[], c: LevelColumns): Fragment {
  if (codes.includes('no intersection')) return FALSE;
  return equalsAny(c.type, unique(codes));
}

/** Alias of award_search in the award amount probe of transaction-level searches. */
const AMOUNT_AWARD = 'amount_award';

/**
 * `award_amounts`: ranges OR-ed, bounds inclusive (btree index on the amount column serves each range). Transaction
 * rows carry no award amount: they match on their award's, probed by primary key through `award_id`.
 */
function awardAmountsFilter(ranges: NonNullable<AdvancedFilter['award_amounts']>, c: LevelColumns): Fragment {
  const amount = c.amountOnAward ? qualified(AMOUNT_AWARD, c.amount) : col(c.amount);
  const condition = anyOf(
    ranges.map((r) => {
      const bounds: Fragment[] = [];
      if (r.lower_bound !== undefined && r.lower_bound !== null) bounds.push(sql.fragment`${amount} >= ${r.lower_bound}`);
      if (r.upper_bound !== undefined && r.upper_bound !== null) bounds.push(sql.fragment`${amount} <= ${r.upper_bound}`);
      return bounds.length === 0 ? sql.fragment`${amount} IS NOT NULL` : allOf(bounds);
    }),
  );
  if (!c.amountOnAward) return condition;
  return sql.fragment`EXISTS (SELECT 1 FROM award_search AS ${sql.identifier([AMOUNT_AWARD])} WHERE ${qualified(AMOUNT_AWARD, 'award_id')} = ${qualified(c.table, 'award_id')} AND ${condition})`;
}

/**
 * `program_numbers`: `cfda_number = ANY(numbers)` (btree); subawards keep their programs as a text list in
 * `cfda_numbers`, matched by substring (pg_trgm GIN index).
 */
function programNumbersFilter(numbers: readonly string[], c: LevelColumns): Fragment {
  const wanted = unique(numbers.map((n) => n.trim()).filter((n) => n.length > 0));
  if (wanted.length === 0) return TRUE;
  if (!c.cfdaIsList) return equalsAny(c.cfda, wanted);
  return anyOf(wanted.map((n) => sql.fragment`${col(c.cfda)} LIKE ${`%${escapeLike(n)}%`}`));
}

/**
 * Contract detail codes (pricing type, set-aside, extent competed): `column = ANY(codes)` (btree). Subaward
 * rows do not carry them, so a subaward matches on its prime award's value (primary-key probe).
 */
function contractCodeFilter(column: string, codes: readonly string[], c: LevelColumns): Fragment {
  const wanted = unique(codes);
  if (!c.contractDetailsOnPrime) return equalsAny(column, wanted);
  return sql.fragment`EXISTS (SELECT 1 FROM award_search AS prime WHERE prime.award_id = ${qualified('subaward_search', 'award_id')} AND ${qualified('prime', column)} = ANY(${sql.array(wanted, 'text')}))`;
}

/** `program_activity`: internal program activity ids, `program_activity_ids && ids` (GIN index). */
function programActivityIdsFilter(ids: readonly number[]): Fragment {
  for (const id of ids) {
    if (!Number.isInteger(id)) {
      throw badRequest(`Invalid program_activity id ${id}: expected an integer.`, [{ path: '/body/filters/program_activity', message: 'integer expected', code: 'type' }]);
    }
  }
  return overlaps('program_activity_ids', unique(ids), 'int4');
}

/**
 * Compiles `filters` into one boolean SQL fragment over the unaliased columns of the level's table
 * (award_search, transaction_search or subaward_search); throws ApiError (400/422) for semantically invalid
 * filters. Values inside one filter are OR-ed, filters are AND-ed (tas_codes OR treasury_account_components).
 * No filter at all compiles to TRUE. Subaward conditions on prime-award facts reference
 * `subaward_search.award_id`, so the subaward table must not be aliased by the caller.
 */
export function compileFilters(filters: AdvancedFilter, level: SpendingLevel, context: FilterContext): Fragment {
  return compileFilterSet(filters, level, context).where;
}

/**
 * compileFilters plus what the condition reads (FilterNeeds): each filter is interpreted here once, and
 * the planner and the ranking tables decide which relation can answer from `needs`, never from the
 * filter object. A key's columns are listed next to the fragment that reads them, so they cannot drift.
 */
export function compileFilterSet(filters: AdvancedFilter, level: SpendingLevel, context: FilterContext): CompiledFilters {
  const c = LEVEL_COLUMNS[level];
  const f = filters;
  const keys: string[] = [];
  const base = conditionSet();
  const summary = conditionSet();
  let periods: PeriodNeed[] = [];
  let defCodes: string[] = [];
  let awardTypeCodes: string[] | null = null;
  /**
   * Records one compiled filter: `reads` = the row columns it reads, or 'base' when only the base table can
   * answer; `onSummary`, where summaries evaluate the filter with another condition, that condition and its reads.
   */
  const add = (key: string, fragment: Fragment, reads: Reads, onSummary?: { fragment: Fragment; reads: Reads }) => {
    if (fragment === TRUE) return;
    if (!keys.includes(key)) keys.push(key);
    base.add(key, fragment, reads);
    summary.add(key, onSummary?.fragment ?? fragment, onSummary?.reads ?? reads);
  };
  // Columns a filter reads on the row itself, or 'base' where it reads another table (prime award facts).
  const own = (reads: readonly string[], onPrime: boolean) => (onPrime ? 'base' : reads);

  if (given(f.time_period)) {
    validateTimePeriods(f.time_period, context.minDate ?? SEARCH_MIN_DATE);
    periods = f.time_period.map((p) => ({ columns: periodColumns(p, level, c.actionDate), start: p.start_date, end: p.end_date, dateType: p.date_type ?? 'action_date' }));
    // Subaward periods on the prime award's dates probe award_search.
    add('time_period', timePeriodFilter(f.time_period, level, c), periods.some((p) => p.columns.length === 0) ? 'base' : []);
  }
  if (given(f.award_type_codes)) {
    awardTypeCodes = unique(f.award_type_codes);
    add('award_type_codes', awardTypeFilter(f.award_type_codes, c), [c.type]);
  }
  if (given(f.agencies)) add('agencies', agenciesFilter(f.agencies), agencyColumns(f.agencies));
  const keywords = searchKeywords(f);
  // Keyword and text filters narrow through a keyword document (another function, for transactions another table).
  if (given(keywords)) add('keywords', keywordsFilter(keywords, c), 'base');
  if (given(f.description)) add('description', descriptionFilter(f.description, c), 'base');
  if (given(f.place_of_performance_scope)) add('place_of_performance_scope', scopeFilter(f.place_of_performance_scope, c.pop), [c.pop.country]);
  if (given(f.place_of_performance_locations)) {
    const locations = f.place_of_performance_locations;
    add('place_of_performance_locations', locationsFilter(locations, c.pop, 'place_of_performance_locations'), locationNeeds(locations, c.pop));
  }
  if (given(f.recipient_scope)) add('recipient_scope', scopeFilter(f.recipient_scope, c.recipientLocation), [c.recipientLocation.country]);
  if (given(f.recipient_locations)) {
    const locations = f.recipient_locations;
    add('recipient_locations', locationsFilter(locations, c.recipientLocation, 'recipient_locations'), locationNeeds(locations, c.recipientLocation));
  }
  if (given(f.recipient_search_text)) {
    // The base tables narrow through the keyword document; summaries keeping the recipient text key match keys.
    const onSummary = level === 'subawards' ? undefined : { fragment: recipientSearchTextKeyFilter(f.recipient_search_text, c), reads: [RECIPIENT_TEXT_KEY] };
    add('recipient_search_text', recipientSearchTextFilter(f.recipient_search_text, c), 'base', onSummary);
  }
  // P reads parent_recipient_hash, C and R recipient_hash and whether parent_uei is set: listing all three
  // keeps the answer independent of the id's level (validated by the compiler).
  if (given(f.recipient_id)) add('recipient_id', recipientIdFilter(f.recipient_id, level), ['recipient_hash', 'parent_recipient_hash', 'parent_uei']);
  if (given(f.recipient_type_names)) add('recipient_type_names', overlaps('business_categories', unique(f.recipient_type_names)), ['business_categories']);
  if (given(f.award_ids)) add('award_ids', awardIdsFilter(f.award_ids, c), c.awardIdColumns);
  if (given(f.award_amounts)) add('award_amounts', awardAmountsFilter(f.award_amounts, c), own([c.amount], c.amountOnAward));
  if (given(f.program_numbers)) add('program_numbers', programNumbersFilter(f.program_numbers, c), [c.cfda]);
  if (given(f.naics_codes)) add('naics_codes', naicsFilter(f.naics_codes), ['naics_code']);
  if (given(f.psc_codes)) add('psc_codes', pscFilter(f.psc_codes), ['product_or_service_code']);
  if (given(f.tas_codes) || given(f.treasury_account_components)) add('tas_codes', tasFilter(f.tas_codes, f.treasury_account_components), 'base');
  const contract = (key: string, column: string, codes: readonly string[]) =>
    add(key, contractCodeFilter(column, codes, c), own([column], c.contractDetailsOnPrime));
  if (given(f.contract_pricing_type_codes)) contract('contract_pricing_type_codes', 'type_of_contract_pricing', f.contract_pricing_type_codes);
  if (given(f.set_aside_type_codes)) contract('set_aside_type_codes', 'type_set_aside', f.set_aside_type_codes);
  if (given(f.extent_competed_type_codes)) contract('extent_competed_type_codes', 'extent_competed', f.extent_competed_type_codes);
  if (given(f.object_class)) add('object_class', overlaps('object_classes', unique(f.object_class)), ['object_classes']);
  if (given(f.program_activity)) add('program_activity', programActivityIdsFilter(f.program_activity), ['program_activity_ids']);
  if (given(f.program_activities)) add('program_activities', programActivitiesFilter(f.program_activities as ProgramActivityFilter[]), 'base');
  if (given(f.def_codes)) {
    defCodes = unique(f.def_codes.map((code) => code.trim().toUpperCase()).filter((code) => code !== ''));
    // Besides the array, grouped codes compare the level's date with their enactment date (transactions,
    // subawards) or award totals (awards): summaries that keep the array store step dates for exactly that.
    add('def_codes', defCodesFilter(f.def_codes, level, context), ['disaster_emergency_fund_codes']);
  }

  const needs = (set: ConditionSet): FilterNeeds => ({ level, keys, columns: set.columns, baseOnly: set.baseOnly, periods, defCodes, awardTypeCodes });
  return {
    where: allOf(base.parts),
    needs: needs(base),
    summary: { where: allOf(summary.parts), needs: needs(summary) },
  };
}

/** What a filter reads on the row: its columns, or 'base' when only the level's base table can evaluate it. */
type Reads = readonly string[] | 'base';

interface ConditionSet {
  parts: Fragment[];
  columns: Record<string, readonly string[]>;
  baseOnly: string[];
  add(key: string, fragment: Fragment, reads: Reads): void;
}

/** The conditions of one compiled variant (base tables or summaries) and what they read, per filter key. */
function conditionSet(): ConditionSet {
  const set: ConditionSet = {
    parts: [],
    columns: {},
    baseOnly: [],
    add(key, fragment, reads) {
      set.parts.push(fragment);
      if (reads === 'base') {
        if (!set.baseOnly.includes(key)) set.baseOnly.push(key);
      } else set.columns[key] = [...new Set([...(set.columns[key] ?? []), ...reads])];
    },
  };
  return set;
}

/** Columns an agencies filter compares (see agenciesFilter): the name column of each type and tier, and the toptier name of scoped subtiers. */
function agencyColumns(agencies: readonly AgencyFilter[]): string[] {
  return unique(
    agencies.flatMap((a) => [`${a.type}_${a.tier}_agency_name`, ...(a.tier === 'subtier' && a.toptier_name ? [`${a.type}_toptier_agency_name`] : [])]),
  );
}

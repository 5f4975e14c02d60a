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
import { recipientIdFilter, recipientSearchTextFilter } from './recipient.filter';
import { allOf, anyOf, col, equalsAny, escapeLike, FALSE, overlaps, qualified, TRUE, unique, type Fragment } from './sql-helpers';
import { tasFilter } from './tas.filter';
import { SEARCH_MIN_DATE, timePeriodFilter, validateTimePeriods } from './time-period.filter';
import type { AdvancedFilter, FilterContext, ProgramActivityFilter, SpendingLevel } from './types';

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
  const c = LEVEL_COLUMNS[level];
  const f = filters;
  const parts: Fragment[] = [];

  if (given(f.time_period)) {
    validateTimePeriods(f.time_period, context.minDate ?? SEARCH_MIN_DATE);
    parts.push(timePeriodFilter(f.time_period, level, c));
  }
  if (given(f.award_type_codes)) parts.push(awardTypeFilter(f.award_type_codes, c));
  if (given(f.agencies)) parts.push(agenciesFilter(f.agencies));
  const keywords = searchKeywords(f);
  if (given(keywords)) parts.push(keywordsFilter(keywords, c));
  if (given(f.description)) parts.push(descriptionFilter(f.description, c));
  if (given(f.place_of_performance_scope)) parts.push(scopeFilter(f.place_of_performance_scope, c.pop));
  if (given(f.place_of_performance_locations)) parts.push(locationsFilter(f.place_of_performance_locations, c.pop, 'place_of_performance_locations'));
  if (given(f.recipient_scope)) parts.push(scopeFilter(f.recipient_scope, c.recipientLocation));
  if (given(f.recipient_locations)) parts.push(locationsFilter(f.recipient_locations, c.recipientLocation, 'recipient_locations'));
  if (given(f.recipient_search_text)) parts.push(recipientSearchTextFilter(f.recipient_search_text, c));
  if (given(f.recipient_id)) parts.push(recipientIdFilter(f.recipient_id, level));
  if (given(f.recipient_type_names)) parts.push(overlaps('business_categories', unique(f.recipient_type_names)));
  if (given(f.award_ids)) parts.push(awardIdsFilter(f.award_ids, c));
  if (given(f.award_amounts)) parts.push(awardAmountsFilter(f.award_amounts, c));
  if (given(f.program_numbers)) parts.push(programNumbersFilter(f.program_numbers, c));
  if (given(f.naics_codes)) parts.push(naicsFilter(f.naics_codes));
  if (given(f.psc_codes)) parts.push(pscFilter(f.psc_codes));
  if (given(f.tas_codes) || given(f.treasury_account_components)) parts.push(tasFilter(f.tas_codes, f.treasury_account_components));
  if (given(f.contract_pricing_type_codes)) parts.push(contractCodeFilter('type_of_contract_pricing', f.contract_pricing_type_codes, c));
  if (given(f.set_aside_type_codes)) parts.push(contractCodeFilter('type_set_aside', f.set_aside_type_codes, c));
  if (given(f.extent_competed_type_codes)) parts.push(contractCodeFilter('extent_competed', f.extent_competed_type_codes, c));
  if (given(f.object_class)) parts.push(overlaps('object_classes', unique(f.object_class)));
  if (given(f.program_activity)) parts.push(programActivityIdsFilter(f.program_activity));
  if (given(f.program_activities)) parts.push(programActivitiesFilter(f.program_activities as ProgramActivityFilter[]));
  if (given(f.def_codes)) parts.push(defCodesFilter(f.def_codes, level, context));

  return allOf(parts.filter((p) => p !== TRUE));
}

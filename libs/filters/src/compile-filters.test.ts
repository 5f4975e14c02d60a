/**
 * Golden tests of the filter compiler: every file in test/golden holds cases of a filter object, a
 * spending level and either the expected SQL text with its bound values or the expected error.
 * After a deliberate change of the SQL, regenerate with `UPDATE_GOLDEN=1 npx jest libs/filters/src`
 * and review the diff of the JSON files like code.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '@usas/errors';
import { renderFragment } from '../test/render-fragment';
import { compileFilterSet, compileFilters } from './compile-filters';
import type { AdvancedFilter, FilterContext, SpendingLevel } from './types';

interface GoldenCase {
  name: string;
  level: SpendingLevel;
  filters: Record<string, unknown>;
  context?: Partial<FilterContext>;
  sql?: string;
  values?: unknown[];
  error?: { status: number; detail: string };
}

const GOLDEN_DIR = path.join(__dirname, '..', 'test', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** Enactment dates of the fixtures upstream's tests use (COVID-19 2020-03-06, IIJA 2021-11-15). */
const GOLDEN_CONTEXT: FilterContext = {
  defCodeEnactment: { L: '2020-03-06', M: '2020-03-06', N: '2020-03-06', O: '2020-03-06', P: '2020-03-06', U: '2020-03-06', V: '2021-03-11', Z: '2021-11-15' },
  defCodeGroup: { L: 'covid_19', M: 'covid_19', N: 'covid_19', O: 'covid_19', P: 'covid_19', U: 'covid_19', V: 'covid_19', Z: 'infrastructure' },
};

function run(c: GoldenCase): Pick<GoldenCase, 'sql' | 'values' | 'error'> {
  try {
    const rendered = renderFragment(compileFilters(c.filters as AdvancedFilter, c.level, { ...GOLDEN_CONTEXT, ...c.context }));
    return { sql: rendered.sql, values: rendered.values };
  } catch (e) {
    if (e instanceof ApiError) return { error: { status: e.status, detail: e.message } };
    throw e;
  }
}

const files = readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.json')).sort();

describe.each(files)('golden %s', (file) => {
  const fullPath = path.join(GOLDEN_DIR, file);
  const cases = JSON.parse(readFileSync(fullPath, 'utf8')) as GoldenCase[];

  if (UPDATE) {
    afterAll(() => {
      const updated = cases.map((c) => {
        const { sql, values, error, ...input } = c;
        void sql;
        void values;
        void error;
        return { ...input, ...run(c) };
      });
      writeFileSync(fullPath, `${JSON.stringify(updated, null, 2)}\n`);
    });
  }

  it.each(cases.map((c) => [`${c.level}: ${c.name}`, c] as const))('%s', (_label, c) => {
    if (UPDATE) return;
    const actual = run(c);
    if (c.error) {
      expect(actual.error).toEqual(c.error);
    } else {
      expect(actual.error).toBeUndefined();
      expect(actual.sql).toBe(c.sql);
      expect(actual.values).toEqual(c.values);
    }
  });
});

describe('compiled needs', () => {
  const needs = (filters: object, level: SpendingLevel = 'transactions') => compileFilterSet(filters as AdvancedFilter, level, GOLDEN_CONTEXT).needs;

  it('lists the row columns each condition reads, only for filters that compiled to one', () => {
    const n = needs({
      agencies: [{ type: 'awarding', tier: 'subtier', name: 'X', toptier_name: 'Y' }],
      place_of_performance_locations: [{ country: 'USA', state: 'CA', county: '001' }],
      naics_codes: { require: ['54'] },
      program_numbers: [' '],
      keywords: ['  '],
    });
    expect(n.keys).toEqual(['agencies', 'place_of_performance_locations', 'naics_codes']);
    expect(n.columns).toEqual({
      agencies: ['awarding_subtier_agency_name', 'awarding_toptier_agency_name'],
      place_of_performance_locations: ['pop_country_code', 'pop_state_code', 'pop_county_code'],
      naics_codes: ['naics_code'],
    });
    expect(n.baseOnly).toEqual([]);
  });

  it('marks conditions that read beyond the row as base-only', () => {
    expect(needs({ recipient_search_text: ['acme'], keywords: ['support'], award_amounts: [{ lower_bound: 1 }] }).baseOnly).toEqual([
      'keywords',
      'recipient_search_text',
      'award_amounts',
    ]);
    expect(needs({ award_amounts: [{ lower_bound: 1 }] }, 'awards')).toMatchObject({ baseOnly: [], columns: { award_amounts: ['award_amount'] } });
    expect(needs({ time_period: [{ start_date: '2019-10-01', end_date: '2020-09-30', date_type: 'date_signed' }] }, 'subawards').baseOnly).toEqual(['time_period']);
  });

  it('describes periods, DEF codes and award types as compiled', () => {
    const n = needs({ time_period: [{ start_date: '2019-10-01', end_date: '2020-09-30', date_type: 'new_awards_only' }], def_codes: [' l', 'L', 'm'], award_type_codes: ['A', 'A', 'B'] });
    expect(n.periods).toEqual([{ columns: ['action_date', 'award_date_signed'], start: '2019-10-01', end: '2020-09-30', dateType: 'new_awards_only' }]);
    expect(n.defCodes).toEqual(['L', 'M']);
    expect(n.awardTypeCodes).toEqual(['A', 'B']);
    expect(needs({}, 'awards')).toEqual({ level: 'awards', keys: [], columns: {}, baseOnly: [], periods: [], defCodes: [], awardTypeCodes: null });
  });
});

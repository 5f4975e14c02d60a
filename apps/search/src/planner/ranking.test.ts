import { AWARD_TYPE_GROUPS, compileFilterSet, type AdvancedFilter, type SpendingLevel } from '@usas/filters';
import { ALL_YEARS, rankingSlice } from './ranking';

/** The slice for a filter object, decided from its compiled needs as the planner does. */
const slice = (level: SpendingLevel, filters: object) => rankingSlice(compileFilterSet(filters as AdvancedFilter, level, { defCodeEnactment: {} }).needs);

const FY2020 = { start_date: '2019-10-01', end_date: '2020-09-30' };

describe('recipient ranking eligibility', () => {
  it('takes one whole fiscal year with one award type group or none', () => {
    expect(slice('transactions', { time_period: [FY2020], award_type_codes: ['D', 'C', 'B', 'A'] })).toEqual({
      actionDates: ['2019-10-01'],
      awardTypeGroup: 'contracts',
    });
    expect(slice('transactions', { time_period: [{ ...FY2020, date_type: 'action_date' }] })).toEqual({ actionDates: ['2019-10-01'], awardTypeGroup: 'all' });
    expect(slice('transactions', { time_period: [FY2020], award_type_codes: [], keywords: [] })).toEqual({ actionDates: ['2019-10-01'], awardTypeGroup: 'all' });
  });

  it('sums the slices of several whole fiscal years', () => {
    expect(slice('transactions', { time_period: [{ start_date: '2018-10-01', end_date: '2020-09-30' }] })).toEqual({
      actionDates: ['2018-10-01', '2019-10-01'],
      awardTypeGroup: 'all',
    });
    expect(slice('transactions', { time_period: [{ start_date: '2018-10-01', end_date: '2021-09-30' }], award_type_codes: [...AWARD_TYPE_GROUPS.loans] })).toEqual({
      actionDates: ['2018-10-01', '2019-10-01', '2020-10-01'],
      awardTypeGroup: 'loans',
    });
    expect(slice('transactions', { time_period: [{ start_date: '2018-10-01', end_date: '2020-08-31' }] })).toBeNull();
  });

  it('takes requests without a time period to the all-years slice', () => {
    expect(slice('transactions', {})).toEqual({ actionDates: [ALL_YEARS], awardTypeGroup: 'all' });
    expect(slice('transactions', { award_type_codes: [...AWARD_TYPE_GROUPS.grants] })).toEqual({ actionDates: [ALL_YEARS], awardTypeGroup: 'grants' });
    expect(slice('transactions', { award_type_codes: ['A'] })).toBeNull();
  });

  it('refuses every other shape', () => {
    expect(slice('awards', { time_period: [FY2020] })).toBeNull();
    expect(slice('transactions', { time_period: [{ start_date: '2019-10-02', end_date: '2020-09-30' }] })).toBeNull();
    expect(slice('transactions', { time_period: [FY2020, FY2020] })).toBeNull();
    expect(slice('transactions', { time_period: [{ ...FY2020, date_type: 'date_signed' }] })).toBeNull();
    expect(slice('transactions', { time_period: [FY2020], award_type_codes: ['A', 'B', 'C'] })).toBeNull();
    expect(slice('transactions', { time_period: [FY2020], award_type_codes: ['A', 'B', 'C', 'D', '02'] })).toBeNull();
    expect(slice('transactions', { time_period: [FY2020], recipient_scope: 'domestic' })).toBeNull();
  });
});

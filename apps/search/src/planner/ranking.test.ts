import { rankingSlice } from './ranking';

const FY2020 = { start_date: '2019-10-01', end_date: '2020-09-30' };

describe('recipient ranking eligibility', () => {
  it('takes one whole fiscal year with one award type group or none', () => {
    expect(rankingSlice('transactions', { time_period: [FY2020], award_type_codes: ['D', 'C', 'B', 'A'] })).toEqual({
      fiscalYearStart: '2019-10-01',
      awardTypeGroup: 'contracts',
    });
    expect(rankingSlice('transactions', { time_period: [{ ...FY2020, date_type: 'action_date' }] })).toEqual({ fiscalYearStart: '2019-10-01', awardTypeGroup: 'all' });
    expect(rankingSlice('transactions', { time_period: [FY2020], award_type_codes: [], keywords: [] })).toEqual({ fiscalYearStart: '2019-10-01', awardTypeGroup: 'all' });
  });

  it('refuses every other shape', () => {
    expect(rankingSlice('awards', { time_period: [FY2020] })).toBeNull();
    expect(rankingSlice('transactions', {})).toBeNull();
    expect(rankingSlice('transactions', { time_period: [{ start_date: '2018-10-01', end_date: '2020-09-30' }] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [{ start_date: '2019-10-02', end_date: '2020-09-30' }] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [FY2020, FY2020] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [{ ...FY2020, date_type: 'date_signed' }] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [FY2020], award_type_codes: ['A', 'B', 'C'] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [FY2020], award_type_codes: ['A', 'B', 'C', 'D', '02'] })).toBeNull();
    expect(rankingSlice('transactions', { time_period: [FY2020], recipient_scope: 'domestic' })).toBeNull();
  });
});

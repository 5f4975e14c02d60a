import { timePeriodBounds } from './time-period.filter';

describe('timePeriodBounds', () => {
  it('defaults to the upstream window without time_period', () => {
    expect(timePeriodBounds({})).toEqual({ start: '2007-10-01', end: '2027-09-30' });
    expect(timePeriodBounds({ time_period: [] })).toEqual({ start: '2007-10-01', end: '2027-09-30' });
  });

  it('takes the earliest start and the latest end over all periods', () => {
    expect(
      timePeriodBounds({
        time_period: [
          { start_date: '2019-10-01', end_date: '2020-09-30' },
          { start_date: '2016-10-01', end_date: '2017-09-30' },
          { start_date: '2021-10-01', end_date: '2022-09-30' },
        ],
      }),
    ).toEqual({ start: '2016-10-01', end: '2022-09-30' });
  });

  it('accepts caller defaults for open bounds', () => {
    expect(timePeriodBounds({ time_period: [{ start_date: '', end_date: '2020-01-31' }] }, { start: '2010-01-01', end: '2024-09-30' })).toEqual({
      start: '2010-01-01',
      end: '2020-01-31',
    });
  });
});

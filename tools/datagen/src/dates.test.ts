import { addMonths, dayFromParts, dayOf, fiscalMonthOf, fiscalYearOf, isoDay, partsOf } from './dates';

/** The same helpers computed through a Date on every call, as they were before their caches. */
const MS_PER_DAY = 86_400_000;
const reference = {
  isoDay: (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10),
  partsOf: (day: number): [number, number, number] => {
    const d = new Date(day * MS_PER_DAY);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  },
  addMonths: (day: number, months: number) => {
    const [y, m, d] = reference.partsOf(day);
    const index = y * 12 + (m - 1) + months;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return dayFromParts(year, month, Math.min(d, lastDay));
  },
};

describe('dates: cached helpers', () => {
  it('format, split and add months as PostgreSQL dates do', () => {
    expect(isoDay(dayOf('2024-02-29'))).toBe('2024-02-29');
    expect(partsOf(dayOf('2019-10-01'))).toEqual([2019, 10, 1]);
    expect(fiscalYearOf(dayOf('2019-10-01'))).toBe(2020);
    expect(fiscalYearOf(dayOf('2019-09-30'))).toBe(2019);
    expect(fiscalMonthOf(dayOf('2019-10-01'))).toBe(1);
    // clamped to the end of a shorter month, like date + interval '3 months'
    expect(isoDay(addMonths(dayOf('2023-11-30'), 3))).toBe('2024-02-29');
    expect(isoDay(addMonths(dayOf('2024-05-31'), -3))).toBe('2024-02-29');
    expect(isoDay(addMonths(dayOf('2024-01-31'), 1))).toBe('2024-02-29');
  });

  it('give what a Date gives, first call and cached, inside and outside the cached days', () => {
    // 1969 (before the cache) to 2150 (after it), every 7th day, each twice: computed, then from the cache
    for (let pass = 0; pass < 2; pass += 1) {
      for (let day = -400; day <= 65_900; day += 7) {
        expect(isoDay(day)).toBe(reference.isoDay(day));
        const parts = reference.partsOf(day);
        expect(partsOf(day)).toEqual(parts);
        expect(fiscalYearOf(day)).toBe(parts[1] >= 10 ? parts[0] + 1 : parts[0]);
        for (const months of [3, -2, 13]) expect(addMonths(day, months)).toBe(reference.addMonths(day, months));
      }
    }
  });
});

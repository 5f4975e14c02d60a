import { EARLIEST_DATE_MESSAGE } from '@usas/filters';
import { searchMessages } from './messages';
import { pageMetadata, paging } from './paging';
import { slugify } from './slugify';

describe('search messages', () => {
  it('always start with the earliest-date note and name unused filters like upstream', () => {
    expect(searchMessages({ time_period: [] })).toEqual([EARLIEST_DATE_MESSAGE]);
    expect(searchMessages({ keywords: ['x'], zeta: 1, alpha: 2 }, ['extra'], ['keywords'])).toEqual([
      EARLIEST_DATE_MESSAGE,
      "The following filters from the request were not used: {'alpha', 'keywords', 'zeta'}. See https://api.usaspending.gov/docs/endpoints for a list of appropriate filters",
      'extra',
    ]);
  });
});

describe('paging and slugs', () => {
  it('derives page metadata from a fetch of limit + 1 rows', () => {
    const p = paging({ page: 3, limit: 5 });
    expect(p.offset).toBe(10);
    expect(pageMetadata(6, p)).toEqual({ page: 3, next: 4, previous: 2, hasNext: true, hasPrevious: true });
    expect(pageMetadata(2, paging({}))).toEqual({ page: 1, next: null, previous: null, hasNext: false, hasPrevious: false });
  });

  it('slugifies agency names as Django does', () => {
    expect(slugify('Department of Health and Human Services')).toBe('department-of-health-and-human-services');
    expect(slugify('Office of the U.S. Trade Representative')).toBe('office-of-the-us-trade-representative');
    expect(slugify("  Café -- Agency's  Bureau ")).toBe('cafe-agencys-bureau');
  });
});

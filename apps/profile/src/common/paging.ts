import { sql, type FragmentSqlToken } from 'slonik';

/** Paging input (the gateway has checked the ranges and applied the defaults). */
export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

/** Page metadata of the profile lists: page, next, previous, hasNext, hasPrevious. */
export interface PageMetadata {
  page: number;
  next: number | null;
  previous: number | null;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Normalises `page`/`limit` with the given default limit. */
export function paging(body: { page?: number | undefined; limit?: number | undefined }, defaultLimit = 10): Paging {
  const page = body.page ?? 1;
  const limit = body.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** Metadata from the total number of rows of the list. */
export function pageMetadataOfTotal(total: number, p: Paging): PageMetadata {
  const hasNext = p.page * p.limit < total;
  const hasPrevious = p.page > 1;
  return { page: p.page, next: hasNext ? p.page + 1 : null, previous: hasPrevious ? p.page - 1 : null, hasNext, hasPrevious };
}

/** `LIMIT … OFFSET …` of a page. */
export function pageFragment(p: Paging): FragmentSqlToken {
  return sql.fragment`LIMIT ${p.limit} OFFSET ${p.offset}`;
}

/** ASC or DESC, with nulls last either way (upstream's lists put missing values at the end). */
export function direction(order: 'asc' | 'desc' | undefined): FragmentSqlToken {
  return order === 'asc' ? sql.fragment`ASC NULLS LAST` : sql.fragment`DESC NULLS LAST`;
}

/** Upstream's legacy page metadata: a total count and links that are the page's query string (`link(page)`). */
export function linkedPageMetadata(count: number, page: number, limit: number, link: (page: number) => string) {
  const hasNext = page * limit < count;
  return {
    count,
    page,
    has_next_page: hasNext,
    has_previous_page: page > 1,
    next: hasNext ? link(page + 1) : null,
    current: link(page),
    previous: page > 1 ? link(page - 1) : null,
  };
}

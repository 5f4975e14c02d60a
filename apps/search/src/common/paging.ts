/** Page metadata shared by the paged search endpoints (page, next, previous, hasNext, hasPrevious). */
export interface PageMetadata {
  page: number;
  next: number | null;
  previous: number | null;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Paging input with upstream's defaults (page 1, limit 10). */
export interface Paging {
  page: number;
  limit: number;
  /** Rows to skip before the page. */
  offset: number;
}

/** Normalises `page`/`limit` (the gateway has already checked their ranges). */
export function paging(body: { page?: number | undefined; limit?: number | undefined }): Paging {
  const page = body.page ?? 1;
  const limit = body.limit ?? 10;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * Metadata from a fetch of `limit + 1` rows: one row more than the page tells there is a next page
 * without counting the whole result (upstream's get_simple_pagination_metadata).
 */
export function pageMetadata(rowsFetched: number, p: Paging): PageMetadata {
  const hasNext = rowsFetched > p.limit;
  const hasPrevious = p.page > 1;
  return { page: p.page, next: hasNext ? p.page + 1 : null, previous: hasPrevious ? p.page - 1 : null, hasNext, hasPrevious };
}

import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { textPatterns } from '../search/search-text';

const PscRow = z.object({ product_or_service_code: z.string(), psc_description: z.string() });

/**
 * Codes are stored upper-case, so they are compared as stored (the code's text_pattern_ops index and
 * the description's trigram index then combine).
 *
 * Product and service codes by code prefix or description (contains): the exact code, then code
 * prefixes, then descriptions starting with the text, then the rest; ties by code.
 */
export async function searchPscCodes(db: CommonQueryMethods, text: string, limit: number) {
  const p = textPatterns(text);
  return db.any(sql.type(PscRow)`
    SELECT c.code AS product_or_service_code, coalesce(c.description, '') AS psc_description
    FROM psc c
    WHERE c.code LIKE ${p.prefix} OR upper(c.description) LIKE ${p.contains}
    ORDER BY
      CASE WHEN c.code = ${p.exact} THEN 0 WHEN c.code LIKE ${p.prefix} THEN 1
           WHEN upper(c.description) LIKE ${p.prefix} THEN 2 ELSE 3 END,
      c.code COLLATE "C"
    LIMIT ${limit}
  `);
}

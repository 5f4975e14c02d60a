import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { escapeLike, MIN_CONTAINS_LENGTH, textPatterns } from '../search/search-text';

const RecipientRow = z.object({
  recipient_name: z.string().nullable(),
  recipient_level: z.string().nullable(),
  uei: z.string().nullable(),
  duns: z.string().nullable(),
});

/**
 * Recipient profiles matching the text: name, UEI or DUNS equal to it (rank 0) or starting with it
 * (1), name containing it (2), name containing all of its words (3); ties by name, level.
 *
 * Strategy: each way of matching is its own subquery limited to `limit` rows in name order, so every
 * branch stops early on its index: the "C"-collated name/UEI/DUNS btrees (the baseline) give prefix
 * ranges already sorted, the trigram index serves the contains branches (3+ characters only).
 */
export async function searchRecipients(
  db: CommonQueryMethods,
  text: string,
  limit: number,
  levels: readonly string[] | undefined,
) {
  const p = textPatterns(text);
  const levelFilter =
    levels && levels.length > 0 ? sql.fragment`AND rp.recipient_level = ANY(${sql.array(levels, 'text')})` : sql.fragment``;
  const nameKey = sql.fragment`(upper(rp.recipient_name) COLLATE "C")`;
  const branches = [
    sql.fragment`(SELECT rp.id, CASE WHEN upper(rp.recipient_name) = ${p.exact} THEN 0 ELSE 1 END AS rank
       FROM recipient_profile rp WHERE ${nameKey} LIKE ${p.prefix} ${levelFilter} ORDER BY ${nameKey} LIMIT ${limit})`,
    sql.fragment`(SELECT rp.id, CASE WHEN upper(rp.uei) = ${p.exact} THEN 0 ELSE 1 END AS rank
       FROM recipient_profile rp WHERE (upper(rp.uei) COLLATE "C") LIKE ${p.prefix} ${levelFilter}
       ORDER BY (upper(rp.uei) COLLATE "C") LIMIT ${limit})`,
    sql.fragment`(SELECT rp.id, CASE WHEN rp.recipient_unique_id = ${text} THEN 0 ELSE 1 END AS rank
       FROM recipient_profile rp WHERE (rp.recipient_unique_id COLLATE "C") LIKE ${`${escapeLike(text)}%`} ${levelFilter}
       ORDER BY (rp.recipient_unique_id COLLATE "C") LIMIT ${limit})`,
  ];
  if (text.length >= MIN_CONTAINS_LENGTH) {
    branches.push(sql.fragment`(SELECT rp.id, 2 AS rank FROM recipient_profile rp
       WHERE upper(rp.recipient_name) LIKE ${p.contains} ${levelFilter} ORDER BY ${nameKey} LIMIT ${limit})`);
  }
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  if (words.length > 1 && words.some((w) => w.length >= MIN_CONTAINS_LENGTH)) {
    const all = sql.join(
      words.map((w) => sql.fragment`upper(rp.recipient_name) LIKE ('%' || upper(${escapeLike(w)}) || '%')`),
      sql.fragment` AND `,
    );
    branches.push(sql.fragment`(SELECT rp.id, 3 AS rank FROM recipient_profile rp WHERE ${all} ${levelFilter}
       ORDER BY ${nameKey} LIMIT ${limit})`);
  }
  return db.any(sql.type(RecipientRow)`
    WITH hits AS (${sql.join(branches, sql.fragment` UNION ALL `)})
    SELECT rp.recipient_name, rp.recipient_level, rp.uei, rp.recipient_unique_id AS duns
    FROM hits h
    JOIN recipient_profile rp ON rp.id = h.id
    GROUP BY rp.id
    ORDER BY min(h.rank), upper(rp.recipient_name) COLLATE "C", rp.recipient_level, rp.recipient_hash
    LIMIT ${limit}
  `);
}

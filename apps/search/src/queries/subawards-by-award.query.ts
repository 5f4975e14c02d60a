import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Paging } from '../common/paging';

const Row = z.object({
  award_id: z.string().nullable(),
  subaward_count: z.number(),
  award_generated_internal_id: z.string(),
  subaward_obligation: z.number(),
});
export type SubawardGroupRow = z.infer<typeof Row>;

const SORT: Record<string, FragmentSqlToken> = {
  award_id: sql.fragment`award_id`,
  subaward_count: sql.fragment`subaward_count`,
  award_generated_internal_id: sql.fragment`award_generated_internal_id`,
  subaward_obligation: sql.fragment`subaward_obligation`,
};

/** Selected subawards grouped by prime award: count and amount sum, one page (limit + 1 rows). */
export async function subawardsByAward(
  db: CommonQueryMethods,
  where: FragmentSqlToken,
  sort: string,
  order: 'asc' | 'desc',
  page: Paging,
): Promise<readonly SubawardGroupRow[]> {
  const direction = order === 'desc' ? sql.fragment`DESC` : sql.fragment`ASC`;
  return db.any(sql.type(Row)`
    SELECT max(award_piid_fain) AS award_id, count(*)::bigint AS subaward_count, unique_award_key AS award_generated_internal_id,
           coalesce(sum(subaward_amount), 0) AS subaward_obligation
    FROM subaward_search
    WHERE ${where} AND unique_award_key IS NOT NULL
    GROUP BY unique_award_key
    ORDER BY ${SORT[sort] ?? SORT.award_id!} ${direction} NULLS LAST, award_generated_internal_id ${direction}
    LIMIT ${page.limit + 1} OFFSET ${page.offset}
  `);
}

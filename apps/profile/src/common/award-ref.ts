import { badRequest, notFound } from '@usas/errors';
import type { CommonQueryMethods } from 'slonik';
import { findAwardById, findAwardByKey, type AwardRef } from '../queries/find-award.query';

const GENERATED_ID = /^(CONT_AWD|CONT_IDV|ASST_NON|ASST_AGG)_[^\s\u0000-\u001f]+$/i;
const MAX_INTERNAL_ID = 9_007_199_254_740_991;

/**
 * Resolves an award id as upstream accepts it: the generated unique award id, or the internal numeric id
 * (a number, or a string of digits). Anything else is a 400; an id that names no award is a 404.
 */
export async function resolveAward(db: CommonQueryMethods, raw: string | number | undefined): Promise<AwardRef> {
  if (raw === undefined || raw === '') throw badRequest("Missing value: 'award_id' is a required field.");
  const text = String(raw).trim();
  let award: AwardRef | null;
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    award = id <= MAX_INTERNAL_ID ? await findAwardById(db, id) : null;
  } else if (GENERATED_ID.test(text)) {
    award = await findAwardByKey(db, text);
  } else {
    throw badRequest(`Invalid value in 'award_id': '${text.slice(0, 100)}' is neither a generated award id nor an internal award id.`);
  }
  if (!award) throw notFound(`No award with id '${text.slice(0, 100)}'.`);
  return award;
}

/** Like resolveAward, but the award must be an IDV (404 otherwise, as upstream finds no IDV). */
export async function resolveIdv(db: CommonQueryMethods, raw: string | number | undefined): Promise<AwardRef> {
  const award = await resolveAward(db, raw);
  if (award.category !== 'idv') throw notFound(`No IDV with id '${String(raw).slice(0, 100)}'.`);
  return award;
}

import type { ResponseBody } from '@usas/api-types';
import { badRequest, notFound } from '@usas/errors';
import { jsonHandler } from '@usas/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { paging } from '../common/paging';
import { pathValue, queryValue } from '../common/request-values';
import {
  countRecipients,
  findParentHash,
  findParents,
  getRecipientProfile,
  listChildren,
  listRecipients,
  recipientRecentLoans,
  recipientIdExists,
  recipientTotals,
  summariesFresh,
} from '../queries/recipient.query';

const RECIPIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[pcr]$/i;

/** `year` of the recipient endpoints: a fiscal year, null for all time, or 'latest' (trailing 12 months). */
export function parseYear(raw: string | undefined): number | null | 'latest' {
  if (raw === undefined || raw === '' || raw === 'latest') return 'latest';
  if (raw === 'all') return null;
  if (!/^(19|20)\d{2}$/.test(raw)) throw badRequest(`Invalid value in 'year': '${raw.slice(0, 20)}' is not a fiscal year, 'all' or 'latest'.`);
  return Number(raw);
}

/** POST /api/v2/recipient/ (and the deprecated recipient/duns/). */
export const listRecipientsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'listRecipients'>(async (req) => {
    const body = req.body;
    const p = paging(body, 50);
    const awardType = body.award_type ?? 'all';
    const [rows, total] = await Promise.all([
      listRecipients(db, body.keyword, awardType, body.sort ?? 'amount', body.order ?? 'desc', p),
      countRecipients(db, body.keyword, awardType),
    ]);
    return { page_metadata: { page: p.page, limit: p.limit, total }, results: [...rows] };
  });

/** POST /api/v2/recipient/count/ */
export const countRecipientsRoute = (db: CommonQueryMethods) =>
  jsonHandler<'countRecipients'>(async (req) => {
    const body = req.body;
    return { count: await countRecipients(db, body.keyword, body.award_type ?? 'all') };
  });

/** GET /api/v2/recipient/{recipient_id}/?year (and the deprecated recipient/duns/{recipient_id}/). */
export const recipientRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'getRecipient'>> => {
    const id = pathValue(req, 'recipient_id');
    if (!RECIPIENT_ID.test(id)) throw badRequest(`Invalid value in 'recipient_id': '${id.slice(0, 60)}' is not a recipient hash with a level (-P, -C or -R).`);
    const hash = id.slice(0, 36).toLowerCase();
    const level = id.slice(37).toUpperCase() as 'P' | 'C' | 'R';
    const row = await getRecipientProfile(db, hash, level);
    if (!row) throw notFound(`No recipient with id '${id}'.`);
    const year = parseYear(queryValue(req, 'year'));
    let totals: { amount: number; transactions: number; loan_amount: number; loan_transactions: number };
    if (year === 'latest') {
      totals = { amount: row.last_12_months, transactions: row.last_12_months_count, ...(await recipientRecentLoans(db, hash, level)) };
    } else {
      totals = await recipientTotals(db, hash, level, year, await summariesFresh(db));
    }
    const parents = level === 'C' ? await findParents(db, row.affiliations) : [];
    const first = parents[0];
    return {
      name: row.name,
      alternate_names: row.alternate_names ?? [],
      duns: row.duns,
      uei: row.uei,
      recipient_id: `${row.recipient_hash}-${row.recipient_level}`,
      recipient_level: row.recipient_level,
      parents: [...parents],
      parent_name: first?.parent_name ?? (level === 'C' ? row.parent_name : null),
      parent_duns: first?.parent_duns ?? (level === 'C' ? row.parent_duns : null),
      parent_id: first?.parent_id ?? null,
      parent_uei: first?.parent_uei ?? (level === 'C' ? row.parent_uei : null),
      location: {
        address_line1: row.address_line1,
        address_line2: row.address_line2,
        address_line3: null,
        foreign_province: null,
        city_name: row.city_name,
        county_name: null,
        state_code: row.state_code,
        zip: row.zip,
        zip4: row.zip4,
        foreign_postal_code: null,
        country_name: row.country_name,
        country_code: row.country_code,
        congressional_code: row.congressional_code,
      },
      business_types: row.business_types ?? [],
      total_transaction_amount: totals.amount,
      total_transactions: totals.transactions,
      total_face_value_loan_amount: totals.loan_amount,
      total_face_value_loan_transactions: totals.loan_transactions,
    };
  });

/** GET /api/v2/recipient/children/{duns_or_uei}/?year */
export const recipientChildrenRoute = (db: CommonQueryMethods) =>
  jsonHandler(async (req): Promise<ResponseBody<'listRecipientChildren'>> => {
    const key = pathValue(req, 'duns_or_uei');
    const parentHash = await findParentHash(db, key);
    if (!parentHash) {
      // A recipient that is no one's parent has no children; an id no recipient has is unknown.
      if (await recipientIdExists(db, key)) return [];
      throw notFound(`No recipient with DUNS or UEI '${key}'.`);
    }
    const year = parseYear(queryValue(req, 'year'));
    const fresh = year === 'latest' ? false : await summariesFresh(db);
    return [...(await listChildren(db, parentHash, year, fresh))];
  });
